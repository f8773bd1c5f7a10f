// Every page of the console, as a visitor and signed in, at 360 and 1280 pixels, in the light
// and the dark theme: a screenshot of each (test-artifacts/console/), nothing wider than the
// screen, no console error, and axe-core (WCAG 2.1 A and AA rules) with no serious or critical
// violation. Also the landing page's demonstration, end to end, without an account.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import AxeBuilder from '@axe-core/playwright';
import OpenAI from 'openai';
import type { Browser, Page } from 'playwright-core';
import { requires } from '../helpers/requirements.js';
import {
  ARTIFACTS,
  launch,
  NO_BROWSER,
  PAGE_TIMEOUT,
  type Running,
  startGateway,
  svc,
  watchProblems,
} from './browser.js';

const PASSWORD = 'senha forte das paginas 2026';
const CPF = '529.982.247-25';
const skip = requires(NO_BROWSER);

type Theme = 'light' | 'dark';

/** What a page shows once it is ready (so the checks see it drawn, not loading). */
interface Visit {
  name: string;
  path: string;
  ready: (page: Page) => Promise<unknown>;
}

const heading = (name: string) => (page: Page) =>
  page.getByRole('heading', { level: 1, name, exact: true }).waitFor();

const VISITOR: Visit[] = [
  {
    name: 'inicio',
    path: '/',
    ready: (p) => p.getByRole('heading', { name: 'Experimente a barreira' }).waitFor(),
  },
  { name: 'entrar', path: '/entrar', ready: heading('Entrar') },
  { name: 'cadastro', path: '/cadastro', ready: heading('Criar conta') },
  { name: 'senha', path: '/senha', ready: heading('Esqueci a senha') },
  { name: 'nova-senha', path: '/nova-senha', ready: heading('Nova senha') },
  { name: 'convite', path: '/convite', ready: heading('Aceitar convite') },
  {
    name: 'credito-visitante',
    path: '/credito',
    ready: (p) => p.getByText('Este servidor não vende crédito').waitFor(),
  },
  {
    name: 'vitrine',
    path: '/vitrine',
    ready: (p) => p.getByText(/ainda não foram publicados|atualizado em/).waitFor(),
  },
];

const MEMBER: Visit[] = [
  { name: 'painel', path: '/', ready: (p) => p.locator('.chart-plot canvas').first().waitFor() },
  // The per-key table ("painel" is the key's name) is the last part of Uso to arrive.
  { name: 'uso', path: '/uso', ready: (p) => p.getByRole('cell', { name: 'painel' }).waitFor() },
  {
    name: 'registro',
    path: '/registro',
    ready: (p) => p.getByRole('cell', { name: 'svc/eco' }).first().waitFor(),
  },
  {
    name: 'tratamento',
    path: '/tratamento',
    ready: (p) => p.getByRole('cell', { name: 'no próprio gateway' }).first().waitFor(),
  },
  {
    name: 'chaves',
    path: '/chaves',
    ready: (p) =>
      p
        .getByRole('cell')
        .filter({ hasText: /^painel$/ })
        .waitFor(),
  },
  { name: 'privacidade', path: '/privacidade', ready: heading('Privacidade') },
  {
    name: 'organizacao',
    path: '/organizacao',
    ready: (p) => p.getByRole('heading', { name: 'Acme' }).waitFor(),
  },
  {
    name: 'credito',
    path: '/credito',
    ready: (p) => p.getByText('Este servidor não vende crédito').waitFor(),
  },
  { name: 'perfil', path: '/perfil', ready: (p) => p.getByLabel('Fuso horário').waitFor() },
];

describe('every console page: screenshots, layout, axe-core', { skip }, () => {
  let gateway: Running;
  let browser: Browser;
  const problems: string[] = [];
  const violations: string[] = [];

  before(async () => {
    gateway = await startGateway({ SIGNUP: 'open' });
    await svc(
      gateway.env,
      'account',
      'create',
      '--email',
      'ana@acme.com',
      '--password',
      PASSWORD,
      '--org',
      'Acme',
    );
    // Traffic for the dashboard's charts: an organisation key and a few calls.
    const key = await svc(
      gateway.env,
      'key',
      'create',
      '--email',
      'ana@acme.com',
      '--name',
      'painel',
      '--org',
      'Acme',
    );
    const client = new OpenAI({ apiKey: String(key.secret), baseURL: `${gateway.origin}/v1`, maxRetries: 0 });
    for (const content of ['Olá', `Meu CPF é ${CPF}`, 'Resumo do contrato'])
      await client.chat.completions.create({ model: 'svc/eco', messages: [{ role: 'user', content }] });
    browser = await launch();
  });

  after(async () => {
    await browser?.close();
    await gateway?.stop();
    assert.deepEqual(problems, [], 'no console errors, CSP violations or failed calls on any page');
    assert.deepEqual(violations, [], 'no serious or critical axe-core violation on any page');
  });

  /** A page in the theme, checked at both widths. */
  async function check(page: Page, visit: Visit, theme: Theme): Promise<void> {
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await visit.ready(page);
      // Let layout settle after the resize (charts redraw on their ResizeObserver).
      await page.waitForTimeout(150);
      const name = `${visit.name}-${width}-${theme}`;
      await page.screenshot({ path: `${ARTIFACTS}${name}.png`, fullPage: true });
      const scroll = (await page.evaluate('document.documentElement.scrollWidth')) as number;
      assert.ok(scroll <= width, `${name}: ${scroll} px wide at a ${width} px viewport`);
      const result = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      for (const v of result.violations)
        if (v.impact === 'serious' || v.impact === 'critical')
          violations.push(
            `${name}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
          );
    }
  }

  /** A page in its own context (axe-core needs one), watched for problems unless `refusals`. */
  async function openAs(theme: Theme, { refusals = false } = {}): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: theme });
    const page = await context.newPage();
    page.setDefaultTimeout(PAGE_TIMEOUT);
    page.setDefaultNavigationTimeout(PAGE_TIMEOUT);
    // The context goes with its page (its close may come after the browser's, at the end).
    page.on('close', () => void context.close().catch(() => {}));
    if (!refusals) watchProblems(page, problems);
    return page;
  }

  for (const theme of ['light', 'dark'] as const) {
    it(`visitor pages, ${theme}`, async () => {
      const page = await openAs(theme);
      for (const visit of VISITOR) {
        await page.goto(`${gateway.origin}${visit.path}`);
        await check(page, visit, theme);
      }
      // The page's language, for screen readers and hyphenation.
      assert.equal(await page.getAttribute('html', 'lang'), 'pt-BR');
      await page.close();
    });

    it(`signed-in pages, ${theme}`, async () => {
      const page = await openAs(theme);
      await page.goto(`${gateway.origin}/entrar`);
      await page.getByLabel('E-mail').fill('ana@acme.com');
      await page.getByLabel('Senha').fill(PASSWORD);
      await page.getByRole('button', { name: 'Entrar' }).click();
      await page.getByRole('heading', { name: 'Painel' }).waitFor();
      for (const visit of MEMBER) {
        // Through the sidebar, as a person would (the Painel is `/`).
        if (visit.path !== '/') {
          await page.setViewportSize({ width: 1280, height: 900 });
          await page.locator(`nav a[href="${visit.path}"]`).click();
        }
        await check(page, visit, theme);
      }
      await page.close();
    });
  }

  it('a form says what is missing under the field, in Portuguese, and focuses it', async () => {
    const page = await openAs('light');
    await page.goto(`${gateway.origin}/entrar`);
    await page.getByRole('button', { name: 'Entrar' }).click();
    const email = page.getByLabel('E-mail');
    await page.getByText('Preencha este campo.').first().waitFor();
    assert.equal(await email.getAttribute('aria-invalid'), 'true');
    assert.ok(await email.evaluate((el) => el === el.ownerDocument.activeElement));
    await email.fill('ana');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByText('Digite um e-mail completo, como nome@empresa.com.br.').waitFor();
    await page.close();
  });

  it('the dashboard draws requests per day with axes and a tooltip, and keeps the numbers in a table', async () => {
    const page = await openAs('light');
    await page.goto(`${gateway.origin}/entrar`);
    await page.getByLabel('E-mail').fill('ana@acme.com');
    await page.getByLabel('Senha').fill(PASSWORD);
    await page.getByRole('button', { name: 'Entrar' }).click();
    const chart = page.getByRole('img', { name: /^Requisições por dia/ });
    await chart.waitFor();
    // The summary names the total: three calls today.
    assert.match((await chart.getAttribute('aria-label')) ?? '', /total 3/);
    // The table beside it, for screen readers and export, has today's row with 3.
    const table = page.getByRole('table', { name: 'Requisições por dia' });
    const today = new Date().toISOString().slice(0, 10).split('-').reverse().join('/');
    assert.equal(
      await table
        .getByRole('row', { name: new RegExp(today) })
        .getByRole('cell')
        .textContent(),
      '3',
    );
    // Keyboard: End walks to the last day, and the tooltip shows its value.
    await chart.focus();
    await page.keyboard.press('End');
    const tip = page.locator('.chart-tip').first();
    await tip.waitFor();
    assert.match((await tip.textContent()) ?? '', new RegExp(`${today}.*Requisições: 3`));
    // "Tabela" shows the same table to everyone.
    await page.getByRole('button', { name: 'Tabela' }).first().click();
    assert.ok(await table.isVisible());
    // "Baixar CSV": the same numbers for a spreadsheet in Portuguese (`;`, UTF-8 with BOM).
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Baixar CSV' }).first().click(),
    ]);
    assert.equal(download.suggestedFilename(), 'requisicoes-por-dia.csv');
    const csv = readFileSync((await download.path())!, 'utf8');
    assert.ok(csv.startsWith('\uFEFFDia;Requisições\r\n'), csv.slice(0, 40));
    assert.match(csv, new RegExp(`\r\n${today};3\r\n`));
    await page.close();
  });

  it('a visitor sees the barrier clean the example text on `/`, without an account', async () => {
    // Bloquear's 422 is the answer expected here.
    const page = await openAs('light', { refusals: true });
    await page.goto(`${gateway.origin}/`);
    const text = page.getByLabel('Texto de exemplo (edite à vontade)');
    await text.fill(`Sou Joana Prado, CPF ${CPF}, e-mail joana.prado@empresa.com.br`);
    await page.getByRole('button', { name: 'Passar pela barreira' }).click();
    const clean = page.getByTestId('demo-clean');
    await clean.waitFor();
    const shown = (await clean.textContent()) ?? '';
    for (const ph of ['[NOME_1]', '[CPF_1]', '[EMAIL_1]']) assert.ok(shown.includes(ph), `${ph} in ${shown}`);
    assert.ok(!shown.includes(CPF) && !shown.includes('joana.prado@'));
    await page.getByText('CPF × 1').waitFor();
    await page.locator('#demonstracao').screenshot({ path: `${ARTIFACTS}demonstracao.png` });
    // Bloquear: the model would receive nothing.
    await page.getByLabel('Bloquear').check();
    await page.getByRole('button', { name: 'Passar pela barreira' }).click();
    await page.getByTestId('demo-blocked').waitFor();
    await page.close();
  });

  it('the demonstration says when the minute is used up (429), in Portuguese', async () => {
    // Not watched: the 429 is the answer expected here.
    const page = await openAs('light', { refusals: true });
    await page.goto(`${gateway.origin}/`);
    const button = page.getByRole('button', { name: 'Passar pela barreira' });
    const alert = page.getByRole('alert').filter({ hasText: /textos por minuto/ });
    for (let i = 0; i < 8 && !(await alert.isVisible()); i++) {
      await button.click();
      await page.locator('button[aria-busy="true"]').waitFor({ state: 'detached' });
    }
    assert.match((await alert.textContent()) ?? '', /Aguarde \d+ segundos/);
    await page.close();
  });
});

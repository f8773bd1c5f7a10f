// The console's first visit, as a newcomer on a server with open sign-up: Entrar says what
// the gateway does, sign-up, the account founds its organisation on Organização and is its
// owner, Crédito says a free organisation needs no credit (and sells none to it), and the
// playground shows each category's placeholders in its own colour with the category named in
// Portuguese. Every step at 360 and 1280 px, light and dark: nothing wider than the screen,
// no console error or failed call, no serious or critical axe-core violation.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { requires } from '../helpers/requirements.js';
import {
  ARTIFACTS,
  launch,
  NO_BROWSER,
  PAGE_TIMEOUT,
  type Running,
  startGateway,
  watchProblems,
} from './browser.js';

const PASSWORD = 'senha forte da primeira visita';
const TEXT =
  'Sou Maria Aparecida Souza, CPF 529.982.247-25, e-mail maria.souza@exemplo.com.br, ' +
  'telefone (11) 98765-4321, cartão 4111 1111 1111 1111, empresa 11.222.333/0001-81.';
const skip = requires(NO_BROWSER);
/** The browser's window, as far as these checks use it (the tests compile without the DOM types). */
type Styled = { getComputedStyle(el: unknown): { backgroundColor: string } };

describe('first visit: sign-up → organisation → owner → playground', { skip }, () => {
  let gateway: Running;
  let browser: Browser;
  const problems: string[] = [];
  const violations: string[] = [];

  before(async () => {
    // Payments configured (a manual Pix), so that Crédito has something it could sell.
    const config = join(mkdtempSync(join(tmpdir(), 'svc-first-visit-')), 'svc.json');
    writeFileSync(
      config,
      JSON.stringify({
        payments: {
          mode: 'live',
          pix: {
            chave: 'pix@example.com',
            nome: 'SVC TESTE',
            cidade: 'SAO PAULO',
            brl_por_usd: 5.5,
            owner_email: 'dono@example.com',
          },
        },
      }),
    );
    gateway = await startGateway({ SIGNUP: 'open', SVC_CONFIG: config });
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await gateway?.stop();
  });

  /** The page at both widths: a screenshot, nothing overflowing, axe-core clean. */
  async function check(page: Page, name: string): Promise<void> {
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      const shot = `primeira-visita-${name}-${width}`;
      await page.screenshot({ path: `${ARTIFACTS}${shot}.png`, fullPage: true });
      const scroll = (await page.evaluate('document.documentElement.scrollWidth')) as number;
      assert.ok(scroll <= width, `${shot}: ${scroll} px wide at a ${width} px viewport`);
      const result = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      for (const v of result.violations)
        if (v.impact === 'serious' || v.impact === 'critical')
          violations.push(
            `${shot}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
          );
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  for (const theme of ['light', 'dark'] as const) {
    it(`walks it in the ${theme} theme`, async () => {
      const context = await browser.newContext({
        viewport: { width: 1280, height: 900 },
        colorScheme: theme,
      });
      const page = await context.newPage();
      page.setDefaultTimeout(PAGE_TIMEOUT);
      watchProblems(page, problems);
      const email = `nova-${theme}@exemplo.com`;
      const orgName = `Padaria ${theme === 'light' ? 'Aurora' : 'Noturna'}`;

      // Entrar: what the gateway does comes before the form.
      await page.goto(`${gateway.origin}/entrar`);
      const about = page.getByTestId('o-que-faz');
      await about.waitFor();
      assert.match((await about.textContent()) ?? '', /gateway de privacidade para IA.*marcadores/s);
      const aboutBox = await about.boundingBox();
      const formBox = await page.getByLabel('E-mail').boundingBox();
      assert.ok(aboutBox && formBox && aboutBox.y < formBox.y, 'the text is above the sign-in form');
      await check(page, `entrar-${theme}`);

      // Sign-up.
      await page.getByRole('main').getByRole('link', { name: 'Criar conta' }).click();
      await page.getByRole('heading', { name: 'Criar conta' }).waitFor();
      await page.getByLabel('E-mail').fill(email);
      await page.getByLabel('Senha').fill(PASSWORD);
      await page.getByRole('button', { name: 'Criar conta' }).click();
      await page.getByRole('heading', { name: 'Painel' }).waitFor();

      // The playground, before any organisation, leads to founding one.
      await page.locator('nav a[href="/privacidade"]').click();
      await page.getByTestId('sem-organizacao').waitFor();
      await page.getByRole('link', { name: 'Crie uma organização' }).click();

      // Organização: no organisation yet, so the page offers to found one.
      await page.getByRole('heading', { name: 'Crie sua organização' }).waitFor();
      await check(page, `organizacao-vazia-${theme}`);
      // An empty name is refused under the field, in Portuguese, before any call.
      await page.getByRole('button', { name: 'Criar organização' }).click();
      await page.getByText('Preencha este campo.').waitFor();
      await page.getByLabel('Nome da organização').fill(orgName);
      await page.getByRole('button', { name: 'Criar organização' }).click();
      await page.getByRole('heading', { level: 2, name: orgName }).waitFor();
      await page.getByText(`Organização ${orgName} criada. Sua conta é a proprietária.`).waitFor();
      // The owner's form: editable, with the categories by their Portuguese names.
      await page.getByRole('button', { name: 'Salvar privacidade' }).waitFor();
      await page.getByLabel('Título de eleitor').waitFor();
      await check(page, `organizacao-${theme}`);
      const mine = (await page.evaluate(async () => (await fetch('/api/account/organizations')).json())) as {
        organizations: { name: string; role: string }[];
      };
      assert.deepEqual(
        mine.organizations.map((o) => [o.name, o.role]),
        [[orgName, 'owner']],
      );
      // The same name again is refused with the server's words.
      await page.getByText('Criar outra organização').click();
      await page.getByLabel('Nome da organização').fill(orgName);
      await page.getByRole('button', { name: 'Criar organização' }).click();
      await page.getByText('Já existe uma organização com esse nome.').waitFor();
      // That refusal is this test's own, not a page's failure.
      const refused = problems.indexOf('409 POST /api/account/organizations');
      assert.ok(refused >= 0, 'the refusal was a 409');
      problems.splice(refused, 1);

      // Crédito: a free organisation needs no credit, and none is sold to it.
      await page.locator('nav a[href="/credito"]').click();
      await page.getByTestId('credito-desnecessario').waitFor();
      assert.match(
        (await page.getByTestId('saldo-organizacao').textContent()) ?? '',
        new RegExp(`${orgName}.*gratuita.*não precisam de crédito`),
      );
      assert.equal(await page.getByText('Pix (liberação manual)').count(), 0);
      assert.equal(await page.getByText(/Pacotes de US\$/).count(), 0);
      await check(page, `credito-${theme}`);

      // The playground, in the organisation's rules: a colour per category, named in Portuguese.
      await page.locator('nav a[href="/privacidade"]').click();
      await page.getByRole('heading', { level: 1, name: 'Privacidade' }).waitFor();
      // The page starts in the rules of the account's organisation once it has loaded them.
      await page
        .getByLabel('Nas regras de')
        .locator('option:checked', { hasText: orgName })
        .waitFor({ state: 'attached' });
      await page.getByLabel('Texto original').fill(TEXT);
      await page.getByRole('button', { name: 'Ver o que o modelo recebe' }).click();
      const marks = page.getByTestId('clean').locator('mark.ph');
      await marks.first().waitFor();
      const seen = await marks.evaluateAll((els) =>
        els.map((el) => ({
          text: el.textContent ?? '',
          title: el.getAttribute('title') ?? '',
          background: (globalThis as unknown as Styled).getComputedStyle(el).backgroundColor,
        })),
      );
      const clean = (await page.getByTestId('clean').textContent()) ?? '';
      assert.doesNotMatch(clean, /529\.982\.247-25|maria\.souza@|4111 1111|Aparecida/);
      const byTitle = new Map(seen.map((m) => [m.title, m.background]));
      for (const name of ['CPF', 'E-mail', 'Telefone', 'Cartão de pagamento', 'CNPJ', 'Nome'])
        assert.ok(byTitle.has(name), `a ${name} placeholder, named in Portuguese: ${JSON.stringify(seen)}`);
      // Each category its own colour; none the grey of an unknown one.
      assert.equal(new Set(byTitle.values()).size, byTitle.size, JSON.stringify(seen));
      assert.ok(!byTitle.has(''), 'every placeholder is named');
      for (const background of byTitle.values()) assert.notEqual(background, 'rgb(222, 226, 230)');
      // The findings table is the legend: the same colour beside the Portuguese name, never the code.
      const legend = await page
        .locator('table')
        .filter({ hasText: 'Achados' })
        .locator('.chip')
        .evaluateAll((els) =>
          els.map((el) => [
            el.textContent ?? '',
            (globalThis as unknown as Styled).getComputedStyle(el).backgroundColor,
          ]),
        );
      for (const [name, background] of legend)
        assert.equal(background, byTitle.get(name), `legend colour of ${name}`);
      assert.ok(legend.some(([name]) => name === 'Cartão de pagamento'));
      const table = (await page.locator('table').filter({ hasText: 'Achados' }).textContent()) ?? '';
      assert.doesNotMatch(table, /CARTAO|TELEFONE|EMAIL|\bcartao\b|\btelefone\b/);
      await check(page, `privacidade-${theme}`);

      await context.close();
      assert.deepEqual(problems, [], 'no console errors or failed calls');
      assert.deepEqual(violations, [], 'no serious or critical axe-core violation');
    });
  }
});

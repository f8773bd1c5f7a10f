// The web console in a real browser (Debian's Chromium through playwright-core) against the
// real server process on SQLite. Without a Chromium the tests are skipped with that reason
// (and fail under SVC_TEST_STRICT=1).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import OpenAI from 'openai';
import { generate } from 'otplib';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import {
  NO_BROWSER,
  launch,
  newPage,
  type Running,
  screenshots,
  startGateway,
  svc,
  watchProblems,
} from './browser.js';
import { requires } from '../helpers/requirements.js';
import { formImage } from '../gateway/images/fixtures.js';

const PASSWORD = 'senha forte do console 2026';
const TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const skip = requires(NO_BROWSER);

describe('web console in Chromium', { skip }, () => {
  let gateway: Running;
  let browser: Browser;
  const problems: string[] = [];

  before(async () => {
    gateway = await startGateway();
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
    await svc(
      gateway.env,
      'account',
      'create',
      '--email',
      'bia@acme.com',
      '--password',
      PASSWORD,
      '--mfa-secret',
      TOTP_SECRET,
    );
    browser = await launch();
  });

  after(async () => {
    await browser?.close();
    await gateway?.stop();
    assert.deepEqual(problems, [], 'no console errors and no CSP violations on any page');
  });

  /** `refusals`: the page is expected to meet an API refusal, which Chromium logs as a console error. */
  async function open(path = '/', { refusals = false } = {}): Promise<Page> {
    const page = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    if (!refusals) watchProblems(page, problems);
    await page.goto(`${gateway.origin}${path}`);
    return page;
  }

  async function signIn(page: Page, email: string, code?: string): Promise<void> {
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Senha').fill(PASSWORD);
    await page.getByRole('button', { name: 'Entrar' }).click();
    if (code !== undefined) {
      await page.getByLabel('Código').fill(code);
      await page.getByRole('button', { name: 'Confirmar código' }).click();
    }
    // Signed in, `/` is the dashboard; the tests go on from Chaves.
    await page.getByRole('heading', { name: 'Painel' }).waitFor();
    await page.getByRole('link', { name: 'Chaves', exact: true }).click();
    await page.getByRole('heading', { name: 'Chaves de API' }).waitFor();
  }

  it('serves the page with a strict CSP, hashed assets cached for a year and index.html not cached', async () => {
    const res = await fetch(`${gateway.origin}/`);
    assert.equal(res.status, 200);
    const csp = res.headers.get('content-security-policy') ?? '';
    assert.match(csp, /script-src 'self'/);
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval|https?:/);
    assert.equal(res.headers.get('cache-control'), 'no-cache');
    const html = await res.text();
    assert.doesNotMatch(html, /<script(?![^>]*\bsrc=)[^>]*>/, 'no inline script');
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    assert.ok(asset);
    const js = await fetch(`${gateway.origin}${asset}`);
    assert.equal(js.status, 200);
    assert.match(js.headers.get('cache-control') ?? '', /max-age=31536000, immutable/);
    assert.equal((await fetch(`${gateway.origin}/assets/nao-existe.js`)).status, 404);
  });

  it('first load: JavaScript under 150 KB gzipped; prints first paint, LCP and bytes transferred', async (t) => {
    const html = await (await fetch(`${gateway.origin}/`)).text();
    let gz = 0;
    for (const [, asset] of html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)) {
      const body = Buffer.from(await (await fetch(`${gateway.origin}${asset}`)).arrayBuffer());
      if (asset!.endsWith('.js')) gz += gzipSync(body).length;
    }
    assert.ok(gz > 0 && gz < 150 * 1024, `JavaScript ${gz} bytes gzipped`);
    // The landing page (a visitor's first page) and Entrar: first paint, LCP and bytes.
    // Entrar first: the browser's first page also pays for starting its renderer.
    for (const [path, ready] of [
      ['/entrar', 'Entrar'],
      ['/', 'Experimente a barreira'],
      ['/', 'Experimente a barreira'],
    ] as const) {
      const page = await open(path);
      await page.getByRole('heading', { name: ready }).waitFor();
      const figures = await page.evaluate(
        () =>
          new Promise<{ fcp: number; lcp: number; bytes: number }>((resolve) => {
            new PerformanceObserver((list) => {
              const entries = list.getEntries();
              const lcp = entries.at(-1)?.startTime ?? 0;
              const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
              const all = [
                ...performance.getEntriesByType('navigation' as never),
                ...performance.getEntriesByType('resource' as never),
              ];
              resolve({
                fcp,
                lcp,
                bytes: all.reduce((s, e) => s + ((e as { transferSize?: number }).transferSize ?? 0), 0),
              });
            }).observe({ type: 'largest-contentful-paint' as never, buffered: true });
          }),
      );
      t.diagnostic(
        `console first load of ${path}: first paint ${figures.fcp.toFixed(0)} ms, LCP ${figures.lcp.toFixed(0)} ms, ${figures.bytes} bytes transferred, JS ${gz} bytes gzipped`,
      );
      assert.ok(figures.lcp > 0 && figures.bytes > 0);
      await page.close();
    }
  });

  it('signs in without a second factor, creates a key the openai client uses, and revokes it', async () => {
    // A visitor lands on the landing page; "Entrar" is one link away.
    const page = await open('/');
    await page.getByRole('banner').getByRole('link', { name: 'Entrar', exact: true }).click();
    await page.getByRole('heading', { name: 'Entrar' }).waitFor();
    await screenshots(page, 'entrar');
    await signIn(page, 'ana@acme.com');
    await page.getByLabel('Nome da chave').fill('minha chave');
    await page.getByRole('button', { name: 'Criar chave' }).click();
    const secret = (await page.getByTestId('secret').textContent())?.trim() ?? '';
    assert.match(secret, /^svck_/);
    // The quickstart has this gateway's address and the new key filled in.
    assert.equal(await page.getByTestId('base-url').textContent(), gateway.origin);
    for (const id of ['quickstart-curl', 'quickstart-openai', 'quickstart-@anthropic-ai/sdk']) {
      const code = (await page.getByTestId(id).textContent()) ?? '';
      assert.ok(code.includes(secret) && code.includes(gateway.origin), id);
    }
    await screenshots(page, 'chaves');
    await page.getByRole('button', { name: 'Já guardei' }).click();

    const client = new OpenAI({ apiKey: secret, baseURL: `${gateway.origin}/v1`, maxRetries: 0 });
    const models = await client.models.list();
    assert.ok(models.data.some((m) => m.id === 'svc/eco'));
    const reply = await client.chat.completions.create({
      model: 'svc/eco',
      messages: [{ role: 'user', content: 'Olá, console' }],
    });
    assert.ok(reply.choices[0]?.message.content);

    // The call shows on the usage page (rows are written within about 100 ms).
    await page.getByRole('link', { name: 'Uso', exact: true }).click();
    await page
      .getByRole('cell', { name: 'svc/eco' })
      .waitFor({ timeout: 30_000 })
      .catch(async () => {
        await page.reload();
        await page.getByRole('cell', { name: 'svc/eco' }).waitFor();
      });
    await screenshots(page, 'uso');
    await page.getByRole('link', { name: 'Chaves', exact: true }).click();
    // Último uso: an hour (the API's granularity), never earlier than the creation.
    const lastUsed = page.getByTestId('last-used').first();
    for (let deadline = Date.now() + 60_000; ((await lastUsed.textContent()) ?? '—').trim() === '—'; ) {
      assert.ok(Date.now() < deadline, 'last use never shown');
      await page.reload();
      await page.getByRole('heading', { name: 'Chaves de API' }).waitFor();
    }
    assert.match((await lastUsed.textContent()) ?? '', /^\d{2}\/\d{2}\/\d{4} \d{2}h$/);
    // At 360 px every column, the Revogar button included, is on screen without scrolling.
    await page.setViewportSize({ width: 360, height: 900 });
    const revoke = await page.getByRole('button', { name: 'Revogar' }).boundingBox();
    assert.ok(revoke && revoke.x >= 0 && revoke.x + revoke.width <= 360, JSON.stringify(revoke));
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByRole('button', { name: 'Revogar' }).click();
    // A modal dialog says what revoking does; "Cancelar" changes nothing.
    await page.getByRole('dialog', { name: 'Revogar a chave “minha chave”?' }).waitFor();
    await page.getByRole('button', { name: 'Cancelar' }).click();
    assert.equal(await page.getByRole('dialog').count(), 0);
    await page.getByRole('button', { name: 'Revogar' }).click();
    await page.getByRole('button', { name: 'Sim, revogar' }).click();
    await page.getByRole('cell', { name: 'revogada' }).waitFor();
    // …and a toast confirms it, in the polite live region.
    await page.getByRole('status').filter({ hasText: 'Chave “minha chave” revogada.' }).waitFor();
    await assert.rejects(client.models.list(), (err: unknown) => err instanceof OpenAI.AuthenticationError);
    await page.close();
  });

  it('key controls: set on creation, shown in the table, edited per key; the second-factor hint links to Perfil', async () => {
    const page = await open('/entrar', { refusals: true });
    await signIn(page, 'ana@acme.com');
    // An organisation chosen in a session without a second factor: said before any attempt.
    await page.getByLabel('Dona da chave').selectOption({ label: 'Acme' });
    const hint = page.getByTestId('mfa-hint');
    await hint.waitFor();
    assert.match((await hint.textContent()) ?? '', /segundo fator/);
    await page.getByLabel('Dona da chave').selectOption({ label: 'Conta pessoal' });
    await hint.waitFor({ state: 'detached' });

    const expires = new Date(Date.now() + 45 * 86_400_000).toISOString().slice(0, 10);
    const [y, m, d] = expires.split('-');
    await page.getByLabel('Nome da chave').fill('com orçamento');
    await page.getByText('Controles da chave (opcional)').click();
    const create = page.getByRole('form', { name: 'Criar chave' });
    await create.getByLabel('Orçamento mensal (US$)').fill('5');
    await create.getByLabel('Expira em').fill(expires);
    await create.getByLabel('Modelos permitidos').fill('svc/eco');
    await create.getByLabel('Requisições por minuto').fill('30');
    await page.getByRole('button', { name: 'Criar chave' }).click();
    await page.getByTestId('secret').waitFor();
    await page.getByRole('button', { name: 'Já guardei' }).click();
    const row = page.getByRole('row').filter({ hasText: 'com orçamento' });
    const limits = row.getByTestId('limits');
    await limits.filter({ hasText: `expira em ${d}/${m}/${y}` }).waitFor();
    await limits.filter({ hasText: 'US$ 0,00 de US$ 5,00 no mês' }).waitFor();

    await row.getByRole('button', { name: 'Controles da chave com orçamento' }).click();
    const edit = page.getByRole('form', { name: 'Controles da chave com orçamento' });
    assert.equal(await edit.getByLabel('Modelos permitidos').inputValue(), 'svc/eco');
    assert.equal(await edit.getByLabel('Expira em').inputValue(), expires);
    await screenshots(page, 'chaves-controles');
    // At 360 px the edit form and the row's buttons fit the screen.
    await page.setViewportSize({ width: 360, height: 900 });
    for (const box of [
      await edit.getByRole('button', { name: 'Salvar controles' }).boundingBox(),
      await row.getByRole('button', { name: 'Controles da chave com orçamento' }).boundingBox(),
    ])
      assert.ok(box && box.x >= 0 && box.x + box.width <= 360, JSON.stringify(box));
    assert.ok(
      ((await page.evaluate('document.documentElement.scrollWidth')) as number) <= 360,
      'no sideways scroll',
    );
    await page.setViewportSize({ width: 1280, height: 900 });
    await edit.getByLabel('Orçamento mensal (US$)').fill('7.5');
    await edit.getByLabel('Modelos permitidos').fill('');
    await edit.getByRole('button', { name: 'Salvar controles' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Controles da chave “com orçamento” salvos.' })
      .waitFor();
    await limits.filter({ hasText: 'US$ 0,00 de US$ 7,50 no mês' }).waitFor();
    // At 1280 px the whole row, its buttons included, shows without scrolling the table.
    const revoke = await row.getByRole('button', { name: 'Revogar' }).boundingBox();
    const table = await page.locator('.table-wrap').boundingBox();
    assert.ok(revoke && table && revoke.x + revoke.width <= table.x + table.width, JSON.stringify(revoke));
    assert.equal(await edit.count(), 0, 'the form closes once saved');

    // Trying anyway: the refusal says why and links to Perfil, which it opens.
    await page.getByLabel('Nome da chave').fill('da organização');
    await page.getByLabel('Dona da chave').selectOption({ label: 'Acme' });
    await page.getByRole('button', { name: 'Criar chave' }).click();
    await page.getByRole('alert').filter({ hasText: 'Chaves de organização só são criadas' }).waitFor();
    await hint.getByRole('link', { name: 'Perfil' }).click();
    await page.getByRole('heading', { name: 'Perfil' }).waitFor();
    await page.close();
  });

  it('signs in with the authenticator code when the account has one', async () => {
    const page = await open('/entrar');
    await signIn(page, 'bia@acme.com', await generate({ secret: TOTP_SECRET }));
    // No traffic yet: the chart says so instead of drawing an empty frame.
    await page.getByRole('link', { name: 'Uso', exact: true }).click();
    await page.getByText('Sem dados no período.').waitFor();
    await page.getByRole('link', { name: 'Perfil', exact: true }).click();
    await page.getByText('Segundo fator ativo').waitFor();
    await page.getByRole('button', { name: 'Sair' }).click();
    await page.getByRole('heading', { name: 'Entrar' }).waitFor();
    await page.close();
  });

  it('shows a wrong password in plain Portuguese', async () => {
    const page = await open('/entrar', { refusals: true });
    await page.getByLabel('E-mail').fill('ana@acme.com');
    await page.getByLabel('Senha').fill('senha errada demais');
    await page.getByRole('button', { name: 'Entrar' }).click();
    const alert = page.getByRole('alert').filter({ hasText: /.+/ });
    await alert.waitFor();
    assert.match((await alert.textContent()) ?? '', /senha|credenciais/i);
    await page.close();
  });

  it('the playground shows placeholders for a CPF, an e-mail, a phone and a full name', async () => {
    const page = await open('/entrar');
    await signIn(page, 'ana@acme.com');
    await page.getByRole('link', { name: 'Privacidade', exact: true }).click();
    // The session in the organisation's settings: no key is created for the playground.
    await page.getByLabel('Nas regras de').selectOption({ label: 'Acme' });
    await page
      .getByLabel('Texto original')
      .fill(
        'Cliente Maria Aparecida Souza, CPF 529.982.247-25, e-mail maria.souza@exemplo.com.br, telefone (11) 98765-4321.',
      );
    await page.getByRole('button', { name: 'Ver o que o modelo recebe' }).click();
    const clean = page.getByTestId('clean');
    await clean.waitFor();
    const text = (await clean.textContent()) ?? '';
    for (const ph of ['[CPF_1]', '[EMAIL_1]', '[TELEFONE_1]', '[NOME_1]'])
      assert.ok(text.includes(ph), `${ph} in ${text}`);
    assert.ok(!text.includes('529.982.247-25') && !text.includes('maria.souza@'));
    assert.equal(await page.locator('mark.ph').count(), 4);
    await screenshots(page, 'privacidade');
    await page.getByRole('button', { name: 'Enviar para svc/eco' }).click();
    await page.getByTestId('answer').waitFor();
    await page.getByRole('link', { name: 'Chaves', exact: true }).click();
    await page.getByRole('heading', { name: 'Chaves de API' }).waitFor();
    await page
      .getByText(/Nenhuma chave ainda|ativa|revogada/)
      .first()
      .waitFor();
    assert.equal(await page.getByText('Console ').count(), 0, 'no playground key in the list');
    await page.close();
  });

  it('the playground shows an image before and after redaction', async () => {
    const page = await open('/entrar');
    await signIn(page, 'ana@acme.com');
    await page.getByRole('link', { name: 'Privacidade', exact: true }).click();
    await page.getByLabel('Nas regras de').selectOption({ label: 'Acme' });
    await page
      .getByLabel('Escolher imagem')
      .setInputFiles({ name: 'recibo.png', mimeType: 'image/png', buffer: formImage('png') });
    const redacted = page.getByTestId('redacted-image');
    await redacted.waitFor({ timeout: 120_000 });
    assert.match((await redacted.getAttribute('src')) ?? '', /^data:image\/png;base64,/);
    // Acme keeps the default: the page says a model request with the image would be refused.
    await page.getByTestId('imagens-recusadas').waitFor();
    assert.ok((await page.getByText('coberto na imagem').count()) >= 4, 'cpf, e-mail, phone and name rows');
    await screenshots(page, 'privacidade-imagem');
    await page.close();
  });

  it('profile and avatar round trip', async () => {
    const page = await open('/entrar');
    await signIn(page, 'ana@acme.com');
    await page.getByRole('link', { name: 'Perfil', exact: true }).click();
    await page.getByLabel('Nome', { exact: true }).fill('Ana Teste');
    await page.getByLabel('Fuso horário').selectOption('America/Manaus');
    await page.getByRole('button', { name: 'Salvar perfil' }).click();
    await page.getByText('Perfil salvo.').waitFor();
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    await page
      .getByLabel(/Enviar foto/)
      .setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: png });
    const img = page.getByRole('img', { name: 'Sua foto' });
    await img.waitFor();
    assert.ok(await img.evaluate((el) => (el as unknown as { naturalWidth: number }).naturalWidth > 0));
    await page.reload();
    await page.getByLabel('Nome', { exact: true }).waitFor();
    assert.equal(await page.getByLabel('Nome', { exact: true }).inputValue(), 'Ana Teste');
    assert.equal(await page.getByLabel('Fuso horário').inputValue(), 'America/Manaus');
    await screenshots(page, 'perfil');
    await page.close();
  });
});

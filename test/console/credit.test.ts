// The console's Crédito page and its own error reports, in Chromium against the real server
// with manual Pix configured: the QR it shows decodes to the BR Code it shows; a failure
// thrown in the page reaches /api/erro-cliente (204) with the personal data redacted.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import jsQRModule from 'jsqr';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { requires } from '../helpers/requirements.js';
import {
  launch,
  NO_BROWSER,
  newPage,
  type Running,
  screenshots,
  startGateway,
  svc,
  watchProblems,
} from './browser.js';
import { type SmtpPeer, startSmtp } from '../helpers/smtp.js';

// jsqr is CommonJS with an ES-style default export: take whichever form the loader gives.
type Decode = (data: Uint8ClampedArray, width: number, height: number) => { data: string } | null;
const jsQR = ((jsQRModule as unknown as { default?: Decode }).default ?? jsQRModule) as unknown as Decode;

const skip = requires(NO_BROWSER);

describe('web console: credit page and error reports', { skip }, () => {
  let gateway: Running;
  let browser: Browser;
  let smtp: SmtpPeer;
  const problems: string[] = [];

  before(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-console-'));
    const config = join(dir, 'svc.json');
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
    smtp = await startSmtp();
    gateway = await startGateway({ SVC_CONFIG: config, SMTP_URL: smtp.url });
    browser = await launch();
  });

  after(async () => {
    await browser?.close();
    await gateway?.stop();
    await smtp?.close();
  });

  it('shows each package as a QR whose decoded text is the copy-and-paste BR Code', async () => {
    const page = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    watchProblems(page, problems);
    await page.goto(`${gateway.origin}/credito`);
    await page.getByRole('heading', { name: 'Crédito' }).waitFor();
    const code = page.getByTestId('copia-e-cola');
    await code.waitFor();
    const brCode = await code.inputValue();
    assert.match(brCode, /^000201.*6304[0-9A-F]{4}$/);
    const src = (await page.getByRole('img', { name: /QR Code Pix/ }).getAttribute('src')) ?? '';
    const png = Buffer.from(src.replace(/^data:image\/png;base64,/, ''), 'base64');
    const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const decoded = jsQR(new Uint8ClampedArray(data), info.width, info.height);
    assert.equal(decoded?.data, brCode);

    await page.getByLabel(/US\$ 10/).check();
    const ten = await code.inputValue();
    assert.notEqual(ten, brCode, 'another package, another BR Code');
    await screenshots(page, 'credito');
    assert.deepEqual(problems, []);
    await page.close();
  });

  it('a manual Pix proof gives the cred_ token with a copy button and says it goes in X-Credito', async () => {
    const page = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    await page.goto(`${gateway.origin}/credito`);
    await page.getByTestId('copia-e-cola').waitFor();
    await page.getByLabel('Seu e-mail (para a resposta)').fill('comprador@example.com');
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    await page
      .getByLabel(/Comprovante/)
      .setInputFiles({ name: 'comprovante.png', mimeType: 'image/png', buffer: png });
    await page.getByRole('button', { name: 'Enviar comprovante' }).click();
    const token = page.getByTestId('credito-token');
    await token.waitFor();
    assert.match((await token.textContent()) ?? '', /cred_/);
    await page.getByText(/cabeçalho X-Credito/).waitFor();
    await page.getByRole('button', { name: 'Copiar token' }).waitFor();
    await page.close();
  });

  it('an error thrown in the page reaches /api/erro-cliente as 204, redacted in the server log', async () => {
    const page = await newPage(browser);
    // Requests and page errors, to say what the page was waiting for if it never renders
    // (seen once in a full-suite run: the heading did not appear within 30 s).
    const seen: string[] = [];
    page.on('requestfinished', (r) => seen.push(`${r.method()} ${new URL(r.url()).pathname}`));
    page.on('requestfailed', (r) => seen.push(`failed ${r.method()} ${new URL(r.url()).pathname}`));
    page.on('pageerror', (err) => seen.push(`pageerror: ${err.message}`));
    await page.goto(`${gateway.origin}/vitrine`);
    await page
      .getByRole('heading', { name: 'Vitrine' })
      .waitFor()
      .catch((err: Error) => {
        throw new Error(`${err.message}\nrequests: ${seen.join(', ')}`);
      });
    const reported = page.waitForResponse((r) => r.url().endsWith('/api/erro-cliente'));
    await page.evaluate(
      "setTimeout(() => { throw new Error('falha ao mostrar maria.souza@exemplo.com.br CPF 529.982.247-25'); }, 0)",
    );
    const response = await reported;
    assert.equal(response.status(), 204);
    const line = await gateway.child.waitFor((l) => JSON.stringify(l).includes('UI-JS-001'), 30_000);
    const text = JSON.stringify(line);
    assert.ok(!text.includes('maria.souza@exemplo.com.br') && !text.includes('529.982.247-25'), text);
    await page.close();
  });
});

describe(
  'web console: Crédito on a server that sells nothing, for the owner of a prepaid organisation',
  { skip },
  () => {
    let gateway: Running;
    let browser: Browser;
    const PASSWORD = 'senha forte do console 2026';

    before(async () => {
      gateway = await startGateway();
      await svc(
        gateway.env,
        'account',
        'create',
        '--email',
        'dona@prepaga.com',
        '--password',
        PASSWORD,
        '--org',
        'Prepaga',
      );
      await svc(gateway.env, 'org', 'set', '--org', 'Prepaga', '--billing', 'prepaid');
      await svc(gateway.env, 'credit', 'grant', '--org', 'Prepaga', '--usd', '12.5', '--reference', 'ted-42');
      browser = await launch();
    });
    after(async () => {
      await browser?.close();
      await gateway?.stop();
    });

    it('says nothing is sold, shows the organisation balance, and logs no refused call', async () => {
      const problems: string[] = [];
      const page = await newPage(browser, { viewport: { width: 1280, height: 900 } });
      watchProblems(page, problems);
      await page.goto(`${gateway.origin}/credito`);
      await page.getByText('Este servidor não vende crédito').waitFor();
      // Signed out: no organisation section, and no call that a signed-out page would have refused.
      assert.equal(await page.getByTestId('saldo-organizacao').count(), 0);

      await page.goto(`${gateway.origin}/entrar`);
      await page.getByLabel('E-mail').fill('dona@prepaga.com');
      await page.getByLabel('Senha').fill(PASSWORD);
      await page.getByRole('button', { name: 'Entrar' }).click();
      await page.getByRole('heading', { name: 'Painel' }).waitFor();
      await page.getByRole('link', { name: 'Crédito', exact: true }).click();
      const balance = page.getByTestId('saldo-organizacao');
      await balance.waitFor();
      // Intl writes a no-break space after US$ (so it never wraps away from the number).
      assert.match((await balance.textContent()) ?? '', /Prepaga.*US\$\s12,50.*pré-pago/);
      assert.match((await balance.textContent()) ?? '', /ajuste/);
      assert.equal(await page.getByText('Pix (liberação manual)').count(), 0);
      await screenshots(page, 'credito-organizacao');
      assert.deepEqual(problems, []);
      await page.close();
    });
  },
);

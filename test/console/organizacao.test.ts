// The console's organisation page in Chromium against the real server: an owner signed in
// with a second factor changes the barrier (policy, name detection, categories) and the
// organisation's key is cleaned that way on its next call; a member only reads; an
// administrator without a second factor is told what to do. Skipped without a Chromium.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { generate } from 'otplib';
import type { Browser, Page } from 'playwright-core';
import {
  CHROMIUM,
  launch,
  newPage,
  type Running,
  screenshots,
  startGateway,
  svc,
  watchProblems,
} from './browser.js';
import { sensitivityExample } from '../helpers/sensitivity.js';

const PASSWORD = 'senha forte do console 2026';
const TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
// A surname alone that `balanced` leaves and `strict` masks.
const { text: TEXT } = sensitivityExample((w) => `O ${w} passou aqui.`);
const PHONE = 'Ligue (11) 98765-4321.';
const skip = CHROMIUM ? false : 'no Chromium found (apt-get install chromium, or set CHROMIUM_PATH)';

describe('console: organisation privacy settings in Chromium', { skip }, () => {
  let gateway: Running;
  let browser: Browser;
  let orgKey: string;
  const problems: string[] = [];

  before(async () => {
    gateway = await startGateway();
    const account = (email: string, ...extra: string[]) =>
      svc(
        gateway.env,
        'account',
        'create',
        '--email',
        email,
        '--password',
        PASSWORD,
        '--org',
        'Acme',
        ...extra,
      );
    await account('dona@acme.com', '--role', 'owner', '--mfa-secret', TOTP_SECRET);
    await account('membro@acme.com', '--role', 'member');
    await account('admin@acme.com', '--role', 'admin');
    orgKey = String(
      (await svc(gateway.env, 'key', 'create', '--email', 'dona@acme.com', '--name', 'ci', '--org', 'Acme'))
        .secret,
    );
    browser = await launch();
  });

  after(async () => {
    await browser?.close();
    await gateway?.stop();
    assert.deepEqual(problems, [], 'no console errors and no CSP violations');
  });

  async function signedIn(email: string, code?: string, { refusals = false } = {}): Promise<Page> {
    const page = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    if (!refusals) watchProblems(page, problems);
    await page.goto(`${gateway.origin}/entrar`);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Senha').fill(PASSWORD);
    await page.getByRole('button', { name: 'Entrar' }).click();
    if (code !== undefined) {
      await page.getByLabel('Código').fill(code);
      await page.getByRole('button', { name: 'Confirmar código' }).click();
    }
    await page.getByRole('heading', { name: 'Painel' }).waitFor();
    await page.getByRole('link', { name: 'Organização', exact: true }).click();
    await page.getByRole('heading', { name: 'Acme' }).waitFor();
    return page;
  }

  const clean = async (text = TEXT) => {
    const res = await fetch(`${gateway.origin}/v1/privacy/clean`, {
      method: 'POST',
      headers: { authorization: `Bearer ${orgKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ text }),
    });
    assert.equal(res.status, 200);
    return ((await res.json()) as { clean_text: string }).clean_text;
  };

  it('an owner with a second factor changes the barrier; the next call with a key of the organisation follows it', async () => {
    assert.equal(await clean(), TEXT, 'balanced by default: the surname stays');
    assert.equal(await clean(PHONE), 'Ligue [TELEFONE_1].');
    const page = await signedIn('dona@acme.com', await generate({ secret: TOTP_SECRET }));
    // Every category starts masked.
    const boxes = page.getByRole('group', { name: 'Categorias mascaradas' }).getByRole('checkbox');
    assert.ok((await boxes.count()) >= 5);
    for (const box of await boxes.all()) assert.equal(await box.isChecked(), true);
    await page.getByRole('radio', { name: /Remover/ }).check();
    await page.getByRole('radio', { name: /Estrita/ }).check();
    await page.getByRole('checkbox', { name: 'Telefone' }).uncheck();
    await page.getByRole('button', { name: 'Salvar privacidade' }).click();
    await page.getByText('Configurações de privacidade salvas.').waitFor();
    await screenshots(page, 'organizacao');

    assert.equal(await clean(), 'O [NOME removido] passou aqui.');
    assert.equal(await clean(PHONE), PHONE, 'telefone is no longer masked');
    const shown = await svc(gateway.env, 'org', 'show', '--org', 'Acme');
    assert.equal(shown.privacyPolicy, 'redact');
    assert.equal(shown.nameSensitivity, 'strict');
    assert.deepEqual(shown.unmaskedCategories, ['telefone']);

    // A reload shows what the server keeps.
    await page.reload();
    await page.getByRole('heading', { name: 'Acme' }).waitFor();
    assert.equal(await page.getByRole('radio', { name: /Remover/ }).isChecked(), true);
    assert.equal(await page.getByRole('checkbox', { name: 'Telefone' }).isChecked(), false);
    assert.equal(await page.getByRole('checkbox', { name: 'CPF' }).isChecked(), true);
    await page.close();
  });

  it('a member sees the settings and cannot change them', async () => {
    const page = await signedIn('membro@acme.com');
    await page.getByText('Só proprietários e administradores mudam estas configurações').waitFor();
    assert.equal(await page.getByRole('radio', { name: /Remover/ }).isChecked(), true);
    assert.equal(await page.getByRole('radio', { name: /Remover/ }).isDisabled(), true);
    assert.equal(await page.getByRole('button', { name: 'Salvar privacidade' }).count(), 0);
    await page.close();
  });

  it('an administrator without a second factor is told to enable it, and nothing changes', async () => {
    const page = await signedIn('admin@acme.com', undefined, { refusals: true });
    await page.getByRole('radio', { name: /Marcadores/ }).check();
    await page.getByRole('button', { name: 'Salvar privacidade' }).click();
    await page.getByRole('alert').getByText('exige segundo fator').waitFor();
    assert.equal((await svc(gateway.env, 'org', 'show', '--org', 'Acme')).privacyPolicy, 'redact');
    await page.close();
  });
});

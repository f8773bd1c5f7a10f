// A team's first day, end to end in the console: sign-up → the account founds its
// organisation → enrols a second factor in Perfil → creates an organisation key → a model
// call with that key (through the official openai client, personal data in the prompt) →
// the call's row in Registro → its key in Uso's per-key table → the record of processing in
// Tratamento, downloaded as CSV and JSON. Every page at 360 and 1280 px, no console error or
// failed call; the personal data of the prompt appears in no page, row or download.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import OpenAI from 'openai';
import { generate } from 'otplib';
import type { Browser, Locator, Page } from 'playwright-core';
import { requires } from '../helpers/requirements.js';
import {
  launch,
  NO_BROWSER,
  PAGE_TIMEOUT,
  type Running,
  screenshots,
  startGateway,
  watchProblems,
} from './browser.js';

const PASSWORD = 'senha forte do primeiro dia';
const ORG = 'Clínica Horizonte';
const KEY = 'atendimento';
const SEEDED = ['529.982.247-25', '52998224725', 'joana.prado@exemplo.com.br', 'Joana Prado', '98765-4321'];
const PROMPT =
  'Paciente Joana Prado, CPF 529.982.247-25, e-mail joana.prado@exemplo.com.br, telefone (11) 98765-4321: ' +
  'resuma o atendimento.';

/** Waits for `target`, reloading the page meanwhile: rows of the request log are written in batches. */
async function appears(page: Page, target: Locator): Promise<void> {
  const deadline = Date.now() + PAGE_TIMEOUT;
  for (;;) {
    try {
      await target.first().waitFor({ timeout: 3_000 });
      return;
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await page.reload();
    }
  }
}

function assertNoSeeded(what: string, text: string): void {
  for (const value of SEEDED) assert.ok(!text.includes(value), `${what} holds a seeded value`);
}

describe('a team’s first day: sign-up to the record of processing', { skip: requires(NO_BROWSER) }, () => {
  let gateway: Running;
  let browser: Browser;
  const problems: string[] = [];

  before(async () => {
    gateway = await startGateway({ SIGNUP: 'open' });
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await gateway?.stop();
  });

  it('walks it, and no page, row or export shows the personal data sent', async () => {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      acceptDownloads: true,
    });
    const page = await context.newPage();
    page.setDefaultTimeout(PAGE_TIMEOUT);
    watchProblems(page, problems);

    // Sign-up.
    await page.goto(`${gateway.origin}/entrar`);
    await page.getByRole('main').getByRole('link', { name: 'Criar conta' }).click();
    await page.getByRole('heading', { name: 'Criar conta' }).waitFor();
    await page.getByLabel('E-mail').fill('coordenacao@horizonte.com.br');
    await page.getByLabel('Senha').fill(PASSWORD);
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await page.getByRole('heading', { name: 'Painel' }).waitFor();

    // The organisation, founded by the account, which becomes its owner.
    await page.locator('nav a[href="/organizacao"]').click();
    await page.getByRole('heading', { name: 'Crie sua organização' }).waitFor();
    await page.getByLabel('Nome da organização').fill(ORG);
    await page.getByRole('button', { name: 'Criar organização' }).click();
    await page.getByText(`Organização ${ORG} criada. Sua conta é a proprietária.`).waitFor();

    // Chaves says why an organisation key needs a second factor, and leads to Perfil.
    await page.locator('nav a[href="/chaves"]').click();
    await page.getByLabel('Dona da chave').selectOption({ label: ORG });
    const hint = page.getByTestId('mfa-hint');
    await hint.waitFor();
    await screenshots(page, 'dia-um-chaves-sem-fator');
    await hint.getByRole('link', { name: 'Perfil' }).click();

    // Perfil: the authenticator enrolled with the secret the page shows.
    await page.getByRole('heading', { name: 'Perfil' }).waitFor();
    await page.getByRole('button', { name: 'Ativar código do autenticador' }).click();
    const secret =
      (await page.locator('fieldset').filter({ hasText: 'Segundo fator' }).locator('code').textContent()) ??
      '';
    assert.match(secret, /^[A-Z2-7]{16,}$/);
    await page.getByLabel('Código').fill(await generate({ secret }));
    await page.getByRole('button', { name: 'Ativar', exact: true }).click();
    await page.getByText('Segundo fator ativo').waitFor();
    await screenshots(page, 'dia-um-perfil');

    // The organisation key, its secret shown once.
    await page.locator('nav a[href="/chaves"]').click();
    await page.getByLabel('Nome da chave').fill(KEY);
    await page.getByLabel('Dona da chave').selectOption({ label: ORG });
    await page.getByRole('button', { name: 'Criar chave' }).click();
    const shown = (await page.getByTestId('secret').textContent())?.trim() ?? '';
    assert.match(shown, /^svck_/);
    await page.getByRole('button', { name: 'Já guardei' }).click();
    await page.getByRole('row').filter({ hasText: KEY }).waitFor();
    await screenshots(page, 'dia-um-chaves');

    // A call with the key, as an application makes it.
    const client = new OpenAI({ apiKey: shown, baseURL: `${gateway.origin}/v1`, maxRetries: 0 });
    const answer = await client.chat.completions.create({
      model: 'svc/eco',
      messages: [{ role: 'user', content: PROMPT }],
    });
    assert.ok(answer.choices[0]?.message.content);

    // Registro: the call's row, with what was found per category and never a value.
    await page.locator('nav a[href="/registro"]').click();
    const row = page.getByRole('row').filter({ hasText: KEY }).filter({ hasText: 'svc/eco' });
    await appears(page, row);
    const rowText = (await row.first().textContent()) ?? '';
    assert.match(rowText, /200/);
    assert.match(rowText, /CPF/);
    assertNoSeeded('Registro', (await page.locator('main').textContent()) ?? '');
    await screenshots(page, 'dia-um-registro');
    const logCsv = await download(page, page.getByRole('link', { name: 'Baixar CSV' }));
    assert.match(logCsv, new RegExp(KEY));
    assertNoSeeded('the request log CSV', logCsv);

    // Uso: the key in the per-key table.
    await page.locator('nav a[href="/uso"]').click();
    const perKey = page.locator('table').filter({ hasText: 'Por chave: chamadas, tokens e custo' });
    await appears(page, perKey.getByRole('cell', { name: KEY }));
    await screenshots(page, 'dia-um-uso');

    // Tratamento: the record of processing, on screen and as CSV and JSON.
    await page.locator('nav a[href="/tratamento"]').click();
    const record = page
      .locator('table')
      .filter({ hasText: 'Operações por dia, chave, rota, fornecedor e região' });
    await appears(page, record.getByRole('cell', { name: KEY }));
    assertNoSeeded('Tratamento', (await page.locator('main').textContent()) ?? '');
    await screenshots(page, 'dia-um-tratamento');
    const csv = await download(page, page.getByRole('link', { name: 'Baixar CSV' }));
    assert.match(csv, new RegExp(KEY));
    assertNoSeeded('the record CSV', csv);
    const json = await download(page, page.getByRole('link', { name: 'Baixar JSON' }));
    assert.ok(JSON.parse(json));
    assert.match(json, /cpf/i);
    assertNoSeeded('the record JSON', json);

    await context.close();
    assert.deepEqual(problems, [], 'no console errors or failed calls');
  });
});

/** Clicks a download link and returns the file's text. */
async function download(page: Page, link: Locator): Promise<string> {
  const [file] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const path = await file.path();
  return readFileSync(path, 'utf8');
}

// The ways in, in a real browser against the real server process and a real SMTP server:
// an owner invites from the Chaves page and the invited person sets a password from the
// mail's link; "Esqueci a senha" from Entrar; sign-up when SIGNUP allows it; and the
// organisation-key refusal that names the real rule (a second factor in the session).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { startSmtp, type SmtpPeer } from '../helpers/smtp.js';
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

const PASSWORD = 'senha forte do console 2026';
const skip = CHROMIUM ? false : 'no Chromium found (apt-get install chromium, or set CHROMIUM_PATH)';

function linkIn(raw: string, origin: string, path: string): string {
  const body = raw.replace(/=\r?\n/g, '');
  const match = new RegExp(`${origin.replace(/[.:/]/g, '\\$&')}${path}#[A-Za-z0-9_-]{43}`).exec(body);
  assert.ok(match, `no ${path} link in ${body}`);
  return match[0];
}

describe('ways in, in Chromium', { skip }, () => {
  let smtp: SmtpPeer;
  let gateway: Running;
  let browser: Browser;
  const problems: string[] = [];

  before(async () => {
    smtp = await startSmtp();
    gateway = await startGateway({ SMTP_URL: smtp.url, SIGNUP: 'open' });
    await svc(
      gateway.env,
      'account',
      'create',
      '--email',
      'dona@acme.com',
      '--password',
      PASSWORD,
      '--org',
      'Acme',
    );
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await gateway?.stop();
    await smtp?.close();
    assert.deepEqual(problems, [], 'no console errors on these pages');
  });

  async function open(path: string, { refusals = false } = {}): Promise<Page> {
    const page = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    if (!refusals) watchProblems(page, problems);
    await page.goto(`${gateway.origin}${path}`);
    return page;
  }

  async function signIn(page: Page, email: string, password = PASSWORD) {
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Senha').fill(password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByRole('heading', { name: 'Painel' }).waitFor();
    await page.getByRole('link', { name: 'Chaves', exact: true }).click();
    await page.getByRole('heading', { name: 'Chaves de API' }).waitFor();
  }

  it('an organisation key without a second factor: the message names the product rule, not the organisation', async () => {
    const page = await open('/entrar', { refusals: true });
    await signIn(page, 'dona@acme.com');
    await page.getByLabel('Nome da chave').fill('chave da Acme');
    await page.getByLabel('Dona da chave').selectOption({ label: 'Acme' });
    await page.getByRole('button', { name: 'Criar chave' }).click();
    const alert = page.getByRole('alert').filter({ hasText: /segundo fator/ });
    await alert.waitFor();
    const text = (await alert.textContent()) ?? '';
    assert.doesNotMatch(text, /Esta organização exige/);
    assert.match(text, /regra do produto/);
    await page.close();
  });

  it('the owner invites from Chaves; the link from the mail sets a password and signs the person in', async () => {
    const page = await open('/entrar');
    await signIn(page, 'dona@acme.com');
    const before = smtp.messages.length;
    await page.getByLabel('Convidar (e-mail)').fill('convidada@acme.com');
    await page.getByRole('button', { name: 'Convidar' }).click();
    await page.getByText(/Convite enviado/).waitFor();
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    const link = linkIn(mail!.raw, gateway.origin, '/convite');
    await page.close();

    const guest = await open(link.replace(gateway.origin, ''));
    await guest.getByRole('heading', { name: 'Aceitar convite' }).waitFor();
    await screenshots(guest, 'convite');
    await guest.getByLabel('Seu nome').fill('Convidada');
    await guest.getByLabel('Senha').fill(PASSWORD);
    await guest.getByRole('button', { name: 'Aceitar e entrar' }).click();
    await guest.getByRole('heading', { name: 'Painel' }).waitFor();
    await guest.close();
  });

  it('"Esqueci a senha" from Entrar: the mailed link sets a new password', async () => {
    const page = await open('/entrar');
    await page.getByRole('link', { name: 'Esqueci a senha' }).click();
    await page.getByRole('heading', { name: 'Esqueci a senha' }).waitFor();
    await screenshots(page, 'esqueci');
    const before = smtp.messages.length;
    await page.getByLabel('E-mail').fill('dona@acme.com');
    await page.getByRole('button', { name: 'Enviar o link' }).click();
    await page.getByText(/Se houver uma conta/).waitFor();
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    const link = linkIn(mail!.raw, gateway.origin, '/nova-senha');
    await page.goto(link);
    await page.getByRole('heading', { name: 'Nova senha' }).waitFor();
    await page.getByLabel('Nova senha').fill('outra senha forte 2026');
    await page.getByRole('button', { name: 'Salvar e entrar' }).click();
    await page.getByRole('heading', { name: 'Painel' }).waitFor();
    await page.close();
  });

  it('sign-up when SIGNUP=open', async () => {
    const page = await open('/entrar');
    // The header offers it too; this is the sign-in page's own link.
    await page.getByRole('main').getByRole('link', { name: 'Criar conta' }).click();
    await page.getByRole('heading', { name: 'Criar conta' }).waitFor();
    await screenshots(page, 'cadastro');
    await page.getByLabel('E-mail').fill('nova@exemplo.com');
    await page.getByLabel('Senha').fill(PASSWORD);
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await page.getByRole('heading', { name: 'Painel' }).waitFor();
    await page.close();
  });
});

// Ways in by e-mail, through a real SMTP server on loopback: an owner's invitation and
// "Esqueci a senha". Each link sets a password, expires, and works once; the reset answer
// never says whether an account has the address. Sign-up follows SIGNUP (off by default).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createOrganization, setMember } from '../../../src/gateway/orgs/store.js';
import { startSmtp, type SmtpPeer } from '../../helpers/smtp.js';
import { Browser, type Harness, harness, PASSWORD, signedIn } from './helpers.js';

const NEW_PASSWORD = 'uma senha nova e longa';

/** The link a mail carries (quoted-printable soft breaks undone), and its token. */
function linkIn(raw: string, path: string): { url: string; token: string } {
  const body = raw.replace(/=\r?\n/g, '');
  const match = new RegExp(`(https://svc\\.example\\.com${path}#([A-Za-z0-9_-]{43}))`).exec(body);
  assert.ok(match, `no ${path} link in: ${body}`);
  return { url: match[1]!, token: match[2]! };
}

describe('ways in by e-mail link', () => {
  let smtp: SmtpPeer;
  let h: Harness;
  before(async () => {
    smtp = await startSmtp();
    h = await harness({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'svc <svc@example.com>' } });
  });
  after(async () => {
    await h?.dispose();
    await smtp?.close();
  });

  it('an owner invites by e-mail; the link sets a password, joins the organisation, signs in, once', async () => {
    const { account: owner, browser } = await signedIn(h);
    const org = await createOrganization(h.ctx.db.kysely, `Convites ${Date.now()}`);
    await setMember(h.ctx.db.kysely, org.id, owner.id, 'owner');
    const before = smtp.messages.length;
    const sent = await browser.post('/api/account/organizations/invite', {
      organizationId: org.id,
      email: 'Nova.Pessoa@Example.com',
    });
    assert.equal(sent.status, 200, JSON.stringify(sent.json));
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    assert.deepEqual(mail!.to, ['nova.pessoa@example.com']);
    assert.match(mail!.header('subject') ?? '', /Convite/);
    const { token } = linkIn(mail!.raw, '/convite');

    const guest = new Browser(h.app);
    await guest.bootstrap();
    const weak = await guest.post('/api/auth/invite/accept', { token, password: 'curta' });
    assert.equal(weak.status, 400);
    assert.equal(weak.json.error, 'invalid_password', 'a refused password does not spend the link');
    const accepted = await guest.post('/api/auth/invite/accept', {
      token,
      password: NEW_PASSWORD,
      name: 'Nova',
    });
    assert.equal(accepted.status, 200, JSON.stringify(accepted.json));
    assert.ok(accepted.json.user, 'signed in');
    const orgs = await guest.get('/api/account/organizations');
    assert.deepEqual(
      (orgs.json.organizations as { id: string; role: string }[]).map((o) => [o.id, o.role]),
      [[org.id, 'member']],
    );
    const other = new Browser(h.app);
    await other.bootstrap();
    const again = await other.post('/api/auth/invite/accept', { token, password: NEW_PASSWORD });
    assert.equal(again.status, 400);
    assert.equal(again.json.error, 'invalid_link', 'single use');
    const login = await new Browser(h.app).login('Nova.Pessoa@Example.com', NEW_PASSWORD);
    assert.equal(login.status, 200);
  });

  it('an invitation may give the read-only dpo role; a dpo invites nobody; an unknown role is 400', async () => {
    const { account: owner, browser } = await signedIn(h);
    const org = await createOrganization(h.ctx.db.kysely, `Encarregado ${Date.now()}`);
    await setMember(h.ctx.db.kysely, org.id, owner.id, 'owner');
    const before = smtp.messages.length;
    const sent = await browser.post('/api/account/organizations/invite', {
      organizationId: org.id,
      email: 'dpo@example.com',
      role: 'dpo',
    });
    assert.equal(sent.status, 200, JSON.stringify(sent.json));
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    const guest = new Browser(h.app);
    await guest.bootstrap();
    const accepted = await guest.post('/api/auth/invite/accept', {
      token: linkIn(mail!.raw, '/convite').token,
      password: NEW_PASSWORD,
    });
    assert.equal(accepted.status, 200, JSON.stringify(accepted.json));
    const orgs = await guest.get('/api/account/organizations');
    assert.deepEqual(
      (orgs.json.organizations as { id: string; role: string }[]).map((o) => [o.id, o.role]),
      [[org.id, 'dpo']],
    );
    const invites = await guest.post('/api/account/organizations/invite', {
      organizationId: org.id,
      email: 'outra@example.com',
    });
    assert.equal(invites.status, 403);
    assert.equal(invites.json.error, 'organization_forbidden');
    const unknown = await browser.post('/api/account/organizations/invite', {
      organizationId: org.id,
      email: 'z@example.com',
      role: 'auditor',
    });
    assert.equal(unknown.status, 400);
  });

  it('only owners (and admins, for members) invite; without SMTP the answer says so', async () => {
    const { account: member, browser } = await signedIn(h);
    const org = await createOrganization(h.ctx.db.kysely, `Membros ${Date.now()}`);
    await setMember(h.ctx.db.kysely, org.id, member.id, 'member');
    const refused = await browser.post('/api/account/organizations/invite', {
      organizationId: org.id,
      email: 'x@example.com',
    });
    assert.equal(refused.status, 403);
    assert.equal(refused.json.error, 'organization_forbidden');
    const bad = await browser.post('/api/account/organizations/invite', {
      organizationId: org.id,
      email: 'não',
    });
    assert.equal(bad.status, 400);
    assert.equal(bad.json.error, 'invalid_email');

    const noMail = await harness();
    try {
      const { account, browser: b } = await signedIn(noMail);
      const o = await createOrganization(noMail.ctx.db.kysely, `Sem correio ${Date.now()}`);
      await setMember(noMail.ctx.db.kysely, o.id, account.id, 'owner');
      const res = await b.post('/api/account/organizations/invite', {
        organizationId: o.id,
        email: 'y@example.com',
      });
      assert.equal(res.status, 503);
      assert.equal(res.json.error, 'mail_not_configured');
    } finally {
      await noMail.dispose();
    }
  });

  it('"Esqueci a senha": the same answer for any address; the link sets a new password once and stops the old one', async () => {
    const account = await h.account(`esqueci${Date.now()}@example.com`);
    const before = smtp.messages.length;
    const b = new Browser(h.app);
    await b.bootstrap();
    // The unknown address first: anything sent for it would start before the known one's mail.
    const nobody = `ninguem${Date.now()}@example.com`;
    const unknown = await b.post('/api/auth/forgot', { email: nobody });
    const known = await b.post('/api/auth/forgot', { email: account.email });
    assert.deepEqual([known.status, known.body], [unknown.status, unknown.body], 'no account enumeration');
    assert.equal(known.status, 200);
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    assert.deepEqual(mail!.to, [account.email]);
    // A reset mail goes out only for a link, and the link is stored before the answer: with
    // none stored for the unknown address, nothing can still be sent for it.
    const links = await h.ctx.db.kysely
      .selectFrom('access_links')
      .select('email')
      .where('email', '=', nobody)
      .execute();
    assert.deepEqual(links, [], 'no link for an unknown address');
    assert.equal(smtp.messages.length, before + 1, 'nothing is sent for an unknown address');
    const { token } = linkIn(mail!.raw, '/nova-senha');

    const reset = await b.post('/api/auth/reset', { token, password: NEW_PASSWORD });
    assert.equal(reset.status, 200, JSON.stringify(reset.json));
    assert.ok(reset.json.user);
    assert.equal((await new Browser(h.app).login(account.email, PASSWORD)).status, 401, 'old password stops');
    assert.equal((await new Browser(h.app).login(account.email, NEW_PASSWORD)).status, 200);
    const twice = await b.post('/api/auth/reset', { token, password: 'outra senha bem longa' });
    assert.equal(twice.json.error, 'invalid_link');
  });

  it('a reset link expires after an hour', async () => {
    const account = await h.account(`expira${Date.now()}@example.com`);
    const before = smtp.messages.length;
    const b = new Browser(h.app);
    await b.bootstrap();
    await b.post('/api/auth/forgot', { email: account.email });
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    const { token } = linkIn(mail!.raw, '/nova-senha');
    h.clock.t += 61 * 60_000;
    const late = await b.post('/api/auth/reset', { token, password: NEW_PASSWORD });
    assert.equal(late.status, 400);
    assert.equal(late.json.error, 'invalid_link');
  });
});

describe('sign-up follows SIGNUP', () => {
  for (const [mode, status, released] of [
    ['off', 403, null],
    ['review', 200, 0],
    ['open', 200, 1],
  ] as const) {
    it(`SIGNUP=${mode}`, async () => {
      const h = await harness({ env: { SIGNUP: mode } });
      try {
        const b = new Browser(h.app);
        const boot = await b.bootstrap();
        assert.equal(boot.json.signup, mode);
        const email = `cadastro-${mode}@example.com`;
        const res = await b.post('/api/auth/signup', { email, password: PASSWORD });
        assert.equal(res.status, status, JSON.stringify(res.json));
        if (status === 403) assert.equal(res.json.error, 'signup_closed');
        const row = await h.ctx.db.kysely
          .selectFrom('accounts')
          .select('released')
          .where('email', '=', email)
          .executeTakeFirst();
        assert.equal(row ? Number(row.released) : null, released);
      } finally {
        await h.dispose();
      }
    });
  }
});

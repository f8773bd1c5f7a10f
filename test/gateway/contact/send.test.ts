// Contact messages e-mailed through a real SMTP server on loopback: to the owner, reply-to
// the sender; one per 10 seconds per network (a burst waits in the queue and is sent
// without error; other networks are not held up); 503 when mail or `contact.to` is
// missing; the sender's personal data never in the log and not kept once sent.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startSmtp, type SmtpPeer } from '../../helpers/smtp.js';
import { waitFor } from '../../helpers/wait.js';
import type { Wire } from '../../fakes/upstream.js';
import { CPF, PHONE } from '../models/helpers.js';
import { contactConfig, listening, OWNER, postContact } from './helpers.js';
import { writeConfig } from '../models/helpers.js';

const SENDER = { name: 'Joana Prado', email: 'joana.prado@empresa.com.br' };
const PERSONAL = [SENDER.name, SENDER.email, CPF, PHONE];

describe('contact by e-mail', () => {
  let gw: Awaited<ReturnType<typeof listening>>;
  let smtp: SmtpPeer;
  before(async () => {
    smtp = await startSmtp();
    gw = await listening({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'svc <no-reply@svc.example>',
      SVC_CONFIG: contactConfig(),
      TRUSTED_PROXIES: '127.0.0.1',
    });
  });
  after(async () => {
    await gw.dispose();
    await smtp.close();
  });

  it('sends three quick messages of one network as three e-mails at least 10 s apart, replying to the sender', async () => {
    const from = { 'x-forwarded-for': '203.0.113.7' };
    const started = Date.now();
    for (let i = 1; i <= 3; i++) {
      const res = await postContact(
        gw.origin,
        {
          ...SENDER,
          message: `Mensagem ${i}: meu CPF é ${CPF}, telefone ${PHONE}.`,
          tipo: 'patrocinio',
          espaco: ['rodape'],
          duracao: '90',
        },
        from,
      );
      assert.equal(res.status, 200);
      assert.deepEqual(await res.json(), { ok: true });
    }
    // All three answered at once: the wait is the queue's, not the caller's.
    assert.ok(Date.now() - started < 5_000);
    const mails = await smtp.waitFor(3, 60_000);
    for (const [i, mail] of mails.entries()) {
      assert.deepEqual(mail.to, [OWNER]);
      assert.equal(mail.from, 'no-reply@svc.example');
      assert.equal(mail.header('reply-to'), SENDER.email);
      assert.match(mail.header('subject') ?? '', /proposta[ _]de[ _]patroc/i); // MIME-encoded words
      assert.ok(!(mail.header('subject') ?? '').includes('Joana'), 'no personal data in the subject');
      assert.match(mail.raw, new RegExp(`Mensagem ${i + 1}:`));
      assert.match(mail.raw, /Dura=C3=A7=C3=A3o: 90 dias|Duração: 90 dias/);
    }
    for (let i = 1; i < mails.length; i++) {
      const gap = mails[i]!.receivedAt - mails[i - 1]!.receivedAt;
      assert.ok(gap >= 10_000, `gap ${i}: ${gap} ms`);
    }
  });

  it('does not hold up another network', async () => {
    const before = smtp.messages.length;
    const t0 = Date.now();
    await postContact(gw.origin, { ...SENDER, message: 'primeira' }, { 'x-forwarded-for': '198.51.100.1' });
    await postContact(gw.origin, { ...SENDER, message: 'segunda' }, { 'x-forwarded-for': '198.51.100.200' });
    // .1 and .200 are two IPv4 networks; an IPv6 /64 is one network.
    await smtp.waitFor(before + 2, 30_000);
    assert.ok(Date.now() - t0 < 8_000, 'two networks are not paced together');
  });

  it('keeps the sender out of the log and blanks the message once sent', async () => {
    const log = gw.ctx.logs.text;
    for (const value of PERSONAL) assert.ok(!log.includes(value), 'a seeded value reached the log');
    assert.ok(!log.includes('203.0.113.7'), 'the address reached the log');
    const contactJobs = async () =>
      (await gw.ctx.db.kysely
        .selectFrom('jobs' as never)
        .select(['status' as never, 'payload' as never])
        .where('kind' as never, '=', 'contact.send' as never)
        .execute()) as { status: string; payload: string }[];
    // The SMTP server has the mails; the completions commit just after.
    const rows = await waitFor('every contact job completed', async () => {
      const now = await contactJobs();
      return now.every((r) => r.status === 'completed') && now;
    });
    assert.ok(rows.length >= 5);
    for (const row of rows) {
      assert.equal(row.status, 'completed');
      assert.equal(row.payload, '{}');
    }
    const networks = await gw.ctx.db.kysely
      .selectFrom('contact_networks' as never)
      .selectAll()
      .execute();
    assert.ok(networks.length >= 3);
    assert.ok(!JSON.stringify(networks).includes('203.0.113'), 'networks are stored as keyed hashes');
  });
});

describe('contact not configured', () => {
  it('answers 503 without SMTP_URL, and without contact.to', async () => {
    const smtp = await startSmtp();
    const envs: Record<string, string>[] = [
      { SVC_CONFIG: contactConfig() },
      { SMTP_URL: smtp.url, SVC_CONFIG: writeConfig({}) },
    ];
    for (const env of envs) {
      const gw = await listening(env);
      try {
        const res = await postContact(gw.origin, { ...SENDER, message: 'oi' });
        assert.equal(res.status, 503);
        const body = (await res.json()) as Wire;
        assert.equal(body.error, 'not_configured');
        assert.equal(typeof body.message, 'string');
      } finally {
        await gw.dispose();
      }
    }
    assert.equal(smtp.messages.length, 0);
    await smtp.close();
  });
});

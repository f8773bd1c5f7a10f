import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { loadConfig } from '../../../src/config.js';
import { createMailer, MailError } from '../../../src/platform/mail/index.js';
import { type SmtpPeer, startSmtp } from '../../helpers/smtp.js';

let smtp: SmtpPeer;
before(async () => {
  smtp = await startSmtp();
});
after(() => smtp.close());

test('sends through a real SMTP server, with reply-to and an attachment', async () => {
  const mailer = createMailer({ smtpUrl: smtp.url, from: 'svc <svc@example.com>' });
  assert.equal(mailer.configured, true);
  await mailer.send({
    to: 'dono@example.com',
    subject: 'Comprovante Pix',
    text: 'Olá',
    replyTo: 'pagador@example.com',
    attachments: [{ filename: 'comprovante.png', content: Buffer.from('PNGDATA'), contentType: 'image/png' }],
  });
  const [mail] = await smtp.waitFor(1);
  assert.deepEqual(mail?.to, ['dono@example.com']);
  assert.equal(mail?.from, 'svc@example.com');
  assert.equal(mail?.header('reply-to'), 'pagador@example.com');
  assert.match(mail?.raw ?? '', /filename="?comprovante\.png"?/);
  assert.ok(mail?.raw.includes(Buffer.from('PNGDATA').toString('base64')));
  mailer.close();
});

test('a rejecting server gives MailError("rejected") with no address in the message', async () => {
  smtp.failWith = { code: 550, message: 'mailbox dono@example.com unavailable' };
  const mailer = createMailer({ smtpUrl: smtp.url });
  try {
    await assert.rejects(
      mailer.send({ to: 'dono@example.com', subject: 's', text: 't' }),
      (err: unknown) => err instanceof MailError && err.reason === 'rejected' && !err.message.includes('@'),
    );
  } finally {
    smtp.failWith = null;
    mailer.close();
  }
});

test('an unreachable server gives MailError("unreachable")', async () => {
  const closed = await startSmtp();
  const url = closed.url;
  await closed.close();
  const mailer = createMailer({ smtpUrl: url });
  await assert.rejects(
    mailer.send({ to: 'a@example.com', subject: 's', text: 't' }),
    (err: unknown) => err instanceof MailError && err.reason === 'unreachable',
  );
  mailer.close();
});

test('without SMTP_URL mail is "not configured", a value rather than a crash', async () => {
  const mailer = createMailer({});
  assert.equal(mailer.configured, false);
  await assert.rejects(mailer.send({ to: 'a@example.com', subject: 's', text: 't' }), (err: unknown) => {
    return err instanceof MailError && err.reason === 'not_configured';
  });
});

test('SMTP_URL and MAIL_FROM are validated with one message each, the URL never echoed', () => {
  assert.throws(
    () =>
      loadConfig({
        SVC_DATA_DIR: '/tmp/x',
        SMTP_URL: 'http://user:segredo@host',
        MAIL_FROM: 'not an address',
      }),
    (err: Error & { problems?: string[] }) => {
      const text = String(err.message) + JSON.stringify(err.problems ?? []);
      return /SMTP_URL/.test(text) && /MAIL_FROM/.test(text) && !text.includes('segredo');
    },
  );
  const ok = loadConfig({
    SVC_DATA_DIR: '/tmp/x',
    SMTP_URL: 'smtps://u:p@mail.example.com:465',
    MAIL_FROM: 'Svc <svc@example.com>',
  });
  assert.deepEqual(ok.mail, { smtpUrl: 'smtps://u:p@mail.example.com:465', from: 'Svc <svc@example.com>' });
});

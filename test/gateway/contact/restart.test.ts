// A restart loses no contact message: three messages of one network are accepted by a real
// `svc serve gateway` process, which is stopped (SIGTERM) once the first e-mail is out; a
// new process sends the other two from the durable queue — each once, still 10 s apart.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openDb } from '../../../src/platform/db/index.js';
import { type TestStorage, testStorage } from '../../helpers/db.js';
import { type Child, spawnSvc } from '../../helpers/process.js';
import { startSmtp, type SmtpPeer } from '../../helpers/smtp.js';
import { waitFor } from '../../helpers/wait.js';
import { contactConfig, OWNER, postContact } from './helpers.js';

describe('contact queue across a process restart', () => {
  let storage: TestStorage;
  let smtp: SmtpPeer;
  let env: Record<string, string>;
  const children: Child[] = [];

  const serve = async () => {
    const child = spawnSvc(['serve', 'gateway'], env);
    children.push(child);
    const line = await child.waitFor((l) => l.event === 'listening', 120_000);
    return { child, url: (line.urls as Record<string, string>).gateway! };
  };

  before(async () => {
    storage = await testStorage();
    smtp = await startSmtp();
    env = {
      ...storage.env,
      SVC_SECRET: 'test-secret-test-secret-test-secret-0000',
      GATEWAY_PORT: '0',
      SMTP_URL: smtp.url,
      SVC_CONFIG: contactConfig(),
    };
  });
  after(async () => {
    for (const c of children) if (c.proc.exitCode === null) c.proc.kill('SIGKILL');
    await smtp.close();
    await storage.drop();
  });

  it('sends every accepted message once, paced, after a restart', async () => {
    const first = await serve();
    for (let i = 1; i <= 3; i++) {
      const res = await postContact(first.url, {
        name: 'Ana',
        email: 'ana@exemplo.com.br',
        message: `Mensagem número ${i}`,
      });
      assert.equal(res.status, 200);
    }
    await smtp.waitFor(1, 60_000);
    first.child.proc.kill('SIGTERM');
    assert.equal(await first.child.exit(), 0);
    assert.equal(smtp.messages.length, 1, 'the other two were still waiting their turn');

    await serve();
    const mails = await smtp.waitFor(3, 90_000);
    // A duplicate can only come from a job that is still to run: once every contact job is
    // completed, the count is final.
    const db = openDb(storage);
    try {
      await waitFor('every contact job completed', async () => {
        const open = await db.kysely
          .selectFrom('jobs')
          .select('id')
          .where('kind', '=', 'contact.send')
          .where('status', '!=', 'completed')
          .execute();
        return open.length === 0;
      });
    } finally {
      await db.close();
    }
    assert.equal(smtp.messages.length, 3);
    const numbers = mails
      .map((m) => /Mensagem n=C3=BAmero (\d)|Mensagem número (\d)/.exec(m.raw))
      .map((m) => m?.[1] ?? m?.[2]);
    assert.deepEqual(numbers, ['1', '2', '3']);
    for (const m of mails) assert.deepEqual(m.to, [OWNER]);
    for (let i = 1; i < mails.length; i++) {
      const gap = mails[i]!.receivedAt - mails[i - 1]!.receivedAt;
      assert.ok(gap >= 10_000, `gap ${i}: ${gap} ms`);
    }
  });
});

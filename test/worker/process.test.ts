// The gateway and the reference worker as real processes: the official `openai` client's
// embeddings.create through a worker to a fake upstream; a worker killed with SIGKILL
// mid-job whose job a second worker completes after the lease expires; SIGTERM that
// finishes the job in hand; personal data never reaching the worker, the upstream, the
// database or the logs unmasked.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import OpenAI from 'openai';
import { vectorOf } from '../fakes/embeddings.js';
import { CPF, EMAIL, SEEDED } from '../gateway/workers/helpers.js';
import { type Cluster, cluster, waitUntil } from './setup.js';

describe('reference worker in real processes', () => {
  let c: Cluster;
  let url: string;
  let gatewayLogs: string[];

  before(async () => {
    c = await cluster({ waits: { embeddings: 30 }, lease_seconds: 2 });
    const gw = await c.gateway();
    url = gw.url;
    gatewayLogs = gw.child.stdout;
  });
  after(() => c.dispose());

  it('the official openai client gets embeddings through the worker; only placeholders leave the gateway', async () => {
    const worker = await c.worker(url);
    const client = new OpenAI({ apiKey: c.key.secret, baseURL: `${url}/v1` });
    const res = await client.embeddings.create({
      model: 'svc/embeddings',
      input: [`Cliente Joana Prado, CPF ${CPF}`, `e-mail ${EMAIL}`],
    });
    assert.equal(res.data.length, 2);
    const sent = c.fake.received.at(-1)!;
    assert.deepEqual(sent.texts, ['Cliente [NOME_1], CPF [CPF_1]', 'e-mail [EMAIL_1]']);
    assert.deepEqual(res.data[0]!.embedding, vectorOf(sent.texts[0]!));
    assert.deepEqual(res.data[1]!.embedding, vectorOf(sent.texts[1]!));
    assert.equal(res.model, 'fake-emb');
    const id = (res as unknown as { id: string }).id;
    assert.match(id, /^svcj_/);

    const rows = JSON.stringify(
      await c.ctx.db.kysely
        .selectFrom('jobs' as never)
        .selectAll()
        .execute(),
    );
    for (const v of SEEDED) {
      assert.ok(!JSON.stringify(c.fake.received).includes(v), `upstream saw ${v}`);
      assert.ok(!rows.includes(v), `database holds ${v}`);
      assert.ok(!gatewayLogs.join('\n').includes(v), `gateway logs hold ${v}`);
      assert.ok(!worker.stdout.join('\n').includes(v), `worker logs hold ${v}`);
    }
    worker.proc.kill('SIGTERM');
    assert.equal(await worker.exit(), 0);
  });

  it('a worker killed with SIGKILL mid-job loses nothing: after the lease expires a second worker completes it', async () => {
    c.fake.hold = (t) => t.includes('segura');
    const w1 = await c.worker(url, ['--name', 'w1']);
    const pending = fetch(`${url}/v1/embeddings`, {
      method: 'POST',
      headers: { authorization: `Bearer ${c.key.secret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ input: 'segura isto' }),
    });
    await waitUntil(() => c.fake.received.some((r) => r.texts.includes('segura isto')));
    w1.proc.kill('SIGKILL');
    await w1.exit();
    c.fake.hold = undefined;
    await c.worker(url, ['--name', 'w2']);
    const res = await pending;
    assert.equal(res.status, 200);
    const body = (await res.json()) as { status: string; attempts: number; data: { embedding: number[] }[] };
    assert.equal(body.status, 'completed');
    assert.equal(body.attempts, 2);
    assert.deepEqual(body.data[0]!.embedding, vectorOf('segura isto'));
    assert.equal(c.fake.received.filter((r) => r.texts.includes('segura isto')).length, 2);
  });

  it('SIGTERM finishes the job in hand, then the worker exits 0', async () => {
    c.fake.hold = (t) => t.includes('termina');
    // the worker from the previous test is still running; give it company on this capability
    const w3 = await c.worker(url, ['--name', 'w3']);
    const pending = fetch(`${url}/v1/embeddings`, {
      method: 'POST',
      headers: { authorization: `Bearer ${c.key.secret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ input: 'termina isto' }),
    });
    await waitUntil(() => c.fake.received.some((r) => r.texts.includes('termina isto')));
    for (const child of c.children.filter((ch) => ch.proc.exitCode === null && ch !== c.children[0]))
      child.proc.kill('SIGTERM');
    setTimeout(() => c.fake.release(), 300);
    const res = await pending;
    assert.equal(res.status, 200);
    assert.equal(((await res.json()) as { attempts: number }).attempts, 1);
    assert.equal(await w3.exit(), 0);
  });
});

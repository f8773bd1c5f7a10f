// Two gateway instances and two reference workers on one database: 200 jobs, each leased
// and completed exactly once (no lease expires here, so the upstream sees every input once).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { vectorOf } from '../fakes/embeddings.js';
import { type Cluster, cluster, waitUntil } from './setup.js';
import { kyselyOf } from '../../src/modules.js';

const JOBS = 200;

describe('two gateways, two workers, one database', () => {
  let c: Cluster;
  let urls: string[];

  before(async () => {
    c = await cluster({ waits: { embeddings: 0 }, lease_seconds: 30 });
    urls = [(await c.gateway()).url, (await c.gateway()).url];
    await c.worker(urls[0]!, ['--name', 'wa', '--concurrency', '4']);
    await c.worker(urls[1]!, ['--name', 'wb', '--concurrency', '4']);
  });
  after(() => c.dispose());

  it(`${JOBS} jobs, created on both instances, each completed exactly once`, async () => {
    const ids: string[] = [];
    for (let batch = 0; batch < JOBS; batch += 20) {
      const made = await Promise.all(
        Array.from({ length: 20 }, async (_, j) => {
          const i = batch + j;
          const res = await fetch(`${urls[i % 2]}/v1/embeddings`, {
            method: 'POST',
            headers: { authorization: `Bearer ${c.key.secret}`, 'content-type': 'application/json' },
            body: JSON.stringify({ input: `item-${i}` }),
          });
          assert.equal(res.status, 202);
          return ((await res.json()) as { id: string }).id;
        }),
      );
      ids.push(...made);
    }
    const db = kyselyOf(c.ctx.db);
    await waitUntil(
      async () => {
        const r = await db
          .selectFrom('jobs')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('id', 'in', ids)
          .where('status', '=', 'completed')
          .executeTakeFirst();
        return Number(r?.n) === JOBS;
      },
      120_000,
      200,
    );
    const rows = await db
      .selectFrom('jobs')
      .select(['id', 'attempts', 'lease_token', 'result'])
      .where('id', 'in', ids)
      .execute();
    assert.equal(rows.length, JOBS);
    for (const r of rows) {
      assert.equal(Number(r.attempts), 1);
      assert.equal(Number(r.lease_token), 1);
    }
    const seen = new Map<string, number>();
    for (const r of c.fake.received) for (const t of r.texts) seen.set(t, (seen.get(t) ?? 0) + 1);
    for (let i = 0; i < JOBS; i++) assert.equal(seen.get(`item-${i}`), 1, `item-${i}`);
    // each result is its own input's vector, read back through either instance
    for (const [n, id] of ids.entries()) {
      if (n % 20 !== 0) continue;
      const res = await fetch(`${urls[(n + 1) % 2]}/v1/jobs/${id}`, {
        headers: { authorization: `Bearer ${c.key.secret}` },
      });
      const body = (await res.json()) as { result: { data: { embedding: number[] }[] } };
      assert.deepEqual(body.result.data[0]!.embedding, vectorOf(`item-${n}`));
    }
    const caps = await fetch(`${urls[1]}/v1/capabilities`, {
      headers: { authorization: `Bearer ${c.key.secret}` },
    });
    const names = ((await caps.json()) as { workers: { name: string }[] }).workers.map((w) => w.name).sort();
    assert.deepEqual(names, ['wa', 'wb']);
  });
});

// `svc serve gateway --processes 2`: two serving processes behind one port share state the
// way separate instances do. Every request below goes on a new connection, which the
// primary hands to the workers in turn, so each check spans both processes: per-minute
// limits, quotas, revocation, prepaid credit and job waits stay exact.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { balanceOf } from '../../src/gateway/billing/ledger.js';
import { revokeKey } from '../../src/gateway/keys/store.js';
import { PRODUCT_ID } from '../../src/gateway/product.js';
import { openDb } from '../../src/platform/db/index.js';
import { fakeOpenAI } from '../fakes/openai.js';
import type { FakeUpstream } from '../fakes/upstream.js';
import { paymentsConfig } from '../gateway/billing/config.js';
import { prepaidKey } from '../gateway/billing/prepaid.js';
import { WORKER_TOKEN } from '../gateway/workers/helpers.js';
import { onPostgres, type TestStorage, testStorage } from '../helpers/db.js';
import { makeKey } from '../helpers/gateway.js';
import { type Child, spawnSvc } from '../helpers/process.js';
import { catalogueModel, MICRO_A_TOKEN, openaiVendor } from '../helpers/catalogue.js';
import { seededStorage, serve } from '../helpers/served.js';

interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary answers loosely
  json: any;
}

/** One request on a connection of its own (agent: false), so the primary picks a worker for it. */
function fresh(
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = httpRequest(
      url,
      {
        method,
        agent: false,
        headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown = null;
          try {
            json = JSON.parse(text);
          } catch {}
          resolve({ status: res.statusCode ?? 0, json });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Child processes of `pid` with their CPU time so far (clock ticks), from /proc. */
function childrenCpu(pid: number): Map<number, number> {
  const out = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) === pid) out.set(Number(name), Number(fields[11]) + Number(fields[12]));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

const chat = (model = 'svc/gpt') => ({ model, messages: [{ role: 'user', content: 'olá' }], max_tokens: 50 });

describe(`two serving processes (${onPostgres ? 'postgres' : 'sqlite'})`, () => {
  let upstream: FakeUpstream;
  let storage: TestStorage;
  let child: Child;
  let base: string;
  let metrics: string;
  let env: Record<string, string>;
  let keys: {
    limited: string;
    quota: string;
    revoked: { secret: string; keyId: string; accountId: string };
    prepaid: Awaited<ReturnType<typeof prepaidKey>>;
    plain: string;
  };

  before(async () => {
    upstream = await fakeOpenAI();
    const config = paymentsConfig({
      ...openaiVendor(upstream.url, [catalogueModel('svc/gpt', { price: MICRO_A_TOKEN })]),
      workers: { waits: { embeddings: 20 }, lease_seconds: 30 },
    });
    const seeded = await seededStorage(
      async (ctx) => ({
        limited: (await makeKey(ctx, { org: { requests_per_minute: 10 } })).secret,
        quota: (await makeKey(ctx, { org: { monthly_quota: 10 } })).secret,
        revoked: await makeKey(ctx),
        // 1 micro-dollar per token: a call reserves ~70 and costs 18 (the fake's usage).
        prepaid: await prepaidKey(ctx, 200),
        plain: (await makeKey(ctx)).secret,
      }),
      { ...config, WORKER_TOKEN, METRICS_PORT: '0' },
    );
    storage = seeded.storage;
    env = seeded.env;
    keys = seeded.seed;
    const served = await serve(['gateway', '--processes', '2'], env);
    child = served.child;
    base = served.urls.gateway!;
    metrics = served.urls.metrics!;
  });

  after(async () => {
    child?.proc.kill('SIGTERM');
    const code = await child?.exit();
    await upstream?.stop();
    await storage?.drop();
    const notes = child?.stdout.filter((l) => !l.includes('"msg":"request"')).join('\n');
    assert.equal(
      code,
      0,
      `the primary exits 0 once both processes drained:\n${notes}${child?.stderr.join('')}`,
    );
  });

  it('runs two processes that both answer', async () => {
    const beforeCpu = childrenCpu(child.proc.pid!);
    assert.equal(beforeCpu.size, 2, `children of the primary: ${[...beforeCpu.keys()]}`);
    for (let i = 0; i < 300; i++) assert.equal((await fresh(`${base}/api/health`, 'GET', {})).status, 200);
    const afterCpu = childrenCpu(child.proc.pid!);
    for (const [pid, ticks] of beforeCpu) {
      assert.ok((afterCpu.get(pid) ?? 0) > ticks, `process ${pid} did no work`);
    }
    // One scrape on the primary sums both processes' counters.
    const text = await (await fetch(`${metrics}/metrics`)).text();
    const line = text
      .split('\n')
      .find((l) => l.startsWith('svc_http_requests_total{') && l.includes('route="/api/health"'));
    assert.match(line ?? '', / 300$/, line);
  });

  it('enforces one per-minute limit across both processes', async () => {
    const auth = { authorization: `Bearer ${keys.limited}` };
    const answers = await Promise.all(
      Array.from({ length: 24 }, () => fresh(`${base}/v1/models`, 'GET', auth)),
    );
    const statuses = answers.map((a) => a.status).sort();
    assert.equal(statuses.filter((s) => s === 200).length, 10, statuses.join(','));
    assert.equal(statuses.filter((s) => s === 429).length, 14);
  });

  it('enforces the monthly quota across both processes', async () => {
    const auth = { authorization: `Bearer ${keys.quota}` };
    const first = await fresh(`${base}/v1/chat/completions`, 'POST', auth, chat());
    assert.equal(first.status, 200);
    // Usage is written within 100 ms; after that every process refuses.
    const deadline = Date.now() + 20_000;
    let refused: Answer[] = [];
    while (Date.now() < deadline) {
      refused = await Promise.all(
        Array.from({ length: 6 }, () => fresh(`${base}/v1/chat/completions`, 'POST', auth, chat())),
      );
      if (refused.every((a) => a.status === 429)) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    for (const a of refused) assert.equal(a.json?.error?.code, 'quota_exceeded');
  });

  it('stops a revoked key on every process at once', async () => {
    const auth = { authorization: `Bearer ${keys.revoked.secret}` };
    assert.equal((await fresh(`${base}/v1/models`, 'GET', auth)).status, 200);
    const db = openDb(storage);
    try {
      assert.ok(await revokeKey(db.kysely, keys.revoked.accountId, PRODUCT_ID, keys.revoked.keyId));
    } finally {
      await db.close();
    }
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => fresh(`${base}/v1/models`, 'GET', auth)),
    );
    assert.deepEqual(
      answers.map((a) => a.status),
      Array(8).fill(401),
    );
  });

  it('never spends more prepaid credit than the balance, across both processes', async () => {
    const auth = { authorization: `Bearer ${keys.prepaid.key.secret}` };
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => fresh(`${base}/v1/chat/completions`, 'POST', auth, chat())),
    );
    const ok = answers.filter((a) => a.status === 200).length;
    const refused = answers.filter((a) => a.status === 402).length;
    assert.equal(ok + refused, 30, answers.map((a) => a.status).join(','));
    assert.ok(ok >= 2 && refused > 0, `${ok} paid, ${refused} refused`);
    const db = openDb(storage);
    try {
      const wallet = `org:${keys.prepaid.key.organizationId}`;
      const deadline = Date.now() + 20_000;
      let rows: { state: string; actual_micros: number | null }[] = [];
      while (Date.now() < deadline) {
        rows = await db.kysely
          .selectFrom('credit_reservations')
          .select(['state', 'actual_micros'])
          .where('wallet', '=', wallet)
          .execute();
        if (rows.length === ok && rows.every((r) => r.state === 'settled')) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      assert.equal(rows.length, ok, 'one reservation per paid call');
      assert.ok(rows.every((r) => r.state === 'settled'));
      const charged = rows.reduce((t, r) => t + Number(r.actual_micros), 0);
      const balance = await balanceOf(db, keys.prepaid.wallet);
      assert.equal(balance, 200 - charged);
      assert.ok(balance >= 0);
    } finally {
      await db.close();
    }
  });

  it('wakes a caller waiting for a worker job whichever process the worker reached', async () => {
    const asWorker = { authorization: `Bearer ${WORKER_TOKEN}` };
    const registered = await fresh(`${base}/api/worker/register`, 'POST', asWorker, {
      name: 'w',
      version: '1',
      capabilities: ['svc.embeddings'],
    });
    const workerId = registered.json.worker_id as string;
    const asThisWorker = { ...asWorker, 'x-worker-key': registered.json.worker_key as string };
    for (let i = 0; i < 4; i++) {
      const started = Date.now();
      const waiting = fresh(
        `${base}/v1/embeddings`,
        'POST',
        { authorization: `Bearer ${keys.plain}` },
        { input: `texto ${i}` },
      );
      let leased: Answer | undefined;
      while (!leased || leased.status === 204) {
        leased = await fresh(`${base}/api/worker/lease`, 'POST', asThisWorker, {
          worker_id: workerId,
          wait_seconds: 5,
        });
      }
      const job = leased.json.job as { id: string; lease_token: string };
      const done = await fresh(
        `${base}/api/worker/jobs/${job.id}/complete`,
        'POST',
        { ...asWorker, 'x-lease-token': String(job.lease_token) },
        {
          result: {
            object: 'list',
            data: [{ object: 'embedding', index: 0, embedding: [i, 1] }],
            model: 'm',
            usage: { prompt_tokens: 1, total_tokens: 1 },
          },
        },
      );
      assert.equal(done.status, 200);
      const answer = await waiting;
      assert.equal(answer.status, 200, JSON.stringify(answer.json));
      assert.deepEqual(answer.json.data[0].embedding, [i, 1]);
      assert.ok(Date.now() - started < 20_000);
    }
  });

  it('starts another process when one dies', async () => {
    const [victim] = [...childrenCpu(child.proc.pid!).keys()];
    process.kill(victim!, 'SIGKILL');
    const deadline = Date.now() + 60_000;
    let now = childrenCpu(child.proc.pid!);
    while (Date.now() < deadline && (now.size !== 2 || now.has(victim!))) {
      await new Promise((r) => setTimeout(r, 100));
      now = childrenCpu(child.proc.pid!);
    }
    assert.equal(now.size, 2);
    assert.ok(!now.has(victim!));
    await child.waitFor((l) => l.msg === 'a serving process died; starting another', 10_000);
    for (let i = 0; i < 10; i++) assert.equal((await fresh(`${base}/api/health`, 'GET', {})).status, 200);
  });
});

describe('svc serve --processes: bad values', () => {
  it('refuses anything but a whole number from 1 or auto, with exit 2', async () => {
    for (const bad of ['0', 'two', '1.5', '=-1']) {
      const c = spawnSvc(
        [
          'serve',
          'gateway',
          bad.startsWith('=') ? `--processes${bad}` : '--processes',
          ...(bad.startsWith('=') ? [] : [bad]),
        ],
        { GATEWAY_PORT: '0', LOG_LEVEL: 'silent' },
      );
      assert.equal(await c.exit(), 2, bad);
      assert.match(c.stderr.join(''), /--processes expects a whole number from 1 to 256, or auto/);
    }
  });

  it('stops with exit 1, the port named, when the port is taken', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = String((taken.address() as { port: number }).port);
    const storage = await testStorage();
    try {
      const c = spawnSvc(['serve', 'gateway', '--processes', '2'], { ...storage.env, GATEWAY_PORT: port });
      const timer = setTimeout(() => c.proc.kill('SIGKILL'), 90_000);
      const code = await c.exit();
      clearTimeout(timer);
      assert.equal(code, 1, 'a worker that cannot listen must not leave the primary waiting');
      assert.match(
        c.stderr.join(''),
        new RegExp(`GATEWAY_PORT: port ${port} on 127.0.0.1 is already in use`),
      );
    } finally {
      taken.close();
      await storage.drop();
    }
  });
});

// A database lock held by another process must not stop the services: a real second
// process holds the write lock (SQLite: BEGIN IMMEDIATE on the same file; PostgreSQL: an
// EXCLUSIVE lock on the tables a call writes) for 10 s while a real `svc serve all` answers
// the health routes of all three services on time throughout, a write waits for
// DATABASE_LOCK_WAIT_MS and then answers 503 `database_busy` with Retry-After (or succeeds
// once the lock has gone), and nothing stored — before, during or by the other process — is lost.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { describe, it } from 'node:test';
import { openDb, sqliteFile } from '../../src/platform/db/index.js';
import { onPostgres } from '../helpers/db.js';
import { makeKey } from '../helpers/gateway.js';
import { spawnNode } from '../helpers/process.js';
import { seededStorage, serve } from '../helpers/served.js';

const HOLD_MS = 10_000;
const LOCK_WAIT_MS = 1_500;
/** Generous for a loaded machine; a process whose event loop waits inside SQLite misses it by seconds. */
const HEALTH_DEADLINE_MS = 4_000;

// CommonJS for `node -e`: holds the lock, says so, lets go after HOLD_MS, says so.
const HOLDER = `
const say = (event) => process.stdout.write(JSON.stringify({ event }) + '\\n');
const hold = Number(process.env.HOLD_MS);
if (process.env.DATABASE_URL) {
  const { Client } = require(process.env.PG_MODULE);
  const c = new Client({ connectionString: process.env.DATABASE_URL });
  (async () => {
    await c.connect();
    await c.query('BEGIN');
    await c.query('CREATE TABLE stall_probe (v text)');
    await c.query("INSERT INTO stall_probe VALUES ('held')");
    await c.query('LOCK TABLE limit_counters, audit_records IN EXCLUSIVE MODE');
    say('locked');
    setTimeout(async () => { await c.query('COMMIT'); await c.end(); say('released'); }, hold);
  })();
} else {
  const SQLite = require(process.env.SQLITE_MODULE);
  const db = new SQLite(process.env.FILE);
  db.exec('BEGIN IMMEDIATE');
  db.exec("CREATE TABLE stall_probe (v TEXT); INSERT INTO stall_probe VALUES ('held')");
  say('locked');
  setTimeout(() => { db.exec('COMMIT'); db.close(); say('released'); }, hold);
}
`;

interface Answer {
  status: number | 'timeout' | 'error';
  code?: string;
  retryAfter?: string | null;
  auditId?: string;
}

async function call(url: string, init: RequestInit, deadlineMs: number): Promise<Answer> {
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(deadlineMs) });
    const body = (await res.json().catch(() => ({}))) as {
      audit_id?: string;
      error?: { code?: string } | string;
    };
    const code = typeof body.error === 'object' ? body.error.code : body.error;
    return { status: res.status, code, retryAfter: res.headers.get('retry-after'), auditId: body.audit_id };
  } catch (err) {
    return { status: (err as Error).name === 'TimeoutError' ? 'timeout' : 'error' };
  }
}

describe(`a database lock held by another process (${onPostgres ? 'postgres' : 'sqlite'})`, () => {
  it('health answers throughout, writes wait then answer 503 database_busy, nothing is lost', async () => {
    const {
      storage,
      env,
      seed: key,
    } = await seededStorage((ctx) => makeKey(ctx), {
      DATABASE_LOCK_WAIT_MS: String(LOCK_WAIT_MS),
    });
    const { child, urls } = await serve(['all'], env);
    const clean = (text: string, deadlineMs = 60_000) =>
      call(
        `${urls.gateway}/v1/privacy/clean`,
        {
          method: 'POST',
          headers: { authorization: `Bearer ${key.secret}`, 'content-type': 'application/json' },
          body: JSON.stringify({ text }),
        },
        deadlineMs,
      );
    const healthUrls = [`${urls.gateway}/api/health`, `${urls.contracts}/health`, `${urls.insights}/health`];
    try {
      const first = await clean('antes do bloqueio');
      assert.equal(first.status, 200);

      const require = createRequire(import.meta.url);
      const holder = spawnNode(['-e', HOLDER], {
        HOLD_MS: String(HOLD_MS),
        FILE: sqliteFile(storage.dataDir),
        SQLITE_MODULE: require.resolve('better-sqlite3'),
        PG_MODULE: require.resolve('pg'),
        ...(storage.databaseUrl ? { DATABASE_URL: storage.databaseUrl } : {}),
      });
      await holder.waitFor((l) => l.event === 'locked', 30_000);
      let released = false;
      const done = holder
        .waitFor((l) => l.event === 'released', HOLD_MS + 60_000)
        .then(() => {
          released = true;
        });

      // Writes one after another while the lock is held, and health probes all along.
      const writes: Answer[] = [];
      const writing = (async () => {
        for (let i = 0; !released; i++) writes.push(await clean(`durante o bloqueio ${i}`));
      })();
      const probes: { url: string; answer: Answer }[] = [];
      while (!released) {
        const round = await Promise.all(
          healthUrls.map(async (url) => ({ url, answer: await call(url, {}, HEALTH_DEADLINE_MS) })),
        );
        probes.push(...round);
        await new Promise((r) => setTimeout(r, 200));
      }
      await done;
      await writing;
      const after = await clean('depois do bloqueio');

      const late = probes.filter((p) => p.answer.status !== 200);
      assert.deepEqual(late, [], `every health probe answered 200 within ${HEALTH_DEADLINE_MS} ms`);
      assert.ok(probes.length >= 3 * 5, `probed all along (${probes.length} probes)`);
      for (const w of writes) {
        assert.ok(w.status === 200 || w.status === 503, `a write answered ${w.status}`);
        if (w.status === 503) {
          assert.equal(w.code, 'database_busy');
          assert.equal(w.retryAfter, '2');
        }
      }
      assert.ok(
        writes.some((w) => w.status === 503),
        `a write during the lock waited ${LOCK_WAIT_MS} ms and gave up (${writes.map((w) => w.status)})`,
      );
      assert.equal(after.status, 200, 'writes succeed once the lock has gone');

      child.proc.kill('SIGTERM');
      assert.equal(await child.exit(), 0);
      const db = openDb(storage);
      try {
        const stored = [first, ...writes, after].filter((w) => w.status === 200).map((w) => w.auditId!);
        const found = await db.kysely
          .selectFrom('audit_records')
          .select('id')
          .where('id', 'in', stored)
          .execute();
        assert.equal(found.length, stored.length, 'every acknowledged write is stored');
        const probe = await db.kysely
          .selectFrom('stall_probe' as never)
          .select('v' as never)
          .execute();
        assert.deepEqual(probe, [{ v: 'held' }], "the other process's write is stored");
      } finally {
        await db.close();
      }
    } finally {
      child.proc.kill('SIGKILL');
      await storage.drop();
    }
  });
});

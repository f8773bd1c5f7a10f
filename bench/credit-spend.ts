// The ledger's speed and what prepaid billing adds to a model call, in one run.
// 1. Spends per second (reserve + settle, each its own transaction) on one balance and
//    across 1000 balances, at concurrency 1 and 16, on SQLite — and on PostgreSQL when
//    DATABASE_URL is set (a fresh schema, dropped after).
// 2. A gateway (in-process, SQLite) in front of a minimal local upstream: p50 and p99 of a
//    JSON chat call for a free organisation and for a prepaid one, interleaved in rounds so
//    drift falls on both alike; the difference is what billing adds (reserve + settle).
// Usage: npm run build && node dist/bench/credit-spend.js [spends] [calls]
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createAccount } from '../src/gateway/accounts/store.js';
import { createGatewayApp } from '../src/gateway/app.js';
import { creditWallet, reserve, settle, type Wallet } from '../src/gateway/billing/ledger.js';
import { createKey } from '../src/gateway/keys/store.js';
import { createOrganization, setMember, updateOrganization } from '../src/gateway/orgs/store.js';
import { PRODUCT_ID } from '../src/gateway/product.js';
import { loadConfig } from '../src/platform/config/index.js';
import { createContext } from '../src/platform/context.js';
import { type Db, migrate, openDb } from '../src/platform/db/index.js';
import { createLogger } from '../src/platform/logger.js';
import { deriveKey } from '../src/platform/secret.js';

const SPENDS = Number(process.argv[2] ?? 4000);
const CALLS = Number(process.argv[3] ?? 2000);

async function spendRate(db: Db, wallets: Wallet[], concurrency: number): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < SPENDS) {
        const i = next++;
        const wallet = wallets[i % wallets.length]!;
        const ref = `b-${i}-${randomBytes(4).toString('hex')}`;
        const held = await reserve(db, { wallet, micros: 100, reference: ref });
        if (!held.ok) throw new Error('insufficient');
        await settle(db, { reservation: ref, actualMicros: 60 });
      }
    }),
  );
  return SPENDS / ((performance.now() - started) / 1000);
}

async function ledgerBench(name: string, db: Db): Promise<void> {
  await migrate(db);
  const many: Wallet[] = Array.from({ length: 1000 }, (_, i) => ({ kind: 'org', id: `bench-${i}` }));
  const one: Wallet[] = [{ kind: 'org', id: 'bench-one' }];
  for (const w of [...many, ...one]) {
    await creditWallet(db, {
      wallet: w,
      micros: 1_000_000_000,
      kind: 'adjustment',
      reference: `seed-${w.id}`,
    });
  }
  for (const concurrency of [1, 16]) {
    const single = await spendRate(db, one, concurrency);
    const spread = await spendRate(db, many, concurrency);
    console.log(
      `${name.padEnd(10)} c=${String(concurrency).padEnd(3)} one balance ${single.toFixed(0).padStart(6)} spends/s   1000 balances ${spread.toFixed(0).padStart(6)} spends/s`,
    );
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
}

async function callBench(): Promise<void> {
  const body = JSON.stringify({
    id: 'c',
    object: 'chat.completion',
    created: 1,
    model: 'g',
    choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 20, completion_tokens: 5, total_tokens: 25 },
  });
  const upstream = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end(body));
  });
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  const dir = mkdtempSync(join(tmpdir(), 'svc-bench-credit-'));
  const configPath = join(dir, 'config.json');
  writeFileSync(
    configPath,
    JSON.stringify({
      providers: {
        oa: { type: 'openai', base_url: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/v1` },
      },
      models: [
        {
          id: 'svc/gpt',
          provider: 'oa',
          upstream_model: 'g',
          display_name: 'G',
          context_window: 8000,
          description: 'd',
          price: { input_per_mtok_usd: 0.15, output_per_mtok_usd: 0.6 },
        },
      ],
      payments: {
        mode: 'live',
        x402: {
          network: 'base-sepolia',
          pay_to: `0x${'1'.repeat(40)}`,
          facilitator_url: 'http://127.0.0.1:9',
        },
      },
    }),
  );
  const config = loadConfig({
    SVC_DATA_DIR: dir,
    SVC_CONFIG: configPath,
    SVC_SECRET: 'bench-secret-bench-secret-bench-secret',
  });
  const ctx = await createContext(config, createLogger('error'));
  const app = await createGatewayApp(ctx);
  const keys: Record<'free' | 'prepaid', string> = { free: '', prepaid: '' };
  for (const kind of ['free', 'prepaid'] as const) {
    const account = await createAccount(ctx.db.kysely, {
      email: `${kind}@bench.example`,
      password: 'senha-longa-de-bench',
      released: true,
      trialEndsAt: null,
    });
    const org = await createOrganization(ctx.db.kysely, `bench ${kind}`);
    await setMember(ctx.db.kysely, org.id, account.id, 'owner');
    if (kind === 'prepaid') {
      await updateOrganization(ctx.db.kysely, org.id, { billing: 'prepaid', requests_per_minute: 1_000_000 });
      await creditWallet(ctx.db, {
        wallet: { kind: 'org', id: org.id },
        micros: 1_000_000_000,
        kind: 'adjustment',
        reference: 'bench',
      });
    } else await updateOrganization(ctx.db.kysely, org.id, { requests_per_minute: 1_000_000 });
    const { secret } = await createKey(ctx.db.kysely, deriveKey(ctx.secret, 'api-key'), {
      accountId: account.id,
      organizationId: org.id,
      productId: PRODUCT_ID,
      name: 'b',
    });
    keys[kind] = secret;
  }
  const payload = JSON.stringify({
    model: 'svc/gpt',
    max_tokens: 64,
    messages: [{ role: 'user', content: 'Olá, tudo bem? Resuma o contrato em uma linha.' }],
  });
  const call = async (kind: 'free' | 'prepaid') => {
    const t = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: '/v1/chat/completions',
      headers: { authorization: `Bearer ${keys[kind]}`, 'content-type': 'application/json' },
      payload,
    });
    if (res.statusCode !== 200) throw new Error(`${kind}: ${res.statusCode} ${res.body}`);
    return performance.now() - t;
  };
  // The floor: the ledger's two transactions alone, on the same database, in the same rounds.
  const floorWallet: Wallet = { kind: 'org', id: 'bench-floor' };
  await creditWallet(ctx.db, { wallet: floorWallet, micros: 1e12, kind: 'adjustment', reference: 'floor' });
  let floorRef = 0;
  const ledgerAlone = async () => {
    const t = performance.now();
    const reference = `floor-${floorRef++}`;
    await reserve(ctx.db, { wallet: floorWallet, micros: 1000, reference });
    await settle(ctx.db, { reservation: reference, actualMicros: 600 });
    return performance.now() - t;
  };
  for (let i = 0; i < 300; i++) await call(i % 2 ? 'free' : 'prepaid'); // warm-up
  const times: Record<'free' | 'prepaid' | 'ledger', number[]> = { free: [], prepaid: [], ledger: [] };
  const ROUND = 100;
  for (let done = 0; done < CALLS; done += ROUND) {
    const order: ('free' | 'prepaid')[] = Math.random() < 0.5 ? ['free', 'prepaid'] : ['prepaid', 'free'];
    for (const kind of order) for (let i = 0; i < ROUND; i++) times[kind].push(await call(kind));
    for (let i = 0; i < ROUND; i++) times.ledger.push(await ledgerAlone());
  }
  const [f, p] = [times.free.sort((a, b) => a - b), times.prepaid.sort((a, b) => a - b)];
  const floor = percentile(
    times.ledger.sort((a, b) => a - b),
    0.5,
  );
  console.log(`gateway JSON call, ${CALLS} each, in-process (SQLite), interleaved rounds of ${ROUND}:`);
  console.log(`  free     p50 ${percentile(f, 0.5).toFixed(3)} ms  p99 ${percentile(f, 0.99).toFixed(3)} ms`);
  console.log(`  prepaid  p50 ${percentile(p, 0.5).toFixed(3)} ms  p99 ${percentile(p, 0.99).toFixed(3)} ms`);
  console.log(
    `  added by billing: p50 ${(percentile(p, 0.5) - percentile(f, 0.5)).toFixed(3)} ms (ratio ${(percentile(p, 0.5) / percentile(f, 0.5)).toFixed(2)})`,
  );
  console.log(
    `  the ledger's reserve + settle alone (same database, same rounds): p50 ${floor.toFixed(3)} ms — the floor of what billing adds`,
  );
  await app.close();
  await ctx.db.close();
  upstream.close();
  rmSync(dir, { recursive: true, force: true });
}

const dir = mkdtempSync(join(tmpdir(), 'svc-bench-ledger-'));
const sqlite = openDb({ dataDir: dir });
await ledgerBench('SQLite', sqlite);
await sqlite.close();
rmSync(dir, { recursive: true, force: true });
if (process.env.DATABASE_URL) {
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const url = new URL(process.env.DATABASE_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const db = openDb({ dataDir: tmpdir(), databaseUrl: url.toString() });
  try {
    await ledgerBench('PostgreSQL', db);
  } finally {
    await db.close();
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  }
}
await callBench();

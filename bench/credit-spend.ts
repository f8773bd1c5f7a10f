// The ledger's speed and what prepaid billing adds to a model call, in one run.
// 1. Spends per second (reserve + settle, each its own transaction) on one balance and
//    across 1000 balances, at concurrency 1 and 16, on SQLite — and on PostgreSQL when
//    DATABASE_URL is set (a fresh schema, dropped after).
// 2. A gateway (in-process, SQLite) in front of a minimal local upstream: p50 and p99 of a
//    JSON chat call for a free organisation and for a prepaid one, interleaved in rounds so
//    drift falls on both alike; the difference is what billing adds (reserve + settle).
// BENCH_BASELINE=<other checkout>/dist/bench also runs that build's ledger and gateway in the
// same run (each on its own database; ledger rates in alternating turns, calls in the same
// interleaved rounds), and prints this build's figures as a ratio of the baseline's
// (≥ 1 = this build is as fast or faster).
// Usage: npm run build && node dist/bench/credit-spend.js [spends] [calls]
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/** The modules of one build that this bench drives: this checkout's, or BENCH_BASELINE's. */
async function load(src: string) {
  const from = <T>(path: string) => import(`${src}/${path}`) as Promise<T>;
  const [accounts, app, ledger, keys, orgs, product, config, context, db, logger, secret] = await Promise.all(
    [
      from<typeof import('../src/gateway/accounts/store.js')>('gateway/accounts/store.js'),
      from<typeof import('../src/gateway/app.js')>('gateway/app.js'),
      from<typeof import('../src/gateway/billing/ledger.js')>('gateway/billing/ledger.js'),
      from<typeof import('../src/gateway/keys/store.js')>('gateway/keys/store.js'),
      from<typeof import('../src/gateway/orgs/store.js')>('gateway/orgs/store.js'),
      from<typeof import('../src/gateway/product.js')>('gateway/product.js'),
      // A baseline built before src/config.ts has the same loader in platform/config.
      from<typeof import('../src/config.js')>('config.js').catch(() =>
        from<typeof import('../src/config.js')>('platform/config/index.js'),
      ),
      // src/context.ts since the modules hand their migrations to the platform; before, platform/context.ts.
      from<typeof import('../src/context.js')>('context.js').catch(() =>
        from<typeof import('../src/context.js')>('platform/context.js'),
      ),
      from<typeof import('../src/platform/db/index.js')>('platform/db/index.js'),
      from<typeof import('../src/platform/logger.js')>('platform/logger.js'),
      from<typeof import('../src/platform/secret.js')>('platform/secret.js'),
    ],
  );
  // Builds before src/modules.ts migrate with their own list (migrate(db)); later ones are handed it.
  const modules = await from<typeof import('../src/modules.js')>('modules.js').catch(() => undefined);
  const migrate = (handle: Parameters<typeof db.migrate>[0]) =>
    modules
      ? db.migrate(handle, modules.MIGRATIONS)
      : (db.migrate as (d: typeof handle) => Promise<string[]>)(handle);
  return { accounts, app, ledger, keys, orgs, product, config, context, db, logger, secret, migrate };
}
type Build = Awaited<ReturnType<typeof load>>;
type Db = ReturnType<Build['db']['openDb']>;
type Wallet = Parameters<Build['ledger']['reserve']>[1]['wallet'];

const builds: [string, Build][] = [['svc', await load(fileURLToPath(new URL('../src', import.meta.url)))]];
if (process.env.BENCH_BASELINE) builds.push(['baseline', await load(`${process.env.BENCH_BASELINE}/../src`)]);

const SPENDS = Number(process.argv[2] ?? 4000);
const CALLS = Number(process.argv[3] ?? 2000);
/** Alternating turns per figure when a baseline runs too (its median is the figure). */
const TURNS = builds.length > 1 ? 3 : 1;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
/** A new random order each round, so the machine's drift falls on every build alike. */
function shuffled<T>(xs: readonly T[]): T[] {
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

async function spendRate(b: Build, db: Db, wallets: Wallet[], concurrency: number): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < SPENDS) {
        const i = next++;
        const wallet = wallets[i % wallets.length]!;
        const ref = `b-${i}-${randomBytes(4).toString('hex')}`;
        const held = await b.ledger.reserve(db, { wallet, micros: 100, reference: ref });
        if (!held.ok) throw new Error('insufficient');
        await b.ledger.settle(db, { reservation: ref, actualMicros: 60 });
      }
    }),
  );
  return SPENDS / ((performance.now() - started) / 1000);
}

async function seedLedger(b: Build, db: Db): Promise<void> {
  await b.migrate(db);
  for (let i = 0; i <= 1000; i++) {
    await b.ledger.creditWallet(db, {
      wallet: { kind: 'org', id: i === 1000 ? 'bench-one' : `bench-${i}` },
      micros: 1_000_000_000,
      kind: 'adjustment',
      reference: `seed-${i}`,
    });
  }
}

/** `open(build)` gives each build a database of its own; rates are measured in alternating turns. */
async function ledgerBench(name: string, open: (b: Build) => Promise<{ db: Db; close(): Promise<void> }>) {
  const dbs = await Promise.all(builds.map(async ([, b]) => ({ b, ...(await open(b)) })));
  for (const { b, db } of dbs) await seedLedger(b, db);
  const many: Wallet[] = Array.from({ length: 1000 }, (_, i) => ({ kind: 'org', id: `bench-${i}` }));
  const one: Wallet[] = [{ kind: 'org', id: 'bench-one' }];
  for (const concurrency of [1, 16]) {
    const rates = dbs.map(() => ({ single: [] as number[], spread: [] as number[] }));
    for (let turn = 0; turn < TURNS; turn++) {
      for (const i of shuffled(dbs.map((_, i) => i))) {
        rates[i]!.single.push(await spendRate(dbs[i]!.b, dbs[i]!.db, one, concurrency));
        rates[i]!.spread.push(await spendRate(dbs[i]!.b, dbs[i]!.db, many, concurrency));
      }
    }
    builds.forEach(([label], i) => {
      const [single, spread] = [median(rates[i]!.single), median(rates[i]!.spread)];
      console.log(
        `${name.padEnd(10)} ${label.padEnd(8)} c=${String(concurrency).padEnd(3)} one balance ${single.toFixed(0).padStart(6)} spends/s   1000 balances ${spread.toFixed(0).padStart(6)} spends/s`,
      );
    });
    if (builds.length > 1) {
      const ratio = (k: 'single' | 'spread') => (median(rates[0]![k]) / median(rates[1]![k])).toFixed(3);
      console.log(
        `${name.padEnd(10)} svc/baseline c=${concurrency}: one balance ${ratio('single')}, 1000 balances ${ratio('spread')}`,
      );
    }
  }
  for (const { close } of dbs) await close();
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
}

const CONFIG = (upstreamPort: number) => ({
  providers: { oa: { type: 'openai', base_url: `http://127.0.0.1:${upstreamPort}/v1` } },
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
    x402: { network: 'base-sepolia', pay_to: `0x${'1'.repeat(40)}`, facilitator_url: 'http://127.0.0.1:9' },
  },
});

type Kind = 'free' | 'prepaid';

/** One build's gateway, in-process on its own SQLite database, with a free and a prepaid key. */
async function gatewayOf(b: Build, upstreamPort: number) {
  const dir = mkdtempSync(join(tmpdir(), 'svc-bench-credit-'));
  const configPath = join(dir, 'config.json');
  writeFileSync(configPath, JSON.stringify(CONFIG(upstreamPort)));
  const config = b.config.loadConfig({
    SVC_DATA_DIR: dir,
    SVC_CONFIG: configPath,
    SVC_SECRET: 'bench-secret-bench-secret-bench-secret',
  });
  const ctx = await b.context.createContext(config, b.logger.createLogger('error'));
  const app = await b.app.createGatewayApp(ctx);
  const keys: Record<Kind, string> = { free: '', prepaid: '' };
  for (const kind of ['free', 'prepaid'] as const) {
    const account = await b.accounts.createAccount(ctx.db.kysely, {
      email: `${kind}@bench.example`,
      password: 'senha-longa-de-bench',
      released: true,
      trialEndsAt: null,
    });
    const org = await b.orgs.createOrganization(ctx.db.kysely, `bench ${kind}`);
    await b.orgs.setMember(ctx.db.kysely, org.id, account.id, 'owner');
    if (kind === 'prepaid') {
      await b.orgs.updateOrganization(ctx.db.kysely, org.id, {
        billing: 'prepaid',
        requests_per_minute: 1_000_000,
      });
      await b.ledger.creditWallet(ctx.db, {
        wallet: { kind: 'org', id: org.id },
        micros: 1_000_000_000,
        kind: 'adjustment',
        reference: 'bench',
      });
    } else await b.orgs.updateOrganization(ctx.db.kysely, org.id, { requests_per_minute: 1_000_000 });
    const { secret } = await b.keys.createKey(ctx.db.kysely, b.secret.deriveKey(ctx.secret, 'api-key'), {
      accountId: account.id,
      organizationId: org.id,
      productId: b.product.PRODUCT_ID,
      name: 'b',
    });
    keys[kind] = secret;
  }
  const payload = JSON.stringify({
    model: 'svc/gpt',
    max_tokens: 64,
    messages: [{ role: 'user', content: 'Olá, tudo bem? Resuma o contrato em uma linha.' }],
  });
  const call = async (kind: Kind) => {
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
  await b.ledger.creditWallet(ctx.db, {
    wallet: floorWallet,
    micros: 1e12,
    kind: 'adjustment',
    reference: 'floor',
  });
  let floorRef = 0;
  const ledgerAlone = async () => {
    const t = performance.now();
    const reference = `floor-${floorRef++}`;
    await b.ledger.reserve(ctx.db, { wallet: floorWallet, micros: 1000, reference });
    await b.ledger.settle(ctx.db, { reservation: reference, actualMicros: 600 });
    return performance.now() - t;
  };
  return {
    call,
    ledgerAlone,
    close: async () => {
      await app.close();
      await ctx.db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
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
  const port = (upstream.address() as AddressInfo).port;
  const gateways = [];
  for (const [, b] of builds) gateways.push(await gatewayOf(b, port));
  for (const g of gateways) for (let i = 0; i < 300; i++) await g.call(i % 2 ? 'free' : 'prepaid'); // warm-up
  const times = gateways.map(() => ({
    free: [] as number[],
    prepaid: [] as number[],
    ledger: [] as number[],
  }));
  const ROUND = 100;
  const turns = gateways.flatMap((_, g) => (['free', 'prepaid'] as const).map((kind) => ({ g, kind })));
  for (let done = 0; done < CALLS; done += ROUND) {
    for (const { g, kind } of shuffled(turns)) {
      for (let i = 0; i < ROUND; i++) times[g]![kind].push(await gateways[g]!.call(kind));
    }
    for (const [g, gateway] of gateways.entries()) {
      for (let i = 0; i < ROUND; i++) times[g]!.ledger.push(await gateway.ledgerAlone());
    }
  }
  console.log(`gateway JSON call, ${CALLS} each, in-process (SQLite), interleaved rounds of ${ROUND}:`);
  const p50 = times.map((t) => ({
    free: percentile(
      t.free.sort((a, b) => a - b),
      0.5,
    ),
    prepaid: percentile(
      t.prepaid.sort((a, b) => a - b),
      0.5,
    ),
  }));
  builds.forEach(([label], g) => {
    const { free: f, prepaid: p, ledger } = times[g]!;
    const floor = percentile(
      ledger.sort((a, b) => a - b),
      0.5,
    );
    console.log(` ${label}:`);
    console.log(
      `  free     p50 ${percentile(f, 0.5).toFixed(3)} ms  p99 ${percentile(f, 0.99).toFixed(3)} ms`,
    );
    console.log(
      `  prepaid  p50 ${percentile(p, 0.5).toFixed(3)} ms  p99 ${percentile(p, 0.99).toFixed(3)} ms`,
    );
    console.log(
      `  added by billing: p50 ${(p50[g]!.prepaid - p50[g]!.free).toFixed(3)} ms (ratio ${(p50[g]!.prepaid / p50[g]!.free).toFixed(2)})`,
    );
    console.log(
      `  the ledger's reserve + settle alone (same database, same rounds): p50 ${floor.toFixed(3)} ms — the floor of what billing adds`,
    );
  });
  if (builds.length > 1) {
    console.log(
      ` svc speed / baseline speed (baseline p50 / svc p50): free ${(p50[1]!.free / p50[0]!.free).toFixed(3)}, prepaid ${(p50[1]!.prepaid / p50[0]!.prepaid).toFixed(3)}`,
    );
  }
  for (const g of gateways) await g.close();
  upstream.close();
}

await ledgerBench('SQLite', async (b) => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-bench-ledger-'));
  const db = b.db.openDb({ dataDir: dir });
  return {
    db,
    close: async () => {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});
if (process.env.DATABASE_URL) {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    await ledgerBench('PostgreSQL', async (b) => {
      const schema = `bench_${randomBytes(4).toString('hex')}`;
      await admin.query(`CREATE SCHEMA ${schema}`);
      const url = new URL(process.env.DATABASE_URL!);
      url.searchParams.set('options', `-c search_path=${schema}`);
      const db = b.db.openDb({ dataDir: tmpdir(), databaseUrl: url.toString() });
      return {
        db,
        close: async () => {
          await db.close();
          await admin.query(`DROP SCHEMA ${schema} CASCADE`);
        },
      };
    });
  } finally {
    await admin.end();
  }
}
await callBench();

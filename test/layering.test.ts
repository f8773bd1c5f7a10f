// The import rules of src/ (docs/contributing/architecture.md, "Import rules"):
// 1. the areas are layered — platform, privacy and documents import no other area; contracts,
//    insights, the reference worker and the gateway import only those; only the CLI and the
//    entry points (cli.ts, server.ts) see everything;
// 2. inside the gateway no folder cycle, type imports included: folders form layers;
// 3. the gateway's composition root — app.ts and deps.ts — is imported by no gateway folder,
//    except deps.ts as a type (the GatewayDeps a registrar is handed);
// 4. the jobs table is queried only by its owner, platform/jobs (and the migration that made it);
// 5. every table is queried only by the module that owns it (TABLE_OWNERS), its migrations apart,
//    and the reads across modules that remain are listed in CROSS_READS with their reason;
// 6. no query runs on the shared instance as such (`db.kysely.selectFrom…`): a module queries
//    it through its own view (`kyselyOf` in its tables.ts), typed with its own tables.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** What each area may import besides itself ('*': anything). */
const MAY_IMPORT: Record<string, readonly string[] | '*'> = {
  platform: [],
  privacy: [],
  documents: [],
  contracts: ['platform', 'privacy', 'documents'],
  insights: ['platform', 'privacy', 'documents'],
  worker: ['platform', 'privacy', 'documents'],
  gateway: ['platform', 'privacy', 'documents'],
  cli: '*',
  '': '*', // src/cli.ts, src/server.ts
};

interface Import {
  from: string;
  to: string;
  typeOnly: boolean;
}

/** Static imports and re-exports, and dynamic import() calls, of relative modules. */
const SPECIFIER =
  /(\bimport\s+type\b[^'";]*?\bfrom\s*|\bexport\s+type\b[^'";]*?\bfrom\s*|\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"](\.{1,2}\/[^'"]+)['"]/gm;

function importsOf(file: string, text: string): Import[] {
  return [...text.matchAll(SPECIFIER)].map(([, lead, spec]) => ({
    from: file,
    to: relative(ROOT, resolve(ROOT, dirname(file), spec!))
      .replaceAll('\\', '/')
      .replace(/\.js$/, '.ts'),
    typeOnly: /^\s*(import|export)\s+type\b/.test(lead!),
  }));
}

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory()) return sources(path);
    return e.name.endsWith('.ts') ? [path] : [];
  });
}

const sourceTexts = sources('src').map((path) => ({ path, text: readFileSync(join(ROOT, path), 'utf8') }));
const imports = sourceTexts.flatMap(({ path, text }) => importsOf(path, text));

/** `src/<area>/…` → area; src/cli.ts → ''. */
const areaOf = (path: string) => {
  const parts = path.split('/');
  return parts.length > 2 ? parts[1]! : '';
};

/** `src/gateway/<folder>/…` → folder; src/gateway/app.ts → 'app.ts'. */
const gatewayPart = (path: string) => path.split('/')[2]!;

function areaViolations(list: Import[]): string[] {
  return list.flatMap(({ from, to }) => {
    const [a, b] = [areaOf(from), areaOf(to)];
    const allowed = MAY_IMPORT[a];
    if (a === b || allowed === '*' || allowed?.includes(b)) return [];
    return [`${from} → ${to}`];
  });
}

/** The cycles among the gateway's folders (each as a path of folders), found by depth-first search. */
function folderCycles(list: Import[]): string[] {
  const edges = new Map<string, Set<string>>();
  for (const { from, to } of list) {
    if (!from.startsWith('src/gateway/') || !to.startsWith('src/gateway/')) continue;
    const [a, b] = [gatewayPart(from), gatewayPart(to)];
    if (a === b || a.endsWith('.ts') || b.endsWith('.ts')) continue;
    if (!edges.has(a)) edges.set(a, new Set());
    edges.get(a)!.add(b);
  }
  const cycles: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const walk = (node: string, path: string[]) => {
    state.set(node, 'open');
    for (const next of edges.get(node) ?? []) {
      if (state.get(next) === 'open') cycles.push([...path.slice(path.indexOf(next)), next].join(' → '));
      else if (!state.has(next)) walk(next, [...path, next]);
    }
    state.set(node, 'done');
  };
  for (const node of [...edges.keys()].sort()) if (!state.has(node)) walk(node, [node]);
  return cycles;
}

function rootViolations(list: Import[]): string[] {
  return list
    .filter(({ from, to, typeOnly }) => {
      if (!from.startsWith('src/gateway/') || gatewayPart(from).endsWith('.ts')) return false;
      if (to === 'src/gateway/app.ts') return true;
      return to === 'src/gateway/deps.ts' && !typeOnly;
    })
    .map(({ from, to }) => `${from} → ${to}`);
}

/** Kysely calls and SQL that name the jobs table. */
const JOBS_TABLE = /(?:From|Table|Join|Into)\(\s*['"]jobs\b|\b(?:FROM|JOIN|UPDATE|INTO)\s+jobs\b/;

function jobsTableViolations(files: { path: string; text: string }[]): string[] {
  return files
    .filter(({ path }) => !path.startsWith('src/platform/jobs/') && !path.includes('/migrations/'))
    .filter(({ text }) => JOBS_TABLE.test(text))
    .map(({ path }) => path);
}

/**
 * Who owns each table: the folder under src/ whose code may name it in a query (its
 * `tables.ts` declares the table's type). docs/contributing/architecture.md, "Module map".
 */
const TABLE_OWNERS: Record<string, string> = {
  svc_meta: 'platform/',
  login_attempts: 'platform/identity/',
  jobs: 'platform/jobs/',
  accounts: 'gateway/accounts/',
  access_links: 'gateway/accounts/',
  organizations: 'gateway/orgs/',
  memberships: 'gateway/orgs/',
  sessions: 'gateway/sessions/',
  api_keys: 'gateway/keys/',
  audit_records: 'gateway/privacy/',
  privacy_jobs: 'gateway/privacy/',
  limit_counters: 'gateway/limits/',
  usage_daily: 'gateway/limits/',
  call_log: 'gateway/calls/',
  credit_wallets: 'gateway/billing/',
  credit_movements: 'gateway/billing/',
  credit_reservations: 'gateway/billing/',
  credit_tokens: 'gateway/billing/',
  credit_house_losses: 'gateway/billing/',
  x402_payments: 'gateway/billing/',
  pix_requests: 'gateway/billing/',
  asaas_charges: 'gateway/billing/',
  asaas_events: 'gateway/billing/',
  asaas_customers: 'gateway/billing/',
  worker_jobs: 'gateway/workers/',
  workers: 'gateway/workers/',
  contact_networks: 'gateway/contact/',
  funnel_days: 'gateway/telemetry/',
  funnel_batches: 'gateway/telemetry/',
  telemetry_daily: 'gateway/telemetry/',
  showcase_documents: 'gateway/showcase/',
  showcase_leases: 'gateway/showcase/',
  contract_users: 'contracts/',
  contract_documents: 'contracts/',
  contract_analyses: 'contracts/',
  contract_notifications: 'contracts/',
  contract_chat_messages: 'contracts/',
  contract_usage: 'contracts/',
  insight_tenants: 'insights/',
  insight_jobs: 'insights/',
  insights: 'insights/',
  insight_tag_queue: 'insights/',
};

/**
 * The queries that still name another module's tables, each with why. A new one belongs in
 * the owner (a function there the other module calls) unless it has a reason as good.
 */
const CROSS_READS: Record<string, readonly string[]> = {
  // The key's look-up, once per call: one query gathers the access facts (docs: "One access decision").
  'src/gateway/keys/auth.ts': ['accounts', 'organizations', 'memberships'],
  // The console's session, the same facts for the playground's calls.
  'src/gateway/playground/principal.ts': ['accounts', 'organizations', 'memberships'],
  // A new key locks its account's row, so two concurrent creations count each other.
  'src/gateway/keys/store.ts': ['accounts'],
  // A new password or a disabled account stops the account's sessions and keys in its transaction.
  'src/gateway/accounts/store.ts': ['sessions', 'api_keys'],
  // A founder must be released, checked in the founding transaction.
  'src/gateway/orgs/founding.ts': ['accounts'],
  // The request log names keys and members in its lists and CSV, joined in the same query.
  'src/gateway/calls/list.ts': ['api_keys'],
  'src/gateway/calls/records.ts': ['api_keys'],
  'src/gateway/calls/usage.ts': ['api_keys', 'accounts'],
  // The hourly purge keeps each organisation's rows for its own request_log_days.
  'src/gateway/calls/retention.ts': ['organizations'],
  // The organisation an Asaas buyer tops up: the first the account owns or administers.
  'src/gateway/billing/asaas/charges.ts': ['memberships'],
  // Job reservations settled when their job has finished (the ledger's rows, by source `job`).
  'src/gateway/workers/charges.ts': ['credit_reservations'],
  // Reports over the usage accounting that limits/ writes.
  'src/gateway/usage/report.ts': ['usage_daily'],
  'src/gateway/showcase/document.ts': ['usage_daily'],
  'src/gateway/showcase/metrics.ts': ['usage_daily'],
  // The contracts and insights services' key into the gateway, made where they all can reach it.
  'src/platform/identity/internal-key.ts': ['accounts', 'api_keys'],
  // An operator's command that names the key's owner.
  'src/cli/keys.ts': ['api_keys', 'accounts'],
};

const TABLE_NAMES = Object.keys(TABLE_OWNERS).join('|');
/** A Kysely call or an SQL keyword that names a table (comments removed first). */
const TABLE_QUERY = new RegExp(
  `(?:selectFrom|insertInto|updateTable|deleteFrom|Join|mergeInto|replaceInto)\\(\\s*['"\`](${TABLE_NAMES})\\b|\\b(?:from|join|update|into)\\s+(${TABLE_NAMES})\\b`,
  'gi',
);
const withoutComments = (text: string) =>
  text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '')
    .replace(/\s\/\/ .*$/gm, '');

/** `file: table` for each table a file names in a query outside its owner (migrations apart). */
function tableOwnerViolations(files: { path: string; text: string }[]): string[] {
  return files.flatMap(({ path, text }) => {
    if (path.includes('/migrations/')) return [];
    const named = new Set<string>();
    for (const m of withoutComments(text).matchAll(TABLE_QUERY)) named.add((m[1] ?? m[2])!.toLowerCase());
    return [...named]
      .filter((table) => !path.startsWith(`src/${TABLE_OWNERS[table]}`))
      .filter((table) => !CROSS_READS[path]?.includes(table))
      .sort()
      .map((table) => `${path}: ${table}`);
  });
}

/** A query on `….kysely` itself: untyped, since the shared instance knows no table. */
const UNVIEWED_QUERY = /\.kysely\s*\.\s*(?:selectFrom|insertInto|updateTable|deleteFrom|transaction|with)\b/;

function unviewedQueries(files: { path: string; text: string }[]): string[] {
  return files.filter(({ text }) => UNVIEWED_QUERY.test(withoutComments(text))).map(({ path }) => path);
}

describe('import rules', () => {
  it('catch what they forbid', () => {
    const made = (from: string, text: string) => importsOf(from, text);
    assert.equal(
      areaViolations(made('src/platform/http/app.ts', "import { x } from '../../gateway/app.js';")).length,
      1,
    );
    assert.equal(
      areaViolations(made('src/insights/app.ts', "const m = await import('../gateway/deps.js');")).length,
      1,
    );
    assert.deepEqual(areaViolations(made('src/cli/serve.ts', "import { x } from '../gateway/app.js';")), []);
    const cyclic = [
      ...made('src/gateway/billing/a.ts', "import type { P } from '../pipeline/b.js';"),
      ...made('src/gateway/pipeline/b.ts', "import { h } from '../billing/c.js';"),
    ];
    assert.deepEqual(folderCycles(cyclic), ['billing → pipeline → billing']);
    assert.equal(
      rootViolations(made('src/gateway/workers/index.ts', "import { createGatewayDeps } from '../deps.js';"))
        .length,
      1,
    );
    assert.deepEqual(
      rootViolations(made('src/gateway/workers/index.ts', "import type { GatewayDeps } from '../deps.js';")),
      [],
    );
    assert.deepEqual(
      jobsTableViolations([
        { path: 'src/gateway/workers/store.ts', text: "kyselyOf(db).selectFrom('jobs').select('id')" },
        {
          path: 'src/gateway/workers/charges.ts',
          text: 'SELECT r.id FROM credit_reservations r LEFT JOIN jobs j',
        },
        { path: 'src/platform/jobs/rows.ts', text: "kyselyOf(db).selectFrom('jobs')" },
        { path: 'src/gateway/workers/side.ts', text: "kyselyOf(db).selectFrom('worker_jobs')" },
      ]),
      ['src/gateway/workers/store.ts', 'src/gateway/workers/charges.ts'],
    );
    assert.deepEqual(
      tableOwnerViolations([
        { path: 'src/gateway/keys/routes.ts', text: "kyselyOf(db).selectFrom('organizations as o')" },
        { path: 'src/contracts/x.ts', text: 'await sql`INSERT INTO insights (id) VALUES (1)`' },
        { path: 'src/gateway/orgs/store.ts', text: "db.updateTable('organizations')" },
        { path: 'src/gateway/calls/retention.ts', text: "db.selectFrom('organizations')" },
        { path: 'src/gateway/limits/x.ts', text: '// read from accounts\nconst a = 1;' },
        { path: 'src/gateway/migrations/0002-accounts.ts', text: "db.insertInto('accounts')" },
      ]),
      ['src/gateway/keys/routes.ts: organizations', 'src/contracts/x.ts: insights'],
    );
    assert.deepEqual(
      unviewedQueries([
        { path: 'a.ts', text: 'await ctx.db.kysely\n  .selectFrom(x)' },
        { path: 'b.ts', text: 'await kyselyOf(ctx.db).selectFrom(x)' },
      ]),
      ['a.ts'],
    );
  });

  it('areas import only the layers below them', () => {
    assert.ok(imports.length > 500, `the walk found the imports (${imports.length})`);
    assert.deepEqual(areaViolations(imports), []);
  });

  it('no folder cycle inside the gateway', () => {
    assert.deepEqual(folderCycles(imports), []);
  });

  it('no gateway folder reaches back into the composition root', () => {
    assert.deepEqual(rootViolations(imports), []);
  });

  it('only platform/jobs queries the jobs table', () => {
    assert.deepEqual(jobsTableViolations(sourceTexts), []);
  });

  it('each table is queried by its owner only, and the listed reads across modules', () => {
    assert.deepEqual(tableOwnerViolations(sourceTexts), []);
  });

  it('every read across modules listed still happens (the list shrinks with the code)', () => {
    const stale = Object.entries(CROSS_READS).flatMap(([path, tables]) => {
      const text = sourceTexts.find((f) => f.path === path)?.text;
      if (text === undefined) return [`${path}: no such file`];
      const named = new Set(
        [...withoutComments(text).matchAll(TABLE_QUERY)].map((m) => (m[1] ?? m[2])!.toLowerCase()),
      );
      return tables.filter((t) => !named.has(t)).map((t) => `${path}: ${t}`);
    });
    assert.deepEqual(stale, []);
  });

  it('every table has an owner, and the owner declares it in its tables.ts', () => {
    const declared = sourceTexts
      .filter(({ path }) => path.endsWith('/tables.ts') && path !== 'src/gateway/tables.ts')
      .flatMap(({ path, text }) =>
        [...text.matchAll(/^ {2}(\w+): \w+Table;$/gm)].map(([, table]) => ({ table: table!, path })),
      );
    assert.deepEqual(declared.map((d) => d.table).sort(), Object.keys(TABLE_OWNERS).sort());
    for (const { table, path } of declared) {
      assert.ok(path.startsWith(`src/${TABLE_OWNERS[table]}`), `${table} is declared in ${path}`);
    }
  });

  it('no query runs on the shared instance without a module view', () => {
    assert.deepEqual(
      unviewedQueries(sourceTexts.filter(({ path }) => !path.startsWith('src/platform/db/'))),
      [],
    );
  });
});

// The import rules of src/ (docs/contributing/architecture.md, "Import rules"):
// 1. the areas are layered — platform, privacy and documents import no other area; contracts,
//    insights, the reference worker and the gateway import only those; only the CLI and the
//    entry points (cli.ts, server.ts) see everything;
// 2. inside the gateway no folder cycle, type imports included: folders form layers;
// 3. the gateway's composition root — app.ts and deps.ts — is imported by no gateway folder,
//    except deps.ts as a type (the GatewayDeps a registrar is handed);
// 4. the jobs table is queried only by its owner, platform/jobs (and the migration that made it).
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

const imports = sources('src').flatMap((f) => importsOf(f, readFileSync(join(ROOT, f), 'utf8')));

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
    .filter(
      ({ path }) => !path.startsWith('src/platform/jobs/') && !path.startsWith('src/platform/db/migrations/'),
    )
    .filter(({ text }) => JOBS_TABLE.test(text))
    .map(({ path }) => path);
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
    const files = sources('src').map((path) => ({ path, text: readFileSync(join(ROOT, path), 'utf8') }));
    assert.deepEqual(jobsTableViolations(files), []);
  });
});

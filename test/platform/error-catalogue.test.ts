// The error catalogue (as Fastify checks its own errors against its docs): every code an
// area answers with is declared once, in that area's errors.ts, through errorCodes(); no
// ApiError is made anywhere else; and docs/errors.md lists every declared code with a status
// it is declared with — and nothing that is not declared.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { declaredErrorCodes, errorCodes } from '../../src/platform/http/errors.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const COMPILED = fileURLToPath(new URL('../../src/', import.meta.url));

function files(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return files(path, keep);
    return keep(e.name) ? [path] : [];
  });
}

const sources = files(join(ROOT, 'src'), (n) => n.endsWith('.ts')).map((path) => ({
  path: path.slice(ROOT.length),
  text: readFileSync(path, 'utf8'),
}));

/** Every catalogue, loaded: declaring a code twice would already have thrown here. */
async function declared() {
  for (const path of files(COMPILED, (n) => n === 'errors.js')) await import(pathToFileURL(path).href);
  return declaredErrorCodes();
}

/** `| 404 | \`job_not_found\` | …` rows of docs/errors.md. */
function documentedRows(): { status: number; code: string }[] {
  const doc = readFileSync(join(ROOT, 'docs/errors.md'), 'utf8');
  return [...doc.matchAll(/^\| (\d{3}) \| `([A-Za-z_]+)` \|/gm)].map((m) => ({
    status: Number(m[1]),
    code: m[2]!,
  }));
}

describe('the error catalogue', () => {
  it('refuses a code declared twice', () => {
    errorCodes('test/one', { catalogue_test_code: 418 });
    assert.throws(
      () => errorCodes('test/two', { catalogue_test_code: 418 }),
      /catalogue_test_code is declared by test\/one and again by test\/two/,
    );
  });

  it('makes every ApiError through a catalogue, and declares catalogues only in errors.ts', () => {
    assert.ok(sources.length > 100, 'the walk found the sources');
    const inline = sources
      .filter((f) => f.path !== 'src/platform/http/errors.ts' && /\bnew ApiError\s*\(/.test(f.text))
      .map((f) => f.path);
    assert.deepEqual(inline, [], 'declare the code in the area’s errors.ts and use its catalogue');
    const elsewhere = sources
      .filter((f) => !f.path.endsWith('/errors.ts') && /\berrorCodes\s*\(/.test(f.text))
      .map((f) => f.path);
    assert.deepEqual(elsewhere, []);
  });

  it('writes every message beside its code: no catalogue is called outside an errors.ts', () => {
    const catalogues = sources.flatMap((f) =>
      [...f.text.matchAll(/export const ([A-Z][A-Z0-9_]*) = errorCodes\(/g)].map((m) => m[1]!),
    );
    assert.ok(catalogues.includes('HTTP') && catalogues.includes('BILLING'), 'the catalogues were found');
    const call = new RegExp(`\\b(${catalogues.join('|')})\\.[A-Za-z_]+\\(`);
    const throwSites = sources
      .filter((f) => !f.path.endsWith('/errors.ts') && call.test(f.text))
      .map((f) => `${f.path}: ${f.text.match(call)![0]}`);
    assert.deepEqual(throwSites, [], 'name the message in the area’s errors.ts and throw that');
  });

  it('documents every declared code in docs/errors.md, with a status it is declared with', async () => {
    const codes = await declared();
    assert.ok(codes.size > 100, `the catalogues were loaded (${codes.size} codes)`);
    const rows = documentedRows();
    const missing = [...codes]
      .filter(([code, { area, statuses }]) => {
        if (area.startsWith('test/')) return false;
        return !statuses.every((s) => rows.some((r) => r.code === code && r.status === s));
      })
      .map(([code, { statuses }]) => `${statuses.join('/')} ${code}`);
    assert.deepEqual(missing, [], 'add a row | status | `code` | when | to docs/errors.md');
  });

  it('documents nothing that is not declared', async () => {
    const codes = await declared();
    const stale = documentedRows()
      .filter((r) => !codes.get(r.code)?.statuses.includes(r.status))
      .map((r) => `${r.status} ${r.code}`);
    assert.deepEqual(stale, []);
  });
});

// The documentation cannot quietly rot when files move: every relative link of README.md and
// docs/ reaches a file (and its #heading), every docs page a comment names exists, the index
// (docs/README.md) lists every page, and the architecture notes' folder map names every
// folder of the gateway.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

function files(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : files(path, keep);
    return keep(e.name) ? [path] : [];
  });
}

const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
/** Prose only: fenced code is not read for links or headings (fences open and close at a line start; an inline ``` is prose). */
const prose = (text: string) => text.replace(/^```[\s\S]*?^```/gm, '');

/** GitHub's anchors of a page's headings (lower case, punctuation dropped, spaces → '-', repeats numbered). */
export function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const [, heading] of prose(markdown).matchAll(/^#{1,6}\s+(.*)$/gm)) {
    const slug = heading!
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    out.add(n === 0 ? slug : `${slug}-${n}`);
  }
  return out;
}

/** The relative links of one page that reach no file or no heading. */
export function brokenLinks(page: string, text: string, exists: (path: string) => string | null): string[] {
  return [...prose(text).matchAll(/\]\(([^)\s]+)\)/g)].flatMap(([, target]) => {
    if (/^[a-z]+:/.test(target!)) return [];
    const [path, anchor] = target!.split('#');
    const abs = path ? relative(ROOT, resolve(ROOT, dirname(page), path)) : page;
    const content = exists(abs);
    if (content === null) return [`${page}: ${target} (no such file)`];
    if (anchor && abs.endsWith('.md') && !anchorsOf(content).has(anchor))
      return [`${page}: ${target} (no such heading)`];
    return [];
  });
}

const pages = ['README.md', ...files('docs', (n) => n.endsWith('.md'))];
const onDisk = (path: string) => {
  const full = join(ROOT, path);
  if (!existsSync(full)) return null;
  return statSync(full).isDirectory() ? '' : readFileSync(full, 'utf8');
};

describe('documentation links', () => {
  it('catch what they should', () => {
    const pagesHere = new Map([['guide/a.md', '# Title\n\n## Two words\n']]);
    const exists = (p: string) => pagesHere.get(p) ?? null;
    assert.deepEqual(
      brokenLinks('guide/b.md', '[a](a.md#two-words) [t](a.md#title) [w](https://x.y/z.md)', exists),
      [],
    );
    assert.equal(brokenLinks('guide/b.md', '[gone](contributing/a.md)', exists).length, 1);
    assert.equal(brokenLinks('guide/b.md', '[gone](a.md#three-words)', exists).length, 1);
    assert.deepEqual(
      [...anchorsOf('## The ledger (`x`), again\n## A\n## A')],
      ['the-ledger-x-again', 'a', 'a-1'],
    );
  });

  it('every relative link of README.md and docs/ reaches its file and heading', () => {
    assert.ok(pages.length > 15, `found the pages (${pages.length})`);
    assert.deepEqual(
      pages.flatMap((p) => brokenLinks(p, read(p), onDisk)),
      [],
    );
  });

  it('every docs page named in the code exists', () => {
    const code = ['src', 'test', 'bench', 'tools', 'scripts'].flatMap((d) =>
      files(d, (n) => /\.(ts|mjs)$/.test(n)),
    );
    const missing = code.flatMap((f) =>
      [...read(f).matchAll(/\bdocs\/[\w/-]+\.md\b/g)]
        .map(([name]) => name)
        .filter((name) => !existsSync(join(ROOT, name)))
        .map((name) => `${f}: ${name}`),
    );
    assert.deepEqual(missing, []);
  });

  it('the index lists every page', () => {
    const index = read('docs/README.md');
    const unlisted = pages
      .filter((p) => p.startsWith('docs/') && p !== 'docs/README.md')
      .filter((p) => !index.includes(`](${p.slice('docs/'.length)})`));
    assert.deepEqual(unlisted, []);
  });

  it("the architecture notes' folder map names every folder of the gateway", () => {
    const map = read('docs/contributing/architecture.md');
    const folders = readdirSync(join(ROOT, 'src/gateway'), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
    assert.ok(folders.length > 15, `found the folders (${folders.length})`);
    assert.deepEqual(
      folders.filter((f) => !map.includes(`| \`${f}/\` |`)),
      [],
    );
  });
});

// Runs the compiled test files with node's test runner. Extra arguments filter by path
// substring: `npm test -- platform privacy/cpf`.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : path.endsWith('.test.js') ? [path] : [];
  });
}

const filters = process.argv.slice(2);
const files = walk('dist/test')
  .filter((f) => filters.length === 0 || filters.some((s) => f.includes(s)))
  .sort();
if (files.length === 0) {
  console.error('no test files matched');
  process.exit(1);
}
const result = spawnSync(
  process.execPath,
  ['--test', '--test-concurrency=3', '--enable-source-maps', ...files],
  { stdio: 'inherit' },
);
process.exit(result.status ?? 1);

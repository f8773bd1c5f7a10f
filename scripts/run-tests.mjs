// Runs the compiled test files with node's test runner. Extra arguments filter by path
// substring: `npm test -- platform privacy/cpf`. Under SVC_TEST_STRICT=1 (CI) a skipped test
// fails the run unless it skipped only because it means something on the other database
// (test/helpers/requirements.ts): a run cannot quietly test less than it should.
import { spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { refusedSkips } from './tap-skips.mjs';

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
const strict = process.env.SVC_TEST_STRICT === '1';
const child = spawn(process.execPath, ['--test', '--test-concurrency=3', '--enable-source-maps', ...files], {
  stdio: ['inherit', 'pipe', 'inherit'],
});
const skipped = [];
let partial = '';
child.stdout.setEncoding('utf8');
child.stdout.on('data', (chunk) => {
  process.stdout.write(chunk);
  const lines = (partial + chunk).split('\n');
  partial = lines.pop() ?? '';
  skipped.push(...refusedSkips(lines));
});
const status = await new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
if (strict && skipped.length > 0) {
  console.error(`SVC_TEST_STRICT=1: ${skipped.length} test(s) skipped:\n  ${skipped.join('\n  ')}`);
  process.exit(1);
}
process.exit(status);

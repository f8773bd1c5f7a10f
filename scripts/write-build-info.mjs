// Records which commit this build came from, so /api/health and /api/ can report it.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';

let commit = process.env.SVC_BUILD || '';
if (!commit) {
  try {
    commit = execFileSync('git', ['rev-parse', 'HEAD'], { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    commit = 'unknown';
  }
}
mkdirSync('dist', { recursive: true });
writeFileSync('dist/build.json', JSON.stringify({ commit, builtAt: new Date().toISOString() }) + '\n');
// The `svc` bin must be executable when linked by `npm link` or installed as a dependency.
import { chmodSync, existsSync } from 'node:fs';
if (existsSync('dist/src/cli.js')) chmodSync('dist/src/cli.js', 0o755);

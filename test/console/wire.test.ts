// The console's calls are typed from the server's route schemas (web/src/api.ts, wire.ts,
// wire.gen.ts): the generated types match the routes as registered, no page types a server
// answer by hand or calls the server past the door, and a change in an answer's shape breaks
// the console's type-check.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, it } from 'node:test';

const WEB = 'web/src';
const DOOR = 'api.ts';

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** tsc on a copy of the console's sources; answers its diagnostics, or '' when it passes. */
function typeCheck(edit?: (dir: string) => void): string {
  const dir = mkdtempSync(join(tmpdir(), 'svc-console-wire-'));
  try {
    cpSync('web', join(dir, 'web'), { recursive: true, filter: (p) => !p.includes('node_modules') });
    symlinkSync(resolve('node_modules'), join(dir, 'node_modules'), 'dir');
    edit?.(dir);
    const tsc = resolve('node_modules/typescript/bin/tsc');
    execFileSync(process.execPath, [tsc, '-p', join(dir, 'web/tsconfig.json')], {
      stdio: 'pipe',
      timeout: 180_000,
    });
    return '';
  } catch (err) {
    const out = err as { stdout?: Buffer; message: string };
    return out.stdout?.toString() || out.message;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the console calls the server through one typed door', () => {
  it('web/src/wire.gen.ts matches the route schemas', () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-wire-test-'));
    try {
      const out = join(dir, 'wire.gen.ts');
      execFileSync(process.execPath, ['scripts/console-wire.mjs', out], { stdio: 'pipe', timeout: 120_000 });
      const fresh = readFileSync(out, 'utf8');
      assert.ok(fresh.includes("'GET /api/account/usage'") || fresh.includes('"GET /api/account/usage"'));
      assert.ok(
        fresh === readFileSync(join(WEB, 'wire.gen.ts'), 'utf8'),
        'web/src/wire.gen.ts is out of date with the route schemas: run `npm run web:wire` and commit it',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('no page reaches the server past api.ts, or types an answer by hand', () => {
    const offences: string[] = [];
    for (const file of sources(WEB)) {
      const name = file.slice(WEB.length + 1);
      const lines = readFileSync(file, 'utf8').split('\n');
      lines.forEach((line, i) => {
        const where = `${name}:${i + 1}: ${line.trim()}`;
        // The door's own cast, once per transport, is where the schema-typed answer is handed out.
        if (name === DOOR) {
          if (/\bas (T|any)\b/.test(line)) offences.push(where);
          return;
        }
        if (/\bfetch\(|XMLHttpRequest|\.json\(\)|\bapi</.test(line)) offences.push(where);
        if (/\bas (T|any|Reply)\b|\b(parsed|body|res|json) as /.test(line)) offences.push(where);
      });
    }
    assert.deepEqual(offences, [], 'the server is reached, or its answer typed, outside api.ts');
  });

  it('a changed answer shape fails the console type-check', () => {
    assert.equal(typeCheck(), '', 'the console does not type-check as committed');
    // input_tokens renamed in GET /api/account/usage's answer, as a server change would do.
    const broken = typeCheck((dir) => {
      const path = join(dir, WEB, 'wire.gen.ts');
      const text = readFileSync(path, 'utf8');
      const start = text.indexOf('"GET /api/account/usage"');
      const end = text.indexOf('\n  };', start);
      assert.ok(start > 0 && end > start, 'GET /api/account/usage is not in wire.gen.ts');
      const route = text.slice(start, end).replaceAll('input_tokens', 'inputTokens');
      writeFileSync(path, text.slice(0, start) + route + text.slice(end));
    });
    assert.match(broken, /src\/pages\/(painel|uso)\.tsx/, broken);
  });
});

// First-run fixes: the CLI says which storage it opened and does not silently create a
// second data folder; command groups answer --help; storage files are private.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { loadConfig } from '../../src/config.js';
import { createContext } from '../../src/context.js';
import { describeStorage } from '../../src/platform/db/index.js';
import { createLogger } from '../../src/platform/logger.js';
import { LogCapture } from '../helpers/context.js';
import { CLI } from '../helpers/process.js';

function svc(args: string[], cwd: string, env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [CLI, ...args], {
    cwd,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('svc command groups', () => {
  it('answer --help with their subcommands', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'svc-cli-'));
    for (const [word, members] of [
      ['key', ['key create', 'key revoke']],
      ['account', ['account create', 'account release']],
      ['org', ['org set', 'org member', 'org show']],
    ] as const) {
      const r = svc([word, '--help'], cwd);
      assert.equal(r.code, 0, r.stderr);
      for (const m of members) assert.match(r.stdout, new RegExp(`^  ${m} `, 'm'));
      assert.doesNotMatch(r.stdout, /serve/);
    }
    assert.equal(svc(['key'], cwd).code, 2);
    const unknown = svc(['key', 'rotate'], cwd);
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /unknown command "key rotate"[\s\S]*key create/);
  });
});

describe('the installed `svc` bin', () => {
  const root = new URL('../../../', import.meta.url).pathname;

  it('is in the package with what it needs at run time', () => {
    const r = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
      cwd: root,
      encoding: 'utf8',
    });
    assert.equal(r.status, 0, r.stderr);
    const files = (JSON.parse(r.stdout) as { files: { path: string }[] }[])[0]!.files.map((f) => f.path);
    for (const needed of ['package.json', 'dist/src/cli.js', 'dist/build.json', 'models/names.bin.gz']) {
      assert.ok(files.includes(needed), needed);
    }
    assert.ok(!files.some((f) => f.startsWith('dist/test/') || f.startsWith('data/')));
  });

  it('runs through a node_modules/.bin link, as npx runs it', () => {
    const bin = join(mkdtempSync(join(tmpdir(), 'svc-bin-')), 'node_modules', '.bin');
    mkdirSync(bin, { recursive: true });
    symlinkSync(CLI, join(bin, 'svc'));
    const r = spawnSync(join(bin, 'svc'), ['--help'], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /^Usage: svc <command>/);
  });
});

describe('the data folder of CLI commands', () => {
  it('is not created silently by commands other than serve and migrate; the storage is named on stderr', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'svc-cwd-'));
    const account = ['account', 'create', '--email', 'ana@example.com', '--password', 'uma-senha-longa-123'];
    const refused = svc(account, cwd);
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, new RegExp(`no data folder at ${join(cwd, 'data')}`));
    assert.match(refused.stderr, /svc migrate/);
    assert.equal(refused.stdout, '');
    assert.ok(!existsSync(join(cwd, 'data')));

    const migrated = svc(['migrate'], cwd);
    assert.equal(migrated.code, 0, migrated.stderr);
    assert.match(
      migrated.stderr,
      new RegExp(`^svc: storage: SQLite ${join(cwd, 'data', 'svc.sqlite')}$`, 'm'),
    );
    JSON.parse(migrated.stdout);

    const created = svc(account, cwd);
    assert.equal(created.code, 0, created.stderr);
    assert.match(created.stderr, /svc: storage: SQLite .*svc\.sqlite/);
    JSON.parse(created.stdout); // stdout stays pure JSON
  });

  it('never shows the password of a DATABASE_URL', () => {
    const shown = describeStorage({
      dataDir: './data',
      databaseUrl: 'postgres://svc:s3cr3t-pw@db.example.com:5432/svc?password=other',
    });
    assert.equal(shown, 'PostgreSQL postgres://svc@db.example.com:5432/svc');
  });
});

describe('storage file modes', { skip: Boolean(process.env.DATABASE_URL) && 'SQLite only' }, () => {
  it('creates the data folder 0700 and the database, -wal, -shm and secret 0600', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'svc-modes-')), 'data');
    const ctx = await createContext(
      loadConfig({ SVC_DATA_DIR: dataDir }),
      createLogger('info', undefined, new LogCapture()),
    );
    try {
      const mode = (name: string) => statSync(join(dataDir, name)).mode & 0o777;
      assert.equal(statSync(dataDir).mode & 0o777, 0o700);
      for (const name of ['svc.sqlite', 'svc.sqlite-wal', 'svc.sqlite-shm', 'secret']) {
        assert.equal(mode(name).toString(8), '600', name);
      }
    } finally {
      await ctx.db.close();
    }
  });
});

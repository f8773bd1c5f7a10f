// Test storage on the dialect under test: a fresh SQLite directory, or — when DATABASE_URL
// is set (the PostgreSQL pass of CI) — a fresh schema in that database, so that test files
// running in parallel never see each other's rows.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export const onPostgres = Boolean(process.env.DATABASE_URL);

export interface TestStorage {
  /** Environment variables that point a config (or a child process) at this storage. */
  env: Record<string, string>;
  dataDir: string;
  databaseUrl?: string;
  drop(): Promise<void>;
}

export async function testStorage(): Promise<TestStorage> {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-test-'));
  const base = process.env.DATABASE_URL;
  if (!base) {
    return {
      env: { SVC_DATA_DIR: dataDir },
      dataDir,
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const databaseUrl = url.toString();
  return {
    env: { SVC_DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
    dataDir,
    databaseUrl,
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP SCHEMA ${schema} CASCADE`);
      await c.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

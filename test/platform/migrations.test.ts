import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { sql } from 'kysely';
import pg from 'pg';
import { migrate, openDb } from '../../src/platform/db/index.js';
import { MIGRATIONS } from '../../src/modules.js';
import { onPostgres, testStorage } from '../helpers/db.js';
import { spawnSvc } from '../helpers/process.js';

const migrations = Object.fromEntries(MIGRATIONS);

describe(`migrations (${onPostgres ? 'postgres' : 'sqlite'})`, () => {
  it('apply every migration on a fresh database, then nothing on a re-run', async () => {
    const storage = await testStorage();
    const db = openDb(storage);
    try {
      assert.equal(db.dialect, onPostgres ? 'postgres' : 'sqlite');
      assert.deepEqual(await migrate(db, MIGRATIONS), Object.keys(migrations));
      assert.deepEqual(await migrate(db, MIGRATIONS), []);
      await db.kysely
        .insertInto('svc_meta')
        .values({ key: 'k', value: 'v', updated_at: Date.now() })
        .execute();
      const rows = await sql<{ n: number }>`select count(*) as n from svc_meta`.execute(db.kysely);
      assert.equal(Number(rows.rows[0]!.n), 1);
    } finally {
      await db.close();
      await storage.drop();
    }
  });

  it('survive several processes migrating the same database at the same time', async () => {
    const storage = await testStorage();
    try {
      const children = [1, 2, 3, 4, 5].map(() => spawnSvc(['migrate'], storage.env));
      const codes = await Promise.all(children.map((c) => c.exit()));
      assert.deepEqual(codes, [0, 0, 0, 0, 0], children.map((c) => c.stderr.join('')).join('\n'));
      const applied = children.flatMap((c) => JSON.parse(c.stdout.join('\n')).applied as string[]);
      assert.deepEqual(applied.sort(), Object.keys(migrations).sort());
    } finally {
      await storage.drop();
    }
  });

  // PostgreSQL only (SQLite has no schemas): Kysely's introspection reads every schema's
  // tables, so another schema dropped at that moment must not fail our migration.
  if (onPostgres) {
    it('survive other schemas being created and dropped in the same database meanwhile', async () => {
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      let churning = true;
      let churned = 0;
      const churn = (async () => {
        while (churning) {
          const name = `churn_${randomBytes(4).toString('hex')}`;
          await admin.query(`CREATE SCHEMA ${name}; CREATE TABLE ${name}.t (id serial primary key, v text)`);
          await admin.query(`DROP SCHEMA ${name} CASCADE`);
          churned++;
        }
      })();
      try {
        for (let i = 0; i < 12; i++) {
          const storage = await testStorage();
          const db = openDb(storage);
          try {
            assert.deepEqual(await migrate(db, MIGRATIONS), Object.keys(migrations));
          } finally {
            await db.close();
            await storage.drop();
          }
        }
      } finally {
        churning = false;
        await churn;
        await admin.end();
      }
      assert.ok(churned > 0);
    });

    // Seen in a CI run: another test's schema renamed a column (migration 0009) while ours
    // migrated, and Kysely's introspection failed with "column … does not exist" (42703).
    // The renames run without pause, so this test has a database of its own: the other
    // test files, migrating in parallel, must not meet that churn.
    it('survive a column being renamed in another schema meanwhile', async () => {
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      const database = `svc_rename_${randomBytes(4).toString('hex')}`;
      await admin.query(`CREATE DATABASE ${database}`);
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = `/${database}`;
      url.search = '';
      const churn = new pg.Client({ connectionString: url.toString() });
      await churn.connect();
      await churn.query('CREATE SCHEMA other; CREATE TABLE other.t (id serial primary key, a text)');
      let renaming = true;
      let renamed = 0;
      const rename = (async () => {
        while (renaming) {
          await churn.query('ALTER TABLE other.t RENAME COLUMN a TO b');
          await churn.query('ALTER TABLE other.t RENAME COLUMN b TO a');
          renamed++;
        }
      })();
      try {
        for (let i = 0; i < 12; i++) {
          await churn.query(`CREATE SCHEMA s${i}`);
          const schemaUrl = new URL(url);
          schemaUrl.searchParams.set('options', `-c search_path=s${i}`);
          const db = openDb({ dataDir: tmpdir(), databaseUrl: schemaUrl.toString() });
          try {
            assert.deepEqual(await migrate(db, MIGRATIONS), Object.keys(migrations));
          } finally {
            await db.close();
          }
        }
      } finally {
        renaming = false;
        await rename;
        await churn.end();
        await admin.query(`DROP DATABASE ${database}`);
        await admin.end();
      }
      assert.ok(renamed > 0);
    });
  }

  it('run from `svc migrate`, printing what was applied as JSON', async () => {
    const storage = await testStorage();
    try {
      const first = spawnSvc(['migrate'], storage.env);
      assert.equal(await first.exit(), 0, first.stderr.join(''));
      const out = JSON.parse(first.stdout.join('\n'));
      assert.deepEqual(out, {
        dialect: onPostgres ? 'postgres' : 'sqlite',
        applied: Object.keys(migrations),
      });
      const second = spawnSvc(['migrate'], storage.env);
      assert.equal(await second.exit(), 0);
      assert.deepEqual(JSON.parse(second.stdout.join('\n')).applied, []);
    } finally {
      await storage.drop();
    }
  });
});

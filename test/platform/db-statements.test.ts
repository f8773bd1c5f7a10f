// The statement cache of the SQLite fast paths (platform/db/statements.ts): a Kysely query
// prepared once per database, its named parameters bound where the builder put them, and a
// query that computes with its parameters refused instead of silently bound wrong.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { type Kysely, sql } from 'kysely';
import { type Db, migrate, openDb } from '../../src/platform/db/index.js';
import { MIGRATIONS } from '../../src/modules.js';
import { prepared } from '../../src/platform/db/statements.js';
import type { Database } from '../../src/modules.js';

const upsert = (db: Kysely<Database>, p: { key: string; by: number; expiresAt: number }) =>
  db
    .insertInto('limit_counters')
    .values({ key: p.key, count: p.by, expires_at: p.expiresAt })
    .onConflict((oc) => oc.column('key').doUpdateSet({ count: sql`limit_counters.count + excluded.count` }))
    .returning('count');

/** `by` appears twice, and a constant (7) sits between the parameters. */
const twice = (db: Kysely<Database>, p: { key: string; by: number }) =>
  db
    .selectFrom('limit_counters')
    .select(sql<number>`count + ${p.by} + ${7} + ${p.by}`.as('n'))
    .where('key', '=', p.key);

describe('prepared statements from Kysely queries', () => {
  let dir: string;
  let db: Db;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'svc-statements-'));
    db = openDb({ dataDir: dir });
    await migrate(db, MIGRATIONS);
  });
  after(async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('prepares a query once per database and row mode', () => {
    const sqlite = db.sqlite!;
    const a = prepared(sqlite, db.kysely, upsert, 'pluck');
    assert.equal(prepared(sqlite, db.kysely, upsert, 'pluck'), a);
    assert.notEqual(prepared(sqlite, db.kysely, upsert), a);
  });

  it('runs what the query builder runs, parameters in their places', async () => {
    const sqlite = db.sqlite!;
    const add = prepared(sqlite, db.kysely, upsert, 'pluck');
    assert.equal(add.statement.get(...add.args({ key: 'k1', by: 3, expiresAt: 10 })), 3);
    const built = await upsert(db.kysely, { key: 'k1', by: 4, expiresAt: 10 }).executeTakeFirstOrThrow();
    assert.equal(Number(built.count), 7);
    assert.equal(add.statement.get(...add.args({ key: 'k1', by: 1, expiresAt: 10 })), 8);

    const read = prepared(sqlite, db.kysely, twice, 'pluck');
    assert.deepEqual(read.args({ key: 'k1', by: 2 }), [2, 7, 2, 'k1']);
    assert.equal(read.statement.get(...read.args({ key: 'k1', by: 2 })), 8 + 2 + 7 + 2);
    const viaBuilder = await twice(db.kysely, { key: 'k1', by: 2 }).executeTakeFirstOrThrow();
    assert.equal(Number(viaBuilder.n), 19);
  });

  it('refuses a query that computes with its parameters', () => {
    const sqlite = db.sqlite!;
    const negated = (k: Kysely<Database>, p: { by: number }) =>
      k.selectFrom('limit_counters').select('key').where('count', '>=', -p.by);
    const joined = (k: Kysely<Database>, p: { key: string }) =>
      k.selectFrom('limit_counters').select('count').where('key', '=', `rpm:${p.key}`);
    assert.throws(() => prepared(sqlite, db.kysely, negated), /computes with its parameters/);
    assert.throws(() => prepared(sqlite, db.kysely, joined), /computes with its parameters/);
  });
});

// The tables a statement writes, as the write watch reads them (platform/db/writes.ts): what
// the key check's kept rows listen for, so a miss here would keep a stale row.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Kysely, type RootOperationNode, SqliteDialect, sql } from 'kysely';
import type { Database } from '../../src/platform/db/schema.js';
import { writtenTables } from '../../src/platform/db/writes.js';

// Never connected: the statements are only built.
const db = new Kysely<Database>({
  dialect: new SqliteDialect({
    database: async () => {
      throw new Error('not connected');
    },
  }),
});
const tables = (q: { toOperationNode(): unknown }) => writtenTables(q.toOperationNode() as RootOperationNode);

describe('writtenTables', () => {
  it('names the table of an insert, an update (aliased or not) and a delete', () => {
    assert.deepEqual(tables(db.insertInto('accounts').values({ id: 'a' } as never)), ['accounts']);
    assert.deepEqual(tables(db.updateTable('api_keys').set({ revoked_at: 1 }).where('id', '=', 'k')), [
      'api_keys',
    ]);
    assert.deepEqual(tables(db.updateTable('organizations as o').set({ product_enabled: 0 })), [
      'organizations',
    ]);
    assert.deepEqual(tables(db.deleteFrom('memberships').where('account_id', '=', 'a')), ['memberships']);
  });

  it('names nothing for a read, and the written table of a read through WITH', () => {
    assert.deepEqual(tables(db.selectFrom('api_keys').selectAll()), []);
    const through = db
      .with('gone', (d) => d.deleteFrom('memberships').where('account_id', '=', 'a').returning('account_id'))
      .selectFrom('gone')
      .selectAll();
    assert.deepEqual(tables(through), ['memberships']);
  });

  it('reads the tables a raw statement writes, and answers * for a write it cannot read', () => {
    const raw = (q: ReturnType<typeof sql>) => writtenTables(q.toOperationNode() as RootOperationNode);
    assert.deepEqual(raw(sql`UPDATE "api_keys" SET revoked_at = ${1}`), ['api_keys']);
    assert.deepEqual(raw(sql`delete from organizations where id = ${'o'}`), ['organizations']);
    assert.ok(
      raw(sql`insert into usage_daily (day) values (${'d'}) on conflict do update set n = 1`).includes(
        'usage_daily',
      ),
    );
    assert.deepEqual(raw(sql`select 1`), []);
    assert.deepEqual(raw(sql`with x as (select 1) update ${sql.table('accounts')} set released = 1`), ['*']);
  });

  it('answers * for a schema change', () => {
    assert.deepEqual(tables(db.schema.dropTable('api_keys')), ['*']);
  });
});

// Contract titles are sealed at rest like the texts: new ones as they are stored, existing
// ones by migration 0009. The database holds no title in clear, yet the API shows it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Migrator, sql } from 'kysely';
import { createSealer } from '../../src/contracts/sealing.js';
import { migrate, openDb } from '../../src/platform/db/index.js';
import { MIGRATIONS } from '../../src/modules.js';
import { onPostgres, testStorage } from '../helpers/db.js';
import { type Harness, harness, SAMPLE_CONTRACT } from './helpers.js';

const migrations = Object.fromEntries(MIGRATIONS);

const dialect = onPostgres ? 'postgres' : 'sqlite';
const SECRET = 'sealing-test-secret-sealing-test-secret-0';
const SEALING = '0009-contracts-sealed-titles';

describe(`contracts: sealed titles (${dialect})`, () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });
  after(() => h.dispose());

  it('stores a new title sealed and shows it in clear through the API', async () => {
    const user = await h.user();
    const title = 'Acordo com Fornecedora Zeta Quimica Ltda';
    const created = await h.app.inject({
      method: 'POST',
      url: '/contracts',
      headers: user.auth,
      payload: { title, text: SAMPLE_CONTRACT },
    });
    assert.equal(created.statusCode, 201);
    const id = created.json().id as string;
    await h.app.inject({
      method: 'POST',
      url: '/risk-analysis',
      headers: user.auth,
      payload: { contract_id: id },
    });
    const rows = await h.ctx.db.kysely.selectFrom('contract_documents').selectAll().execute();
    assert.ok(rows.length > 0);
    assert.ok(!JSON.stringify(rows).includes('Zeta'), 'a title in clear in contract_documents');
    const list = await h.app.inject({ url: '/contracts', headers: user.auth });
    assert.equal(list.json().items[0].title, title);
    const analyses = await h.app.inject({ url: '/risk-analysis', headers: user.auth });
    assert.equal(analyses.json().items[0].contract_title, title);
  });

  it('migration 0009 seals the titles already stored', async () => {
    const storage = await testStorage();
    const db = openDb(storage);
    try {
      // The database as it was before 0009, with a contract titled in clear.
      const schema = onPostgres
        ? (await sql<{ s: string }>`select current_schema() as s`.execute(db.kysely)).rows[0]?.s
        : undefined;
      const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < SEALING));
      const { error } = await new Migrator({
        db: db.kysely,
        provider: { getMigrations: async () => before },
        migrationTableSchema: schema,
      }).migrateToLatest();
      assert.equal(error, undefined);
      const title = 'Locacao do galpao de Joaquim Xavier Pereira';
      const sealer = createSealer(SECRET);
      await sql`insert into contract_users (id, email, password_hash, name, plan, disabled, created_at)
        values ('usr_1', 'a@example.com', '!', 'A', 'gratuito', 0, 1)`.execute(db.kysely);
      await sql`insert into contract_documents (id, user_id, title, source, characters, sealed_text, created_at)
        values ('ctr_1', 'usr_1', ${title}, 'text', 4, ${sealer.seal('text')}, 1)`.execute(db.kysely);

      // 0009 first; later migrations (of other areas) may follow it.
      const applied = await migrate(db, MIGRATIONS, SECRET);
      assert.equal(applied[0], SEALING);
      assert.ok(applied.every((name) => name >= SEALING));

      const rows = await db.kysely.selectFrom('contract_documents').selectAll().execute();
      assert.equal(rows.length, 1);
      assert.ok(!JSON.stringify(rows).includes('Xavier'), 'the title is still in clear');
      assert.equal(sealer.open<string>(rows[0]!.sealed_title), title);
      if (db.sqlite) {
        db.sqlite.pragma('wal_checkpoint(TRUNCATE)');
        const file = readFileSync(join(storage.dataDir, 'svc.sqlite'));
        assert.ok(!file.includes('Xavier'), 'the title is still in the SQLite file');
      }
    } finally {
      await db.close();
      await storage.drop();
    }
  });

  it('an empty database migrates without the secret (svc migrate, tests)', async () => {
    const storage = await testStorage();
    const db = openDb(storage);
    try {
      assert.deepEqual(await migrate(db, MIGRATIONS), Object.keys(migrations));
    } finally {
      await db.close();
      await storage.drop();
    }
  });
});

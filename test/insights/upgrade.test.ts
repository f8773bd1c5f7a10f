// Upgrading a database from before the shared job queue (migration 0008-jobs): waiting
// ingestion jobs move to the queue, and tenants whose empty allowlist meant "any address"
// keep working, now with "any" written out.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Migrator, sql } from 'kysely';
import { findTenant } from '../../src/insights/tenants/store.js';
import { migrate, openDb } from '../../src/platform/db/index.js';
import { MIGRATIONS } from '../../src/modules.js';
import { claim } from '../../src/platform/jobs/index.js';
import { testStorage } from '../helpers/db.js';
import { kyselyOf } from '../../src/modules.js';

const migrations = Object.fromEntries(MIGRATIONS);

describe('insights upgrade to the shared job queue', () => {
  it('moves waiting ingestion jobs and keeps open tenants open, explicitly', async () => {
    const storage = await testStorage();
    const db = openDb(storage);
    try {
      // As migrate() does: on PostgreSQL, look for Kysely's own tables in this test's schema only.
      const migrationTableSchema =
        db.dialect === 'postgres'
          ? (await sql<{ s: string }>`select current_schema() as s`.execute(db.kysely)).rows[0]?.s
          : undefined;
      const before = new Migrator({
        db: db.kysely,
        provider: { getMigrations: async () => migrations },
        migrationTableSchema,
      });
      const { error } = await before.migrateTo('0007-insights');
      assert.equal(error, undefined);
      const now = Date.now();
      await sql`INSERT INTO insight_tenants (id, client_id, token_hash, allowed_cidrs, platform_url,
                  platform_token_sealed, watched_tags, time_zone, created_at)
                VALUES ('ten_1', 'old', 'h', '[]', NULL, NULL, '[]', 'America/Sao_Paulo', ${now}),
                       ('ten_2', 'closed', 'h', '["10.0.0.0/8"]', NULL, NULL, '[]', 'America/Sao_Paulo', ${now})`.execute(
        db.kysely,
      );
      const job = (id: string, session: string, status: string) =>
        sql`INSERT INTO insight_jobs (id, tenant_id, session_id, status, attempts, run_at, lease_token,
                    lease_expires_at, last_error, created_at, updated_at)
            VALUES (${id}, 'ten_1', ${session}, ${status}, 1, ${now}, NULL, NULL, NULL, ${now}, ${now})`.execute(
          db.kysely,
        );
      await job('ij_1', 's-waiting', 'queued');
      await job('ij_2', 'say "hi"\\', 'leased');
      await job('ij_3', 's-done', 'completed');
      await migrate(db, MIGRATIONS);

      const moved = await kyselyOf(db).selectFrom('jobs').selectAll().orderBy('id').execute();
      assert.deepEqual(
        moved.map((j) => [j.id, j.kind, JSON.parse(j.payload), j.dedup_key, j.status]),
        [
          [
            'ij_1',
            'insights.ingest',
            { tenantId: 'ten_1', sessionId: 's-waiting' },
            'ten_1:s-waiting',
            'queued',
          ],
          [
            'ij_2',
            'insights.ingest',
            { tenantId: 'ten_1', sessionId: 'say "hi"\\' },
            'ten_1:say "hi"\\',
            'queued',
          ],
        ],
      );
      assert.ok(await claim(db, ['insights.ingest'], 1_000));
      const left = await sql<{ id: string }>`SELECT id FROM insight_jobs`.execute(db.kysely);
      assert.deepEqual(
        left.rows.map((r) => r.id),
        ['ij_3'],
      );
      const open = (await findTenant(db.kysely, 'old'))!;
      assert.deepEqual(open.allowedCidrs, ['any']);
      assert.equal(open.isAllowed('198.51.100.1'), true);
      assert.equal(open.privatePlatformAllowed, false);
      const closed = (await findTenant(db.kysely, 'closed'))!;
      assert.equal(closed.isAllowed('198.51.100.1'), false);
      assert.equal(closed.isAllowed('10.2.3.4'), true);
    } finally {
      await db.close();
      await storage.drop();
    }
  });
});

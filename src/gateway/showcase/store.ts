// Showcase documents and the collector's lease, in the database shared by every instance.
import { sql } from 'kysely';
import type { Db } from '../../platform/db/index.js';
import { kyselyOf } from './tables.js';

export interface StoredDocument {
  produto: string;
  document: Record<string, unknown>;
  collectedAt: number;
  bordaAt: number | null;
  cliAt: number | null;
}

const LEASE = 'showcase-collector';

export type Source = 'borda' | 'cli';

function toStored(row: {
  produto: string;
  document: string;
  collected_at: number;
  borda_at: number | null;
  cli_at: number | null;
}): StoredDocument {
  return {
    produto: row.produto,
    document: JSON.parse(row.document) as Record<string, unknown>,
    collectedAt: Number(row.collected_at),
    bordaAt: row.borda_at === null ? null : Number(row.borda_at),
    cliAt: row.cli_at === null ? null : Number(row.cli_at),
  };
}

export async function readDocument(db: Db, produto: string): Promise<StoredDocument | undefined> {
  const row = await kyselyOf(db)
    .selectFrom('showcase_documents')
    .selectAll()
    .where('produto', '=', produto)
    .executeTakeFirst();
  return row ? toStored(row) : undefined;
}

/** Every product's document, in product id order. */
export async function readDocuments(db: Db): Promise<StoredDocument[]> {
  const rows = await kyselyOf(db).selectFrom('showcase_documents').selectAll().orderBy('produto').execute();
  return rows.map(toStored);
}

/**
 * Writes a collection. With a lease token, only while that lease is still ours (checked and
 * extended in the same transaction), so a collector that stalled past its lease cannot
 * overwrite a newer document; returns false then.
 */
export async function saveDocument(
  db: Db,
  produto: string,
  document: Record<string, unknown>,
  now: number,
  source: Source,
  lease?: { holder: string; token: number; ttlMs: number },
): Promise<boolean> {
  return kyselyOf(db)
    .transaction()
    .execute(async (trx) => {
      if (lease) {
        const held = await trx
          .updateTable('showcase_leases')
          .set({ expires_at: now + lease.ttlMs })
          .where('name', '=', LEASE)
          .where('holder', '=', lease.holder)
          .where('token', '=', lease.token)
          .where('expires_at', '>', now)
          .executeTakeFirst();
        if (Number(held.numUpdatedRows) !== 1) return false;
      }
      const column = source === 'borda' ? 'borda_at' : 'cli_at';
      await trx
        .insertInto('showcase_documents')
        .values({
          produto,
          document: JSON.stringify(document),
          collected_at: now,
          borda_at: source === 'borda' ? now : null,
          cli_at: source === 'cli' ? now : null,
        })
        .onConflict((oc) =>
          oc.column('produto').doUpdateSet({
            document: JSON.stringify(document),
            collected_at: now,
            [column]: now,
          }),
        )
        .execute();
      return true;
    });
}

/**
 * Takes or renews the collector lease: succeeds for its holder, or for anyone once it has
 * expired. The token changes with the holder. Returns the token, or undefined.
 */
export async function acquireLease(
  db: Db,
  holder: string,
  now: number,
  ttlMs: number,
): Promise<number | undefined> {
  const t = db.kysely;
  await t
    .insertInto('showcase_leases')
    .values({ name: LEASE, holder: null, token: 0, expires_at: 0 })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await t
    .updateTable('showcase_leases')
    .set({
      token: sql`CASE WHEN holder = ${holder} THEN token ELSE token + 1 END`,
      holder,
      expires_at: now + ttlMs,
    })
    .where('name', '=', LEASE)
    .where((eb) => eb.or([eb('holder', '=', holder), eb('expires_at', '<=', now)]))
    .returning('token')
    .executeTakeFirst();
  return row ? Number(row.token) : undefined;
}

/** Gives the lease up (at shutdown), so another instance need not wait for it to expire. */
export async function releaseLease(db: Db, holder: string): Promise<void> {
  await kyselyOf(db)
    .updateTable('showcase_leases')
    .set({ expires_at: 0 })
    .where('name', '=', LEASE)
    .where('holder', '=', holder)
    .execute();
}

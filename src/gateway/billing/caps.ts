// Limits counted from the rows they limit (requests per network per day, pending charges):
// the count and the insert it allows happen in one transaction, and concurrent transactions
// for the same limit take turns, so N simultaneous requests against a cap of k admit exactly
// k. PostgreSQL: a transaction-scoped advisory lock per limit. SQLite: writers are
// serialised already (one connection per process; across processes a transaction that read
// before another wrote fails with SQLITE_BUSY and is run again whole by inTransaction).
import { type Kysely, sql } from 'kysely';
import type { Db } from '../../platform/db/index.js';
import type { BillingTables } from './tables.js';

export async function takeTurn(db: Db, trx: Kysely<BillingTables>, limit: string): Promise<void> {
  if (db.dialect !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(hashtext(${limit}))`.execute(trx);
}

/** Requests (Pix) or charges (Asaas) a network made on a UTC day; failed ones do not count: the client sends them again. */
export async function sentToday(
  trx: Kysely<BillingTables>,
  table: 'pix_requests' | 'asaas_charges',
  network: string,
  day: string,
): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`
    select count(*) as n from ${sql.table(table)}
     where network = ${network} and day = ${day} and state <> 'falhou'`.execute(trx);
  return Number(rows[0]?.n ?? 0);
}

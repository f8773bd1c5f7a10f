// In-app notifications of the contract API (created when an analysis finishes).
import type { Kysely } from 'kysely';
import { newId } from '../../platform/ids.js';
import type { ContractsTables } from '../tables.js';

type Row = ContractsTables['contract_notifications'];

export interface Notification {
  id: string;
  kind: string;
  message: string;
  contract_id: string | null;
  analysis_id: string | null;
  read: boolean;
  created_at: string;
}

const shape = (row: Row): Notification => ({
  id: row.id,
  kind: row.kind,
  message: row.message,
  contract_id: row.contract_id,
  analysis_id: row.analysis_id,
  read: row.read_at !== null,
  created_at: new Date(Number(row.created_at)).toISOString(),
});

export async function notify(
  db: Kysely<ContractsTables>,
  input: {
    userId: string;
    kind: string;
    message: string;
    contractId?: string;
    analysisId?: string;
    now: number;
  },
): Promise<void> {
  await db
    .insertInto('contract_notifications')
    .values({
      id: newId('ntf'),
      user_id: input.userId,
      kind: input.kind,
      message: input.message,
      contract_id: input.contractId ?? null,
      analysis_id: input.analysisId ?? null,
      read_at: null,
      created_at: input.now,
    })
    .execute();
}

export async function listNotifications(
  db: Kysely<ContractsTables>,
  userId: string,
  options: { unreadOnly: boolean; limit: number; offset: number },
): Promise<{ items: Notification[]; total: number; unread: number }> {
  let query = db.selectFrom('contract_notifications').where('user_id', '=', userId);
  if (options.unreadOnly) query = query.where('read_at', 'is', null);
  const [rows, total, unread] = await Promise.all([
    query
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(options.limit)
      .offset(options.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    countUnread(db, userId),
  ]);
  return { items: rows.map(shape), total: Number(total.n), unread };
}

export async function countUnread(db: Kysely<ContractsTables>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('contract_notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Marks one notification read; false when the user has no such notification. Repeating is harmless. */
export async function markRead(
  db: Kysely<ContractsTables>,
  userId: string,
  id: string,
  now: number,
): Promise<Notification | undefined> {
  await db
    .updateTable('contract_notifications')
    .set({ read_at: now })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .execute();
  const row = await db
    .selectFrom('contract_notifications')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? shape(row) : undefined;
}

export async function markAllRead(db: Kysely<ContractsTables>, userId: string, now: number): Promise<number> {
  const result = await db
    .updateTable('contract_notifications')
    .set({ read_at: now })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

// The shared Kysely instance as each module sees it, and transactions every area runs the same
// way: a function that takes either the app's storage or a transaction its caller already
// holds, and joins the caller's when there is one.
//
// The platform knows no module's tables: one Kysely instance serves every module, and each
// looks at it through its own view (`kyselyOf` in the module's `tables.ts`, made with
// `tablesOf`), so a store's queries type-check against the tables its module owns and no others.
import type { Kysely, Transaction } from 'kysely';
import type { Db } from './index.js';

/**
 * Either the app's storage or a Kysely instance (a transaction) the caller already holds, seen
 * as any module's tables: a transaction crosses from one module's view to another's.
 */
export type DbLike = Db | SharedKysely;

/**
 * The one instance (or a transaction on it) as it is handed from module to module: typed with
 * no table, so any module's view converts to it and back. Queries go through a view.
 */
// biome-ignore lint/suspicious/noExplicitAny: the one type through which every module's view passes.
export type SharedKysely = Kysely<any>;

/** The shared instance (or the caller's transaction) seen as the tables `T`: the one cast of the views. */
export function tablesOf<T>(db: DbLike): Kysely<T> {
  return ('kysely' in db && !('selectFrom' in db) ? db.kysely : db) as Kysely<T>;
}

/**
 * Runs `fn` in a transaction, or in the caller's when it passed one; the transaction is seen
 * as the tables of the view `fn` takes (shared, when `fn` names none: it hands the transaction
 * to other modules' stores). On SQLite the transaction waits for the write lock when
 * it begins (sqlite-dialect.ts), and gives up with DatabaseBusyError (503 `database_busy`), which
 * is not retried here: the wait is over. A SQLITE_BUSY from inside (a statement that raced another
 * process some other way) rolled the transaction back whole, so it is simply run again.
 */
export async function inTransaction<T = SharedKysely extends Kysely<infer A> ? A : never, R = unknown>(
  db: DbLike,
  fn: (trx: Kysely<T>) => Promise<R>,
): Promise<R> {
  const k = tablesOf<T>(db);
  if (k.isTransaction) return fn(k);
  for (let attempt = 1; ; attempt++) {
    try {
      return await k.transaction().execute((trx: Transaction<T>) => fn(trx));
    } catch (err) {
      const code = (err as { code?: unknown }).code;
      if (attempt >= 20 || typeof code !== 'string' || !code.startsWith('SQLITE_BUSY')) throw err;
      await new Promise((r) => setTimeout(r, attempt * 5));
    }
  }
}

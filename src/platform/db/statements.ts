// The SQLite fast paths: a query written once with Kysely (which also runs it on PostgreSQL)
// and compiled once per database into a prepared better-sqlite3 statement, so the hot paths
// that cannot afford the query builder's per-call cost (compiling, a promise per statement)
// still run exactly the SQL the builder writes. docs/contributing/performance.md, "Decisions".
//
// A query is a function of the Kysely instance and its named parameters. It is compiled
// with a stand-in for each parameter, so it must pass its parameters through as they are:
// whatever needs computing from them, the SQL computes (`balance + ${p.amount} >= 0`, not
// `balance >= ${-p.amount}`). A stand-in that arrives changed is refused when the statement
// is prepared.
import type SQLite from 'better-sqlite3';
import type { Compilable, Kysely } from 'kysely';

/** A query written once: the builder runs it (PostgreSQL, transactions), the fast path prepares it. */
// biome-ignore lint/suspicious/noExplicitAny: a query is written against its module's view of the one instance.
export type Query<P> = (db: Kysely<any>, params: P) => Compilable;

export interface Prepared<P> {
  statement: SQLite.Statement;
  /** The statement's positional arguments for these parameters. */
  args(params: P): unknown[];
}

/** How rows come back: objects (better-sqlite3's default), the first column alone, or arrays. */
export type RowMode = 'object' | 'pluck' | 'raw';

const MARK = '\u0000svc-param:';
const cache = new WeakMap<SQLite.Database, Map<Query<never>, Partial<Record<RowMode, Prepared<never>>>>>();

/** `query` prepared on `sqlite` (once per database and row mode; later calls answer the same statement). */
export function prepared<P>(
  sqlite: SQLite.Database,
  // biome-ignore lint/suspicious/noExplicitAny: the instance every module's queries share.
  kysely: Kysely<any>,
  query: Query<P>,
  mode: RowMode = 'object',
): Prepared<P> {
  let statements = cache.get(sqlite);
  if (!statements) {
    statements = new Map();
    cache.set(sqlite, statements);
  }
  let modes = statements.get(query as Query<never>);
  if (!modes) {
    modes = {};
    statements.set(query as Query<never>, modes);
  }
  let found = modes[mode] as Prepared<P> | undefined;
  if (!found) {
    found = compile(sqlite, kysely, query, mode);
    modes[mode] = found as Prepared<never>;
  }
  return found;
}

function compile<P>(
  sqlite: SQLite.Database,
  // biome-ignore lint/suspicious/noExplicitAny: the instance every module's queries share.
  kysely: Kysely<any>,
  query: Query<P>,
  mode: RowMode,
): Prepared<P> {
  const standIns = new Proxy({} as Record<string, string>, { get: (_, name) => `${MARK}${String(name)}` });
  const { sql, parameters } = query(kysely, standIns as P).compile();
  const slots = parameters.map((value): { name: string } | { value: unknown } => {
    if (typeof value === 'string' && value.startsWith(MARK)) return { name: value.slice(MARK.length) };
    if ((typeof value === 'string' && value.includes(MARK)) || Number.isNaN(value)) {
      throw new Error(`a fast-path query computes with its parameters: ${sql}`);
    }
    return { value };
  });
  const statement = sqlite.prepare(sql);
  if (mode === 'pluck') statement.pluck();
  else if (mode === 'raw') statement.raw(true);
  return {
    statement,
    args: (params) =>
      slots.map((slot) => {
        const value = 'name' in slot ? (params as Record<string, unknown>)[slot.name] : slot.value;
        return value === undefined ? null : value;
      }),
  };
}

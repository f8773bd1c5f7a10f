// Daily counters for telemetry that keeps no record: one adding upsert per event, shared by
// every instance through the database.
import { type Kysely, sql } from 'kysely';
import type { Db } from '../../platform/db/index.js';
import { whenFree } from '../../platform/db/lock-wait.js';
import { prepared } from '../../platform/db/statements.js';
import { describeError, type Logger } from '../../platform/logger.js';
import { utcDay } from '../../platform/days.js';
import type { TelemetryTables } from './tables.js';
import { kyselyOf } from './tables.js';

/** Counter names (bounded: robots are counted by agent from a fixed list, bots.ts). */
export const COUNTERS = {
  paymentView: 'pagamento_aberto',
  robotPage: 'pagina_robo',
  aiPage: 'pagina_ia',
  mcpCall: 'mcp_chamada',
} as const;

export const agentCounter = (agent: string) => `agente:${agent}`;

/** Machine surfaces: what programs read to learn the service (the index and the OpenAPI document). */
export const SURFACES = ['indice', 'openapi'] as const;
export type Surface = (typeof SURFACES)[number];
export const surfaceCounter = (surface: Surface | '') => `superficie:${surface}`;

const bumpQuery = (db: Kysely<TelemetryTables>, p: { day: string; name: string; by: number }) =>
  db
    .insertInto('telemetry_daily')
    .values({ day: p.day, name: p.name, count: p.by })
    .onConflict((oc) =>
      oc.columns(['day', 'name']).doUpdateSet({ count: sql`telemetry_daily.count + excluded.count` }),
    );

export async function bump(db: Db, name: string, now: number, by = 1): Promise<void> {
  const params = { day: utcDay(now), name, by };
  // SQLite: a prepared statement (robots and payment views arrive with page views).
  if (db.sqlite && !db.sqlite.inTransaction) {
    const { statement, args } = prepared(db.sqlite, db.kysely, bumpQuery);
    await whenFree(db, () => statement.run(...args(params)));
    return;
  }
  await bumpQuery(db.kysely, params).execute();
}

/** Counts one event without making the caller wait: a failed write is logged, never thrown. */
export function tally(db: Db, log: Pick<Logger, 'warn'>, name: string, now: number): void {
  bump(db, name, now).catch((err) =>
    log.warn({ error: describeError(err), counter: name }, 'counter not written'),
  );
}

/** day → count for one counter over the given days (missing days are absent). */
export async function countsByDay(db: Db, name: string, days: string[]): Promise<Map<string, number>> {
  const first = days.at(0);
  const last = days.at(-1);
  if (first === undefined || last === undefined) return new Map();
  const rows = await kyselyOf(db)
    .selectFrom('telemetry_daily')
    .select(['day', 'count'])
    .where('name', '=', name)
    .where('day', '>=', first)
    .where('day', '<=', last)
    .execute();
  return new Map(rows.map((r) => [r.day, Number(r.count)]));
}

/** name → total for counters whose name starts with `prefix`, over [from, to]. */
export async function totalsByName(
  db: Db,
  prefix: string,
  from: string,
  to: string,
): Promise<Map<string, number>> {
  const rows = await kyselyOf(db)
    .selectFrom('telemetry_daily')
    .select(['name', (eb) => eb.fn.sum<number>('count').as('total')])
    .where('name', 'like', `${prefix}%`)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy('name')
    .execute();
  return new Map(rows.map((r) => [r.name.slice(prefix.length), Number(r.total)]));
}

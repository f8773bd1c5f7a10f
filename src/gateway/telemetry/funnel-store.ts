// The funnel archive in the database (several instances write to it): one NDJSON line per
// batch, placed at consecutive byte offsets of its UTC day, with a daily byte ceiling and a
// number of days kept.
import { type Kysely, sql } from 'kysely';
import type { Db } from '../../platform/db/index.js';
import {
  DatabaseBusyError,
  DEFAULT_LOCK_WAIT_MS,
  isLockConflict,
  pauseBefore,
} from '../../platform/db/lock-wait.js';
import { prepared } from '../../platform/db/statements.js';
import { lastDays, utcDay } from '../../platform/days.js';
import type { FunnelEvent, FunnelRecord } from './funnel.js';
import { VIEW_EVENT } from './funnel.js';
import type { TelemetryTables } from './tables.js';
import { kyselyOf } from './tables.js';

export interface FunnelCeilings {
  bytesDia: number;
  dias: number;
}

/** Largest archive answer (SPEC "Limits"). */
export const ARCHIVE_CHUNK = 4 * 1024 * 1024;
const DAY_MS = 86_400_000;

type Row = { day: string; size: number; vid: string; sid: string; views: number; line: string; ts: number };

// An append's three statements, run by the query builder (PostgreSQL) or prepared (SQLite).
const openDay = (db: Kysely<TelemetryTables>, p: { day: string }) =>
  db
    .insertInto('funnel_days')
    .values({ day: p.day, bytes: 0, batches: 0 })
    .onConflict((oc) => oc.column('day').doNothing());

/** The batch's bytes taken from the day's ceiling; no row when they do not fit. */
const takeBytes = (db: Kysely<TelemetryTables>, p: { day: string; size: number; ceiling: number }) =>
  db
    .updateTable('funnel_days')
    .set({ bytes: sql`bytes + ${p.size}`, batches: sql`batches + 1` })
    .where('day', '=', p.day)
    .where(sql<number>`bytes + ${p.size}`, '<=', p.ceiling)
    .returning('bytes');

const storeBatch = (db: Kysely<TelemetryTables>, p: Row & { start: number }) =>
  db.insertInto('funnel_batches').values({
    day: p.day,
    start_byte: p.start,
    size: p.size,
    vid: p.vid,
    sid: p.sid,
    views: p.views,
    line: p.line,
    created_at: p.ts,
  });

interface Pending {
  /** When it was queued: it waits for a lock held elsewhere up to DATABASE_LOCK_WAIT_MS from then. */
  since: number;
  row: Row;
  resolve: (stored: boolean) => void;
  reject: (err: unknown) => void;
}

export class FunnelStore {
  #purgedFor = '';
  /**
   * SQLite: appends as synchronous transactions of prepared statements (this runs on every
   * page view), the batches that arrive in one turn of the event loop committed together —
   * the commit, not the statements, is what a single append mostly costs.
   */
  readonly #appendSqlite: ((rows: Row[]) => boolean[]) | undefined;
  #pending: Pending[] = [];
  #scheduled = false;
  /** Flushes in a row that found the database locked by another process. */
  #busy = 0;

  constructor(
    private readonly db: Db,
    readonly ceilings: FunnelCeilings,
  ) {
    const sqlite = db.sqlite;
    if (sqlite) {
      const day = prepared(sqlite, db.kysely, openDay);
      const take = prepared(sqlite, db.kysely, takeBytes, 'pluck');
      const batch = prepared(sqlite, db.kysely, storeBatch);
      const append = sqlite.transaction((rows: Row[]): boolean[] =>
        rows.map((r) => {
          day.statement.run(...day.args(r));
          const taken = take.args({ day: r.day, size: r.size, ceiling: this.ceilings.bytesDia });
          const bytes = take.statement.get(...taken) as number | undefined;
          if (bytes === undefined) return false;
          batch.statement.run(...batch.args({ ...r, start: Number(bytes) - r.size }));
          return true;
        }),
      );
      // IMMEDIATE: the write lock from the start, so two processes on one file never deadlock on upgrade.
      this.#appendSqlite = (r) => append.immediate(r);
    }
  }

  /**
   * Stores one record; false when the day's ceiling would be passed. The day's row is
   * locked by its update until commit, so each writer's range follows the previous one's
   * and a reader that sees a day's size sees every batch below it.
   */
  async append(record: FunnelRecord): Promise<boolean> {
    const day = utcDay(record.ts);
    if (day !== this.#purgedFor) await this.purge(record.ts);
    const line = `${JSON.stringify(record)}\n`;
    const size = Buffer.byteLength(line);
    const views = record.e.filter((e) => e.t === VIEW_EVENT).length;
    const row = { day, size, vid: record.vid, sid: record.sid, views, line, ts: record.ts };
    if (this.#appendSqlite) {
      return new Promise((resolve, reject) => {
        this.#pending.push({ since: Date.now(), row, resolve, reject });
        this.#schedule(0);
      });
    }
    return kyselyOf(this.db)
      .transaction()
      .execute(async (trx) => {
        await openDay(trx, row).execute();
        const taken = await takeBytes(trx, { day, size, ceiling: this.ceilings.bytesDia }).executeTakeFirst();
        if (!taken) return false;
        await storeBatch(trx, { ...row, start: Number(taken.bytes) - size }).execute();
        return true;
      });
  }

  #schedule(delayMs: number): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    const run = () => {
      this.#scheduled = false;
      this.#flush();
    };
    if (delayMs === 0) setImmediate(run);
    else setTimeout(run, delayMs);
  }

  #flush(): void {
    if (this.#pending.length === 0) return;
    // A query-builder transaction of this process is open (it awaits something): joining it
    // would tie these batches to its fate; try again in a moment.
    if (this.db.sqlite?.inTransaction) {
      this.#schedule(1);
      return;
    }
    const group = this.#pending;
    this.#pending = [];
    try {
      const stored = this.#appendSqlite!(group.map((p) => p.row));
      this.#busy = 0;
      for (const [i, p] of group.entries()) p.resolve(stored[i]!);
    } catch (err) {
      if (!isLockConflict(err)) {
        for (const p of group) p.reject(err);
        return;
      }
      // Another process holds the write lock: nothing was written; the batches wait for it
      // (asynchronously) until their time is up.
      const now = Date.now();
      const waitMs = this.db.lockWaitMs ?? DEFAULT_LOCK_WAIT_MS;
      const again = group.filter((p) => now - p.since < waitMs);
      for (const p of group) if (now - p.since >= waitMs) p.reject(new DatabaseBusyError(waitMs, err));
      this.#pending = [...again, ...this.#pending];
      if (this.#pending.length > 0) this.#schedule(pauseBefore(++this.#busy));
    }
  }

  /** Drops days older than the `dias` kept (today included); once per day per instance. */
  async purge(now: number): Promise<void> {
    const oldest = utcDay(now - (this.ceilings.dias - 1) * DAY_MS);
    const db = this.db.kysely;
    await db.deleteFrom('funnel_batches').where('day', '<', oldest).execute();
    await db.deleteFrom('funnel_days').where('day', '<', oldest).execute();
    this.#purgedFor = utcDay(now);
  }

  /** Every kept day from the oldest stored one to today, with its size (0 when empty). */
  async index(now: number): Promise<Array<{ dia: string; bytes: number }>> {
    const rows = await kyselyOf(this.db)
      .selectFrom('funnel_days')
      .select(['day', 'bytes'])
      .where('day', '>=', utcDay(now - (this.ceilings.dias - 1) * DAY_MS))
      .where('day', '<=', utcDay(now))
      .orderBy('day')
      .execute();
    const sizes = new Map(rows.map((r) => [r.day, Number(r.bytes)]));
    const first = rows[0]?.day ?? utcDay(now);
    const span =
      Math.round((Date.parse(`${utcDay(now)}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / DAY_MS) + 1;
    return lastDays(now, span).map((dia) => ({ dia, bytes: sizes.get(dia) ?? 0 }));
  }

  async daySize(day: string): Promise<number> {
    const row = await kyselyOf(this.db)
      .selectFrom('funnel_days')
      .select('bytes')
      .where('day', '=', day)
      .executeTakeFirst();
    return row ? Number(row.bytes) : 0;
  }

  /**
   * The lines of `day` that start at or after `from`, whole lines only, at most `limit`
   * bytes; `next` is where the rest starts, `size` the day's size as now known.
   */
  async read(
    day: string,
    from: number,
    limit = ARCHIVE_CHUNK,
  ): Promise<{ body: string; next: number; size: number }> {
    const size = await this.daySize(day);
    const parts: string[] = [];
    let bytes = 0;
    let cursor = from;
    let end = from;
    const page = 500;
    for (;;) {
      const rows = await kyselyOf(this.db)
        .selectFrom('funnel_batches')
        .select(['start_byte', 'size', 'line'])
        .where('day', '=', day)
        .where('start_byte', '>=', cursor)
        .orderBy('start_byte')
        .limit(page)
        .execute();
      for (const row of rows) {
        const start = Number(row.start_byte);
        if (bytes + row.size > limit) return { body: parts.join(''), next: start, size: Math.max(size, end) };
        parts.push(row.line);
        bytes += row.size;
        end = start + row.size;
      }
      if (rows.length < page) break;
      cursor = end;
    }
    const total = Math.max(size, end);
    return { body: parts.join(''), next: Math.max(total, from), size: total };
  }

  /** Per day: distinct sessions (visits), distinct browsers and page views. */
  async visits(days: string[]): Promise<Map<string, { visits: number; visitors: number; views: number }>> {
    const first = days.at(0);
    const last = days.at(-1);
    if (first === undefined || last === undefined) return new Map();
    const rows = await kyselyOf(this.db)
      .selectFrom('funnel_batches')
      .select((eb) => [
        'day',
        eb.fn.count<number>('sid').distinct().as('visits'),
        eb.fn.count<number>('vid').distinct().as('visitors'),
        eb.fn.sum<number>('views').as('views'),
      ])
      .where('day', '>=', first)
      .where('day', '<=', last)
      .groupBy('day')
      .execute();
    return new Map(
      rows.map((r) => [
        r.day,
        { visits: Number(r.visits), visitors: Number(r.visitors), views: Number(r.views ?? 0) },
      ]),
    );
  }

  /** Distinct browsers over a span of days. */
  async visitors(from: string, to: string): Promise<number> {
    const row = await kyselyOf(this.db)
      .selectFrom('funnel_batches')
      .select((eb) => eb.fn.count<number>('vid').distinct().as('n'))
      .where('day', '>=', from)
      .where('day', '<=', to)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** The stored events of type `type` over [from, to], in no particular order (the showcase counts them). */
  async eventsOfType(type: string, from: string, to: string): Promise<FunnelEvent[]> {
    const rows = await kyselyOf(this.db)
      .selectFrom('funnel_batches')
      .select('line')
      .where('day', '>=', from)
      .where('day', '<=', to)
      // Only lines that can hold such an event are read (types are `[a-z0-9_]`: nothing to escape).
      .where('line', 'like', `%"t":"${type}"%`)
      .execute();
    return rows.flatMap((r) => (JSON.parse(r.line) as FunnelRecord).e.filter((e) => e.t === type));
  }

  /** The first day holding a batch, or null. */
  async firstDay(): Promise<string | null> {
    const row = await kyselyOf(this.db)
      .selectFrom('funnel_days')
      .select((eb) => eb.fn.min<string>('day').as('day'))
      .executeTakeFirst();
    return row?.day ?? null;
  }
}

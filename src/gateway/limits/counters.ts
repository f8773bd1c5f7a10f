// Fixed-window counters that every gateway instance sees: Redis when REDIS_URL is set,
// else the database. Never process memory — a second instance would start from zero.
// Each key names its own window ("rpm:<key>:<minute>"), so a counter never needs a reset:
// the next window is another key, and old keys expire (Redis) or are swept (database).
import { Redis } from 'ioredis';
import { type Kysely, sql } from 'kysely';
import type { Db } from '../../platform/db/index.js';
import { whenFree } from '../../platform/db/lock-wait.js';
import { prepared } from '../../platform/db/statements.js';
import type { LimitsTables } from './tables.js';
import { kyselyOf } from './tables.js';

export interface Counters {
  /** Adds `by` to `key` (created at 0, kept until `expiresAt` ms) and answers the new total. */
  add(key: string, by: number, expiresAt: number): Promise<number>;
  get(key: string): Promise<number>;
  /** Set when the counters live outside the database (Redis): readiness checks it. */
  ping?(): Promise<unknown>;
  close(): Promise<void>;
}

/** One atomic upsert per add: `INSERT … ON CONFLICT DO UPDATE … RETURNING`, on SQLite and PostgreSQL. */
const addQuery = (db: Kysely<LimitsTables>, p: { key: string; by: number; expiresAt: number }) =>
  db
    .insertInto('limit_counters')
    .values({ key: p.key, count: p.by, expires_at: p.expiresAt })
    .onConflict((oc) => oc.column('key').doUpdateSet({ count: sql`limit_counters.count + excluded.count` }))
    .returning('count');

export class DbCounters implements Counters {
  #adds = 0;
  readonly #add: (key: string, by: number, expiresAt: number) => Promise<number>;

  constructor(readonly db: Db) {
    if (db.sqlite) {
      // A prepared statement: this runs on every /v1 request, the query builder would cost more than the write.
      // pluck: the count itself, not a row object around it.
      // A lock held by another process is waited for off the event loop (lock-wait.ts).
      const { statement, args } = prepared(db.sqlite, db.kysely, addQuery, 'pluck');
      this.#add = (key, by, expiresAt) =>
        whenFree(db, () => statement.get(...args({ key, by, expiresAt })) as number);
    } else {
      this.#add = async (key, by, expiresAt) =>
        Number((await addQuery(db.kysely, { key, by, expiresAt }).executeTakeFirstOrThrow()).count);
    }
  }

  async add(key: string, by: number, expiresAt: number): Promise<number> {
    if (++this.#adds % 1000 === 0) this.#sweep();
    return this.#add(key, by, expiresAt);
  }

  async get(key: string): Promise<number> {
    const row = await kyselyOf(this.db)
      .selectFrom('limit_counters')
      .select('count')
      .where('key', '=', key)
      .executeTakeFirst();
    return row ? Number(row.count) : 0;
  }

  #sweep(): void {
    kyselyOf(this.db)
      .deleteFrom('limit_counters')
      .where('expires_at', '<', Date.now())
      .execute()
      .catch(() => {}); // the next sweep retries
  }

  async close(): Promise<void> {}
}

/** INCRBY and PEXPIREAT in one MULTI: one round trip, and the key cannot outlive its window. */
export class RedisCounters implements Counters {
  readonly #redis: Redis;

  constructor(url: string, prefix: string) {
    this.#redis = new Redis(url, {
      keyPrefix: prefix,
      // A Redis that is away must not hold requests for long: fail fast, the caller decides.
      maxRetriesPerRequest: 1,
      commandTimeout: 1000,
      connectTimeout: 2000,
    });
    this.#redis.on('error', () => {}); // reported per command; an unhandled 'error' would end the process
  }

  async add(key: string, by: number, expiresAt: number): Promise<number> {
    const results = await this.#redis.multi().incrby(key, by).pexpireat(key, expiresAt).exec();
    const [err, total] = results?.[0] ?? [new Error('redis: transaction discarded'), 0];
    if (err) throw err;
    return Number(total);
  }

  async get(key: string): Promise<number> {
    return Number((await this.#redis.get(key)) ?? 0);
  }

  ping(): Promise<unknown> {
    return this.#redis.ping();
  }

  async close(): Promise<void> {
    await this.#redis.quit().catch(() => this.#redis.disconnect());
  }
}

// Gateway limits: requests per minute per key on every /v1 key route, and a
// monthly token quota per organisation on model calls (the pipeline); plus the usage accounting
// that feeds the quota. Counters live in Redis or the database (counters.ts), so every
// instance enforces the same limit. docs/gateway.md "Limits" and "Usage" describe it.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Context } from '../../platform/context.js';
import type { Logger } from '../../platform/logger.js';
import { ApiError } from '../../platform/http/errors.js';
import { type Principal, principalOf } from '../keys/auth.js';
import { type Counters, DbCounters, RedisCounters } from './counters.js';
import { limitRefused } from './metrics.js';
import { type TokenUsage, UsageTally, type UsageWriter, usageWriter } from './usage.js';
import { quotaExceeded, rateLimited } from './errors.js';
import {
  checkKeyControls,
  holdSpend,
  monthOf,
  recordKeyUse,
  requestsPerMinute,
  spendCounter,
} from '../access/controls.js';

/** Where neither the organisation nor the config file says otherwise. */
export const DEFAULT_REQUESTS_PER_MINUTE = 600;
/** Tokens per month; 0 = no quota. */
export const DEFAULT_MONTHLY_QUOTA = 0;

const MINUTE = 60_000;
/** How long usage and quota tokens gather in memory before they are written. */
const FLUSH_MS = 100;

/** Quotas belong to the organisation; a key without one is its own account's. */
const quotaScope = (p: Principal) => (p.organizationId ? `org:${p.organizationId}` : `acct:${p.accountId}`);

function rateHeaders(limit: number, used: number, resetSeconds: number): Record<string, string> {
  return {
    'x-ratelimit-limit': String(limit),
    'x-ratelimit-remaining': String(Math.max(0, limit - used)),
    'x-ratelimit-reset': String(resetSeconds),
  };
}

export class Limits {
  readonly counters: Counters;
  readonly #ctx: Context;
  readonly #rpm: number;
  readonly #quota: number;
  readonly #writeUsage: UsageWriter;
  readonly #usage = new UsageTally();
  /** Quota tokens and key spend per counter key, with the counter's expiry. */
  readonly #quotaTokens = new Map<string, { tokens: number; expiresAt: number }>();
  #timer: NodeJS.Timeout | undefined;
  #flushing: Promise<void> = Promise.resolve();

  constructor(
    ctx: Context,
    readonly now: () => number = Date.now,
  ) {
    this.#ctx = ctx;
    const file = ctx.config.file.limits;
    this.#rpm = file?.requests_per_minute ?? DEFAULT_REQUESTS_PER_MINUTE;
    this.#quota = file?.monthly_quota ?? DEFAULT_MONTHLY_QUOTA;
    this.#writeUsage = usageWriter(ctx.db);
    this.counters = ctx.config.redisUrl
      ? new RedisCounters(ctx.config.redisUrl, file?.redis_prefix ?? 'svc:')
      : new DbCounters(ctx.db);
  }

  /** onRequest hook, after key auth: counts the request in the key's current minute. */
  readonly perMinute = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const principal = principalOf(request);
    // The internal services' traffic is bounded upstream (contract plans, webhook volume);
    // one shared per-minute budget would throttle every tenant for one busy one.
    if (principal.internal) return;
    // The organisation's (or the default), or the key's own where tighter (access/controls.ts).
    const limit = requestsPerMinute(principal, this.#rpm);
    const at = this.now();
    const minute = Math.floor(at / MINUTE);
    const resetAt = (minute + 1) * MINUTE;
    let count: number;
    try {
      count = await this.counters.add(`rpm:${principal.keyId}:${minute}`, 1, resetAt + MINUTE);
    } catch (err) {
      // Fail open: a counter store that is away must not take the gateway down with it.
      request.log.warn(
        { code: (err as { code?: string }).code ?? (err as Error).name },
        'rate counter unavailable',
      );
      return;
    }
    const reset = Math.max(1, Math.ceil((resetAt - at) / 1000));
    const headers = rateHeaders(limit, count, reset);
    if (count > limit) {
      limitRefused('per_minute');
      throw rateLimited(limit, reset, headers);
    }
    reply.headers(headers);
  };

  /**
   * Before a model call: 429 once the organisation's tokens this month reached its quota, or
   * the key's own tokens per minute or monthly budget (access/controls.ts) are spent.
   */
  async checkQuota(principal: Principal, log: Pick<Logger, 'warn'>): Promise<void> {
    const at = this.now();
    try {
      await checkKeyControls(this.counters, principal, at);
    } catch (err) {
      if (err instanceof ApiError) throw err;
      // Fail open, as the quota does: a counter store that is away must not stop every call.
      log.warn({ code: (err as { code?: string }).code ?? (err as Error).name }, 'key counter unavailable');
    }
    const quota = principal.monthlyQuota ?? this.#quota;
    if (!quota) return;
    const { month, end } = monthOf(at);
    let used: number;
    try {
      used = await this.counters.get(`quota:${quotaScope(principal)}:${month}`);
    } catch (err) {
      log.warn({ code: (err as { code?: string }).code ?? (err as Error).name }, 'quota counter unavailable');
      return;
    }
    if (used < quota) return;
    limitRefused('monthly_quota');
    const reset = Math.max(1, Math.ceil((end - at) / 1000));
    throw quotaExceeded(reset, rateHeaders(quota, used, reset));
  }

  /**
   * After a model call (streams: when they end, however they end): the day's usage and the
   * month's quota tokens, summed in memory and written within FLUSH_MS — off the answer's
   * path, and a few writes per interval rather than two per call. A quota can therefore be
   * overshot by what one instance answers in FLUSH_MS. `settled()` writes at once (tests).
   * `costMicros` (the call's price, pipeline/charge.ts) is the key's spend this month. A key
   * with a budget or tokens per minute is written at once instead, and the promise says when
   * (callers that answer after it await it, so the next call anywhere sees this one).
   */
  record(principal: Principal, model: string, usage: TokenUsage, costMicros = 0): Promise<void> {
    const at = this.now();
    this.#usage.add(principal, model, usage, at);
    const tokens = usage.input + usage.output;
    const { month, end } = monthOf(at);
    if (tokens > 0) this.#gather(`quota:${quotaScope(principal)}:${month}`, tokens, end);
    const budgeted = principal.controls?.budgetMicros != null;
    if (principal.kind === 'key' && costMicros > 0 && !budgeted) {
      this.#gather(spendCounter(principal.keyId, at), costMicros, end);
    }
    if (!this.#timer) {
      this.#timer = setTimeout(() => void this.#flush(), FLUSH_MS);
      this.#timer.unref();
    }
    return recordKeyUse(this.counters, principal, tokens, costMicros, at).catch((err) => {
      this.#ctx.logger.warn({ code: err?.code ?? err?.name }, 'key use not recorded');
    });
  }

  /**
   * A budgeted key's call holds `micros` (its maximum cost) while in flight
   * (access/controls.ts holdSpend); the answer releases it once the spend is recorded.
   * Fails open, as the other counters do, with nothing to release.
   */
  async holdSpend(
    principal: Principal,
    micros: number,
    log: Pick<Logger, 'warn'>,
  ): Promise<() => Promise<void>> {
    try {
      return await holdSpend(this.counters, principal, micros, this.now());
    } catch (err) {
      if (err instanceof ApiError) throw err;
      log.warn({ code: (err as { code?: string }).code ?? (err as Error).name }, 'key counter unavailable');
      return async () => {};
    }
  }

  /** Adds to a counter in memory; the next flush writes it. */
  #gather(key: string, amount: number, monthEnd: number): void {
    const entry = this.#quotaTokens.get(key);
    if (entry) entry.tokens += amount;
    else this.#quotaTokens.set(key, { tokens: amount, expiresAt: monthEnd + 86_400_000 });
  }

  /** What the key's model calls cost this month so far, in micro-dollars (0 when the store is away). */
  async spentMicros(keyId: string): Promise<number> {
    return this.counters.get(spendCounter(keyId, this.now())).catch(() => 0);
  }

  /** Writes what has gathered; flushes run one after another, never two at once. */
  #flush(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const rows = this.#usage.take();
    const quota = [...this.#quotaTokens];
    this.#quotaTokens.clear();
    const write = async () => {
      for (const row of rows) await this.#writeUsage(row);
      for (const [key, { tokens, expiresAt }] of quota) await this.counters.add(key, tokens, expiresAt);
    };
    this.#flushing = this.#flushing.then(write).catch((err) => {
      // Counted calls are lost only when the store is away; say so, never with the values.
      this.#ctx.logger.warn({ code: err?.code ?? err?.name, rows: rows.length }, 'usage not recorded');
    });
    return this.#flushing;
  }

  /** Writes the gathered usage now and waits for every write so far. */
  async settled(): Promise<void> {
    await this.#flush();
  }

  async close(): Promise<void> {
    await this.settled();
    await this.counters.close();
  }
}

export type { TokenUsage } from './usage.js';

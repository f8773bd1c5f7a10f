// The API-key check of every `config.auth: 'key'` route (authentication rule 1): 401 when
// the key is absent or invalid; then the one access decision (access/decide.ts) gives the
// principal or the refusal (expired key, account awaiting release, trial ended, product
// off, second factor, network origin). Model release is checked by the model pipeline
// (pipeline/resolve.ts).
//
// The key's row (key ⋈ account ⋈ organisation) is read with one indexed query and kept by
// this process for at most KEY_ROW_MS, by the secret's hash: a change this process writes to
// a key, an account, an organisation or a membership empties that copy as it is written
// (platform/db/writes.ts), so it applies to the very next request; a change written by
// another process or instance applies here within KEY_ROW_MS (docs/accounts.md). The
// decision itself (expiry, trial, network, ...) is taken again on every request, and
// budgets and per-minute counts are never cached (access/controls.ts, limits/).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Context } from '../../platform/context.js';
import type { Db } from '../../platform/db/index.js';
import { prepared } from '../../platform/db/statements.js';
import type { WriteWatch } from '../../platform/db/writes.js';
import type { Database } from '../../platform/db/schema.js';
import { bearerToken } from '../../platform/http/authorization.js';
import { deriveKey } from '../../platform/secret.js';
import { PRODUCT_ID } from '../product.js';
import { isWellFormed, secretHash } from '../../platform/identity/api-key-secrets.js';
import { INTERNAL_EMAIL } from '../../platform/identity/internal-key.js';
import { type AccessFacts, decideAccess } from '../access/decide.js';
import type { Principal } from '../access/principal.js';
import { KEYS } from './errors.js';
import { controlsOf } from './store.js';

export type { Principal } from '../access/principal.js';

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
  }
}

const HOUR = 3_600_000;
/** How long a key's row read by this process is used without reading it again. */
export const KEY_ROW_MS = 2_000;
/** Rows kept at most; past it the copy starts again empty (only keys in use refill it). */
const MAX_KEY_ROWS = 10_000;
/** The tables the key's row is read from: a write to any of them empties the copy. */
const ROW_TABLES: ReadonlySet<string> = new Set([
  'api_keys',
  'accounts',
  'organizations',
  'memberships',
  '*',
]);

const unauthorized = () =>
  KEYS.invalid_api_key('Chave de API ausente ou inválida.', {
    headers: { 'www-authenticate': 'Bearer' },
  });

export function presentedKey(request: FastifyRequest): string | undefined {
  const bearer = bearerToken(request.headers.authorization);
  if (bearer !== undefined) return bearer;
  const apiKey = request.headers['x-api-key'];
  return typeof apiKey === 'string' ? apiKey.trim() : undefined;
}

const COLUMNS = [
  'k.id as key_id',
  'k.account_id',
  'k.organization_id',
  'k.product_id',
  'k.revoked_at',
  'k.stopped_at',
  'k.last_used_at',
  'k.expires_at',
  'k.allowed_models',
  'k.budget_micros',
  'k.requests_per_minute as key_rpm',
  'k.tokens_per_minute',
  'a.released',
  'a.email',
  'a.trial_ends_at',
  'o.product_enabled',
  'o.privacy_policy',
  'o.name_sensitivity',
  'o.unmasked_categories',
  'o.images',
  'o.allowed_cidrs',
  'o.released_models',
  'o.restore_placeholders',
  'o.requests_per_minute',
  'o.monthly_quota',
  'o.mfa_required',
  'o.billing',
] as const;

function lookupQuery(db: Kysely<Database>, p: { hash: string }) {
  return db
    .selectFrom('api_keys as k')
    .innerJoin('accounts as a', 'a.id', 'k.account_id')
    .leftJoin('organizations as o', 'o.id', 'k.organization_id')
    .leftJoin('memberships as m', (j) =>
      j.onRef('m.organization_id', '=', 'k.organization_id').onRef('m.account_id', '=', 'k.account_id'),
    )
    .select(COLUMNS)
    .select('m.role as member_role')
    .select(sql<number>`case when a.totp_secret is null then 0 else 1 end`.as('has_mfa'))
    .where('k.secret_hash', '=', p.hash);
}

type KeyRow = Awaited<ReturnType<ReturnType<typeof lookupQuery>['executeTakeFirst']>>;

/**
 * The key, its account and organisation in one indexed query. On SQLite the same SQL runs
 * as a prepared statement (the query builder's overhead was ~95% of the check's cost) that
 * returns its row as an array, named here: better-sqlite3 builds row objects property by
 * property in C++, a fifth of the look-up's cost.
 */
function createLookup(db: Db): (hash: string) => Promise<KeyRow> {
  if (!db.sqlite) return (hash) => lookupQuery(db.kysely, { hash }).executeTakeFirst();
  const { statement, args } = prepared(db.sqlite, db.kysely, lookupQuery, 'raw');
  const names = statement.columns().map((c) => c.name);
  return async (hash) => {
    const values = statement.get(...args({ hash })) as unknown[] | undefined;
    if (!values) return undefined;
    const row: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i++) row[names[i]!] = values[i];
    return row as KeyRow;
  };
}

/** What the check needs from a key's row: refused outright (401), or the facts of the decision. */
interface KeyEntry {
  refused: boolean;
  facts: AccessFacts;
  lastUsedAt: number | null;
}

function entryOf(row: NonNullable<KeyRow>): KeyEntry {
  return {
    refused: row.revoked_at !== null || row.stopped_at !== null || row.product_id !== PRODUCT_ID,
    lastUsedAt: row.last_used_at,
    facts: {
      credential: 'key',
      keyId: row.key_id,
      accountId: row.account_id,
      released: row.released === 1,
      trialEndsAt: row.trial_ends_at,
      hasMfa: row.has_mfa === 1,
      internal: row.email === INTERNAL_EMAIL,
      organizationId: row.organization_id,
      // An account key has no organisation row: the left join gives nulls.
      organization: row.organization_id === null ? null : row,
      member: true,
      role: row.member_role,
      controls: controlsOf({
        expires_at: row.expires_at,
        allowed_models: row.allowed_models,
        budget_micros: row.budget_micros,
        requests_per_minute: row.key_rpm,
        tokens_per_minute: row.tokens_per_minute,
      }),
    },
  };
}

/**
 * Key rows this process read, by secret hash, for KEY_ROW_MS (a monotonic clock: a test's
 * clock does not stretch it). One per storage, shared by every app on it.
 */
class KeyRows {
  readonly #entries = new Map<string, { entry: KeyEntry; until: number }>();
  /** Moves on every write that empties the copy: a read that started before it is not kept. */
  #generation = 0;

  constructor(writes: WriteWatch) {
    writes.onWrite((table) => {
      if (!ROW_TABLES.has(table)) return;
      this.#entries.clear();
      this.#generation++;
    });
  }

  get generation(): number {
    return this.#generation;
  }

  get(hash: string): KeyEntry | undefined {
    const kept = this.#entries.get(hash);
    if (!kept) return undefined;
    if (kept.until > performance.now()) return kept.entry;
    this.#entries.delete(hash);
    return undefined;
  }

  set(hash: string, entry: KeyEntry, readFrom: number): void {
    if (readFrom !== this.#generation) return;
    if (this.#entries.size >= MAX_KEY_ROWS) this.#entries.clear();
    this.#entries.set(hash, { entry, until: performance.now() + KEY_ROW_MS });
  }
}

const keyRows = new WeakMap<WriteWatch, KeyRows>();

function keyRowsOf(db: Db): KeyRows | undefined {
  if (!db.writes) return undefined;
  let rows = keyRows.get(db.writes);
  if (!rows) {
    rows = new KeyRows(db.writes);
    keyRows.set(db.writes, rows);
  }
  return rows;
}

export function createKeyAuth(ctx: Context, now: () => number = Date.now) {
  const pepper = deriveKey(ctx.secret, 'api-key');
  const lookup = createLookup(ctx.db);
  const kept = keyRowsOf(ctx.db);

  /** The key's entry: from this process's copy, or read (and kept); undefined for an unknown key. */
  async function entryFor(hash: string): Promise<KeyEntry | undefined> {
    const found = kept?.get(hash);
    if (found) return found;
    const readFrom = kept?.generation ?? 0;
    const row = await lookup(hash);
    if (!row) return undefined;
    const entry = entryOf(row);
    kept?.set(hash, entry, readFrom);
    return entry;
  }
  const touched = new Map<string, number>(); // key id → hour last written by this process

  function touch(keyId: string, lastUsedAt: number | null, at: number): void {
    const hour = Math.floor(at / HOUR) * HOUR;
    if ((lastUsedAt ?? -1) >= hour || touched.get(keyId) === hour) return;
    touched.set(keyId, hour);
    // Off the hot path: the answer does not wait for this write, and a failure only delays it.
    ctx.db.kysely
      .updateTable('api_keys')
      .set({ last_used_at: hour })
      .where('id', '=', keyId)
      .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', hour)]))
      .execute()
      .catch(() => touched.delete(keyId));
  }

  return async function keyAuth(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const secret = presentedKey(request);
    if (!secret || !isWellFormed(secret)) throw unauthorized();
    const entry = await entryFor(secretHash(pepper, secret));
    if (!entry || entry.refused) throw unauthorized();
    const at = now();
    request.principal = decideAccess(entry.facts, request.ip, at);
    touch(entry.facts.keyId, entry.lastUsedAt, at);
  };
}

/** The principal of a key route; the hook guarantees it, this makes the type say so. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}

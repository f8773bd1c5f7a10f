// Credit tokens: `cred_` + 32 base62 characters + a 6-character checksum — the family of
// the `svck_` API keys (platform/identity/api-key-secrets.ts), so a mistyped token is
// refused offline. Shown once; only an HMAC under a key derived from SVC_SECRET is stored.
// A token is its own wallet in the ledger; it is issued `pendente` (a Pix awaiting review)
// or `ativo`, and a `pendente` one becomes `ativo` (credited) or `recusado` (never valid).
import type { Kysely } from 'kysely';
import { hmac } from '../../platform/crypto.js';
import { generateSecret, isWellFormed, KEY_PREFIX } from '../../platform/identity/api-key-secrets.js';
import { newId } from '../../platform/ids.js';
import { deriveKey } from '../../platform/secret.js';
import { type DbLike, inTransaction } from '../../platform/db/transactions.js';
import { balanceOf, creditWallet, MICROS_PER_USD, openWallet, type Wallet } from './ledger.js';
import { kyselyOf, type BillingTables } from './tables.js';

export const TOKEN_PREFIX = 'cred_';
export const PACKAGES_USD = [1, 5, 10, 25] as const;
export type CreditSource = 'x402' | 'pix' | 'asaas';
export type TokenState = 'pendente' | 'ativo' | 'recusado';

export function isPackage(usd: unknown): usd is (typeof PACKAGES_USD)[number] {
  return typeof usd === 'number' && (PACKAGES_USD as readonly number[]).includes(usd);
}

const peppers = new Map<string, Buffer>();
function pepperOf(secret: string): Buffer {
  let key = peppers.get(secret);
  if (!key) {
    key = deriveKey(secret, 'credit-token');
    peppers.set(secret, key);
  }
  return key;
}

// The API-key format with another prefix: its checksum covers the body only, so the same
// generator and checker serve both families.
function newTokenString(): string {
  return TOKEN_PREFIX + generateSecret().slice(KEY_PREFIX.length);
}

/** True when the string has the shape and checksum of a token this service could have issued. */
export function isWellFormedToken(token: string): boolean {
  return token.startsWith(TOKEN_PREFIX) && isWellFormed(KEY_PREFIX + token.slice(TOKEN_PREFIX.length));
}

export function tokenWallet(tokenId: string): Wallet {
  return { kind: 'token', id: tokenId };
}

export interface IssueInput {
  /** SVC_SECRET (ctx.secret): the token's stored HMAC is keyed from it. */
  secret: string;
  usd: number;
  source: CreditSource;
  /** The purchase that issued it (x402 nonce, Pix request id, Asaas charge id); unique. */
  reference: string;
  /** true: credited now (x402 settled, Asaas paid); false: `pendente` until activated. */
  active: boolean;
  now?: number;
}

export class DuplicateTokenReferenceError extends Error {
  constructor() {
    super('a credit token was already issued for this reference');
  }
}

/** A new token; the string is returned this once. */
export async function issueCreditToken(
  db: DbLike,
  input: IssueInput,
): Promise<{ id: string; token: string }> {
  if (!isPackage(input.usd)) throw new RangeError(`not a credit package: ${input.usd}`);
  const at = input.now ?? Date.now();
  const token = newTokenString();
  const id = newId('ctk');
  return inTransaction(db, async (trx: Kysely<BillingTables>) => {
    const inserted = await trx
      .insertInto('credit_tokens')
      .values({
        id,
        token_hash: hmac(pepperOf(input.secret), token),
        usd: input.usd,
        source: input.source,
        reference: input.reference,
        state: input.active ? 'ativo' : 'pendente',
        created_at: at,
        decided_at: input.active ? at : null,
      })
      .onConflict((oc) => oc.column('reference').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) throw new DuplicateTokenReferenceError();
    await openWallet(trx, tokenWallet(id), at);
    if (input.active) {
      await creditWallet(trx, {
        wallet: tokenWallet(id),
        micros: input.usd * MICROS_PER_USD,
        kind: 'purchase',
        reference: `purchase:${input.reference}`,
        source: input.source,
        now: at,
      });
    }
    return { id, token };
  });
}

/**
 * A new string for an existing token — one whose string never reached its buyer (the process
 * died before answering). The balance stays; any earlier string stops working.
 */
export async function reissueCreditToken(
  db: DbLike,
  input: { secret: string; tokenId: string },
): Promise<string> {
  const token = newTokenString();
  await kyselyOf(db)
    .updateTable('credit_tokens')
    .set({ token_hash: hmac(pepperOf(input.secret), token) })
    .where('id', '=', input.tokenId)
    .execute();
  return token;
}

export interface CreditTokenRecord {
  id: string;
  usd: number;
  source: CreditSource;
  state: TokenState;
  reference: string;
  createdAt: number;
  decidedAt: number | null;
}

function toRecord(row: BillingTables['credit_tokens']): CreditTokenRecord {
  return {
    id: row.id,
    usd: Number(row.usd),
    source: row.source as CreditSource,
    state: row.state as TokenState,
    reference: row.reference,
    createdAt: Number(row.created_at),
    decidedAt: row.decided_at === null ? null : Number(row.decided_at),
  };
}

export async function getCreditToken(db: DbLike, tokenId: string): Promise<CreditTokenRecord | undefined> {
  const row = await kyselyOf(db)
    .selectFrom('credit_tokens')
    .selectAll()
    .where('id', '=', tokenId)
    .executeTakeFirst();
  return row && toRecord(row);
}

/** The token's record, for authentication; undefined for a malformed or unknown token. */
export async function findCreditToken(
  db: DbLike,
  token: string,
  secret: string,
): Promise<CreditTokenRecord | undefined> {
  if (!isWellFormedToken(token)) return undefined;
  const row = await kyselyOf(db)
    .selectFrom('credit_tokens')
    .selectAll()
    .where('token_hash', '=', hmac(pepperOf(secret), token))
    .executeTakeFirst();
  return row && toRecord(row);
}

export type ActivateResult =
  | { ok: true; state: 'ativo'; balance: number /** false when it was already active */; changed: boolean }
  | { ok: false; state: 'recusado' | 'desconhecido' };

/**
 * Makes a `pendente` token valid and credits its package through the ledger (kind
 * `release`). Idempotent: activating an active token changes nothing; a refused token
 * stays refused.
 */
export async function activateCreditToken(
  db: DbLike,
  input: { tokenId: string; reference: string; now?: number },
): Promise<ActivateResult> {
  const at = input.now ?? Date.now();
  return inTransaction(db, async (trx: Kysely<BillingTables>) => {
    const changed = await trx
      .updateTable('credit_tokens')
      .set({ state: 'ativo', decided_at: at })
      .where('id', '=', input.tokenId)
      .where('state', '=', 'pendente')
      .returning(['usd', 'source'])
      .executeTakeFirst();
    if (!changed) {
      const current = await getCreditToken(trx, input.tokenId);
      if (!current) return { ok: false, state: 'desconhecido' } as const;
      if (current.state === 'recusado') return { ok: false, state: 'recusado' } as const;
      const balance = await balanceOf(trx, tokenWallet(input.tokenId));
      return { ok: true, state: 'ativo', balance, changed: false } as const;
    }
    const credited = await creditWallet(trx, {
      wallet: tokenWallet(input.tokenId),
      micros: Number(changed.usd) * MICROS_PER_USD,
      kind: 'release',
      reference: `release:${input.reference}`,
      source: changed.source as CreditSource,
      now: at,
    });
    return { ok: true, state: 'ativo', balance: credited.balance, changed: true } as const;
  });
}

/** A `pendente` token that will never become valid. False when it was not pending. */
export async function refuseCreditToken(
  db: DbLike,
  input: { tokenId: string; now?: number },
): Promise<boolean> {
  const row = await kyselyOf(db)
    .updateTable('credit_tokens')
    .set({ state: 'recusado', decided_at: input.now ?? Date.now() })
    .where('id', '=', input.tokenId)
    .where('state', '=', 'pendente')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

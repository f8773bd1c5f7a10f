// SQL for browser sessions. The cookie value is a 256-bit random token; only its SHA-256 is
// stored, so a copy of the database cannot be replayed as cookies. A session is bound to one
// product: logging out here leaves the account's sessions in other products alone.
import type { Kysely, Selectable } from 'kysely';
import { randomToken, sha256 } from '../../platform/crypto.js';
import { newId } from '../../platform/ids.js';
import type { SessionsTable, SessionsTables } from './tables.js';

export type SessionRow = Selectable<SessionsTable>;

export type Method = 'pwd' | 'otp';
/** `none`: the account has no second factor; `pending`: password accepted, code awaited; `verified`: both. */
export type MfaState = 'none' | 'pending' | 'verified';

/** A browser that has only bootstrapped keeps its anonymous session for a day. */
export const ANONYMOUS_TTL = 24 * 3_600_000;
/** A signed-in session lasts at most a week; then the person signs in again. */
export const SIGNED_IN_TTL = 7 * 24 * 3_600_000;

/** What a privilege change carries into the regenerated session. */
export interface SessionState {
  accountId: string | null;
  authTime: number | null;
  methods: Method[];
  mfaState: MfaState;
}

const ANONYMOUS: SessionState = { accountId: null, authTime: null, methods: [], mfaState: 'none' };

function newRow(productId: string, state: SessionState, now: number): { row: SessionRow; token: string } {
  const token = randomToken(32);
  const row: SessionRow = {
    id: newId('ses'),
    token_hash: sha256(token),
    product_id: productId,
    account_id: state.accountId,
    // Bound into the CSRF value (csrf.ts); a new session gets a new one, so CSRF rotates with it.
    csrf_secret: randomToken(16),
    auth_time: state.authTime,
    methods: JSON.stringify(state.methods),
    mfa_state: state.mfaState,
    created_at: now,
    expires_at: now + (state.accountId === null ? ANONYMOUS_TTL : SIGNED_IN_TTL),
    revoked_at: null,
    totp_pending: null,
  };
  return { row, token };
}

/** A new session: anonymous for a bootstrap, or signed in when a password change replaces them all. */
export async function createSession(
  db: Kysely<SessionsTables>,
  productId: string,
  now: number,
  state: SessionState = ANONYMOUS,
): Promise<{ row: SessionRow; token: string }> {
  const made = newRow(productId, state, now);
  await db.insertInto('sessions').values(made.row).execute();
  return made;
}

/** The live session a cookie value names in this product, if any. */
export function findSession(
  db: Kysely<SessionsTables>,
  productId: string,
  token: string,
  now: number,
): Promise<SessionRow | undefined> {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('token_hash', '=', sha256(token))
    .where('product_id', '=', productId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/**
 * Replaces a session with a new one (new id, new cookie value, new CSRF) carrying `state`:
 * every privilege change goes through here, so a session id planted before login is
 * worthless after it. One transaction: if storage fails, the old session is untouched.
 */
export async function regenerateSession(
  db: Kysely<SessionsTables>,
  old: SessionRow,
  state: SessionState,
  now: number,
): Promise<{ row: SessionRow; token: string }> {
  const made = newRow(old.product_id, state, now);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('sessions').set({ revoked_at: now }).where('id', '=', old.id).execute();
    await trx.insertInto('sessions').values(made.row).execute();
  });
  return made;
}

export async function revokeSession(db: Kysely<SessionsTables>, id: string, now: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function setPendingTotp(
  db: Kysely<SessionsTables>,
  id: string,
  sealed: string | null,
): Promise<void> {
  await db.updateTable('sessions').set({ totp_pending: sealed }).where('id', '=', id).execute();
}

export function stateOf(row: SessionRow): SessionState {
  return {
    accountId: row.account_id,
    authTime: row.auth_time,
    methods: JSON.parse(row.methods) as Method[],
    mfaState: row.mfa_state as MfaState,
  };
}

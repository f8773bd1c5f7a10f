// What a browser is told about its session: the "Session user" record, the CSRF value and
// the opaque view context of the bootstrap result.
import { csrfFor } from './csrf.js';
import { type SessionRow, stateOf } from './store.js';

export interface SessionUser {
  identityId: string;
  sessionId: string;
  productId: string;
  audience: string;
  authTime: string | null;
  methods: string[];
  mfaState: string;
}

export function sessionUser(row: SessionRow, audience: string): SessionUser {
  const state = stateOf(row);
  return {
    identityId: row.account_id ?? '',
    sessionId: row.id,
    productId: row.product_id,
    audience,
    authTime: state.authTime === null ? null : new Date(state.authTime).toISOString(),
    methods: state.methods,
    mfaState: state.mfaState,
  };
}

/**
 * The view context: which screen the interface should show (anonymous, awaiting the second
 * factor, signed in). Not a credential: it names no account and opens nothing.
 */
export function viewContext(row: SessionRow): string {
  const view = row.account_id === null ? 'anonymous' : row.mfa_state === 'pending' ? 'mfa' : 'signed_in';
  return Buffer.from(JSON.stringify({ v: 1, product: row.product_id, view })).toString('base64url');
}

export interface BrowserState {
  csrf: string;
  context: string;
}

export function browserState(csrfKey: Buffer, row: SessionRow): BrowserState {
  return { csrf: csrfFor(csrfKey, row), context: viewContext(row) };
}

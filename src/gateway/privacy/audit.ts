// The audit record of a barrier call: metadata only — when, which key and
// organisation, route, policy, categories and counts, a keyed hash of the input — sealed
// with AES-256-GCM under a key derived from SVC_SECRET. Never a personal value.
import type { Context } from '../../platform/context.js';
import { encrypt, hmac } from '../../platform/crypto.js';
import { newId } from '../../platform/ids.js';
import { deriveKey } from '../../platform/secret.js';
import type { Finding, Policy } from '../../privacy/index.js';
import type { Principal } from '../keys/auth.js';
import { kyselyOf } from './tables.js';

export interface AuditEntry {
  route: string;
  policy: Policy;
  blocked: boolean;
  findings: Finding[];
  /** The raw input, only to compute its keyed hash; it is not stored. */
  input: string;
}

export function createAuditLog(ctx: Context) {
  const sealKey = deriveKey(ctx.secret, 'audit');
  // A keyed hash: a plain SHA-256 of a short input (a lone CPF) could be found by trying all values.
  const hashKey = deriveKey(ctx.secret, 'audit-input-hash');

  return {
    async write(principal: Principal, entry: AuditEntry): Promise<string> {
      const id = newId('aud');
      const at = Date.now();
      const record = {
        at: new Date(at).toISOString(),
        key_id: principal.keyId,
        account_id: principal.accountId,
        organization_id: principal.organizationId,
        route: entry.route,
        policy: entry.policy,
        blocked: entry.blocked,
        findings: entry.findings,
        input_hmac: hmac(hashKey, entry.input),
      };
      await kyselyOf(ctx.db)
        .insertInto('audit_records')
        .values({
          id,
          organization_id: principal.organizationId,
          account_id: principal.accountId,
          created_at: at,
          sealed: encrypt(sealKey, JSON.stringify(record)),
        })
        .execute();
      return id;
    },
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;

// The internal service key: how the contracts and insights services call the gateway (over
// HTTP, as any client would, so that their model calls cross the barrier) when
// GATEWAY_API_KEY is not set. It is derived from SVC_SECRET, so every process and instance
// sharing the database and the secret computes the same key without storing it anywhere,
// and it belongs to an account that cannot sign in (its password hash is unusable).
import { createHmac } from 'node:crypto';
import type { Context } from '../context.js';
import type { GatewayTarget } from '../gateway-client.js';
import { newId } from '../ids.js';
import { deriveKey } from '../secret.js';
import { tablesOf } from '../db/transactions.js';
import { type AccountRow, accountRow } from './account-row.js';
import { generateSecret, secretHash } from './api-key-secrets.js';
import { PRODUCT_ID } from './product.js';

/** The account that owns the internal service key; `.invalid` can never be a real mailbox. */
export const INTERNAL_EMAIL = 'servicos-internos@svc.invalid';

export function internalKeySecret(secret: string): string {
  const key = deriveKey(secret, 'internal-service-key');
  return generateSecret((n) => {
    const out = Buffer.alloc(n);
    for (let i = 0; i * 32 < n; i++)
      createHmac('sha256', key)
        .update(`block-${n}-${i}`)
        .digest()
        .copy(out, i * 32);
    return out;
  });
}

/**
 * The gateway's tables (gateway/accounts and gateway/keys own them) as far as the internal key
 * writes them: the one place outside the gateway that names them (test/layering.test.ts).
 */
interface InternalKeyTables {
  accounts: AccountRow;
  api_keys: {
    id: string;
    account_id: string;
    organization_id: string | null;
    product_id: string;
    name: string;
    secret_hash: string;
    last4: string;
    created_at: number;
    last_used_at: number | null;
    revoked_at: number | null;
    stopped_at: number | null;
  };
}

/** Makes sure the internal account and key exist (idempotent, safe from several processes) and returns the key. */
export async function ensureInternalKey(ctx: Context): Promise<string> {
  const secret = internalKeySecret(ctx.secret);
  const db = tablesOf<InternalKeyTables>(ctx.db);
  const now = Date.now();
  await db
    .insertInto('accounts')
    .values(
      accountRow(
        {
          email: INTERNAL_EMAIL,
          password_hash: '!', // not an Argon2 hash: no password can match it
          name: 'Serviços internos',
          released: 1,
          trial_ends_at: null,
        },
        now,
      ),
    )
    .onConflict((oc) => oc.column('email').doNothing())
    .execute();
  const account = await db
    .selectFrom('accounts')
    .select('id')
    .where('email', '=', INTERNAL_EMAIL)
    .executeTakeFirstOrThrow();
  await db
    .insertInto('api_keys')
    .values({
      id: newId('key'),
      account_id: account.id,
      organization_id: null,
      product_id: PRODUCT_ID,
      name: 'serviços internos',
      secret_hash: secretHash(deriveKey(ctx.secret, 'api-key'), secret),
      last4: secret.slice(-4),
      created_at: now,
      last_used_at: null,
      revoked_at: null,
      stopped_at: null,
    })
    .onConflict((oc) => oc.column('secret_hash').doNothing())
    .execute();
  return secret;
}

/**
 * Where the contracts and insights services reach the gateway: GATEWAY_URL, else the gateway
 * running in this process, else the local gateway port; with GATEWAY_API_KEY, else the
 * internal key.
 */
export function defaultGatewayTarget(ctx: Context): GatewayTarget {
  let key: Promise<string> | undefined;
  return {
    url: () => {
      if (ctx.config.gatewayUrl) return ctx.config.gatewayUrl;
      if (ctx.runtime.gatewayUrl) return ctx.runtime.gatewayUrl;
      const host = ['0.0.0.0', '::', ''].includes(ctx.config.host) ? '127.0.0.1' : ctx.config.host;
      return `http://${host.includes(':') ? `[${host}]` : host}:${ctx.config.ports.gateway}`;
    },
    apiKey: () => {
      if (ctx.config.gatewayApiKey) return Promise.resolve(ctx.config.gatewayApiKey);
      key ??= ensureInternalKey(ctx).catch((err) => {
        key = undefined; // try again on the next call
        throw err;
      });
      return key;
    },
  };
}

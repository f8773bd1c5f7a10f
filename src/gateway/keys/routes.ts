// The Session routes for API keys (list, create, change controls, revoke). The bodies are checked here rather
// than by the schema validator, so that each broken field gets its own documented code
// (`invalid_key_name`, `invalid_organization`, `invalid_key_id`, `invalid_key_controls`)
// instead of `invalid_request`.
import {
  invalidKeyName,
  invalidOrganization,
  keyIdMissing,
  keyLimitReached,
  keyNotFound,
  organizationIdMissing,
  unknownOrganization,
} from './errors.js';
import { Type } from '@sinclair/typebox';
import type { App } from '../../platform/http/app.js';
import { Nullable, Ok } from '../../platform/http/schemas.js';
import { findOrganization, getRole } from '../orgs/store.js';
import { sessionOf } from '../sessions/guard.js';
import { assertRecentSignIn } from '../sessions/reauth.js';
import type { ScopeDeps } from '../sessions/scope.js';
import {
  createKey,
  type KeyRecord as StoredKey,
  KeyLimitError,
  listKeys,
  MAX_LIVE_KEYS,
  revokeKey,
  updateKeyControls,
} from './store.js';
import { MAX_BUDGET_USD, MAX_KEY_MODELS, readControls } from './controls-input.js';
import { keysNeedMfa, keysOwnersOnly, keysProductDisabled } from '../orgs/errors.js';

export const KEY_NAME_MAX = 60;

/** The key controls on the wire (docs/accounts.md "Key controls"): null = none. */
const Budget = Nullable(
  Type.Number({
    exclusiveMinimum: 0,
    maximum: MAX_BUDGET_USD,
    description: 'Monthly budget in USD (UTC month)',
  }),
);
const Models = Nullable(
  Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { minItems: 1, maxItems: MAX_KEY_MODELS }),
);
const PerMinute = Nullable(Type.Integer({ minimum: 1 }));

/** In a body: an absent control stays as it is, null clears it. */
const OptionalControls = {
  budgetUsd: Type.Optional(Budget),
  expiresAt: Type.Optional(
    Nullable(Type.String({ description: 'YYYY-MM-DD (00:00 UTC of that day) or an ISO 8601 date-time' })),
  ),
  models: Type.Optional(Models),
  requestsPerMinute: Type.Optional(PerMinute),
  tokensPerMinute: Type.Optional(PerMinute),
};

const KeyRecord = Type.Object({
  id: Type.String(),
  name: Type.String(),
  organizationId: Nullable(Type.String()),
  last4: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  lastUsedAt: Nullable(Type.String({ format: 'date-time' })),
  revokedAt: Nullable(Type.String({ format: 'date-time' })),
  active: Type.Boolean(),
  budgetUsd: Budget,
  expiresAt: Nullable(Type.String({ format: 'date-time' })),
  models: Models,
  requestsPerMinute: PerMinute,
  tokensPerMinute: PerMinute,
  spentUsd: Nullable(
    Type.Number({ description: "The key's model calls this UTC month, at catalogue prices" }),
  ),
});

const CreateBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: KEY_NAME_MAX }),
  organizationId: Nullable(Type.String()),
  ...OptionalControls,
});

const UpdateBody = Type.Object({ id: Type.String({ minLength: 1 }), ...OptionalControls });

// The SPEC's creation answer; the controls just set are in the key list.
const Created = Type.Object({
  key: Type.Object({
    id: Type.String(),
    name: Type.String(),
    organizationId: Nullable(Type.String()),
    last4: Type.String(),
    createdAt: Type.String({ format: 'date-time' }),
  }),
  secret: Type.String({ description: 'svck_… — shown this once, never again' }),
});

const RevokeBody = Type.Object({ id: Type.String({ minLength: 1 }) });

// Control characters would let a name forge lines in a listing or a log viewer.
const CONTROL = /\p{Cc}/u;

/** The key name after the interface rules: a non-blank string of at most 60 characters. */
export function checkKeyName(value: unknown): string {
  if (typeof value !== 'string') throw invalidKeyName(KEY_NAME_MAX);
  const name = value.trim();
  if (name === '' || [...name].length > KEY_NAME_MAX || CONTROL.test(name))
    throw invalidKeyName(KEY_NAME_MAX);
  return name;
}

export function checkOrganizationId(body: Record<string, unknown>): string | null {
  if (!('organizationId' in body)) {
    throw organizationIdMissing();
  }
  const value = body.organizationId;
  if (value === null) return null;
  if (typeof value !== 'string' || value.trim() === '' || value.length > 100) throw invalidOrganization();
  return value;
}

function checkKeyId(id: unknown): string {
  if (typeof id !== 'string' || id.trim() === '' || id.length > 100) {
    throw keyIdMissing();
  }
  return id;
}

const asObject = (body: unknown): Record<string, unknown> =>
  typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};

/** What the key's calls cost this month, in micro-dollars (limits/index.ts); absent: unknown. */
export type SpentOf = (keyId: string) => Promise<number>;

export function registerKeyRoutes(scope: App, deps: ScopeDeps, pepper: Buffer, spentOf?: SpentOf): void {
  const withSpend = async (key: StoredKey) => ({
    ...key,
    spentUsd: spentOf ? (await spentOf(key.id)) / 1_000_000 : null,
  });

  scope.get(
    '/api/account/keys',
    {
      config: { auth: 'session' },
      schema: {
        summary: 'API keys of the signed-in account in this product (never their secrets)',
        tags: ['keys'],
        response: { 200: Type.Object({ keys: Type.Array(KeyRecord) }) },
      },
    },
    async (request) => {
      const keys = await listKeys(deps.db, sessionOf(request).account_id!, deps.productId);
      return { keys: await Promise.all(keys.map(withSpend)) };
    },
  );

  scope.post(
    '/api/account/keys/create',
    {
      config: { auth: 'session' },
      attachValidation: true, // the handler names the broken field with its own code
      schema: {
        summary: `Create an API key (sign-in within 5 minutes; at most ${MAX_LIVE_KEYS} live keys)`,
        tags: ['keys'],
        body: CreateBody,
        response: { 200: Created },
      },
    },
    async (request) => {
      const body = asObject(request.body);
      const name = checkKeyName(body.name);
      const organizationId = checkOrganizationId(body);
      const controls = readControls(body, deps.now());
      assertRecentSignIn(deps, request);
      const session = sessionOf(request);
      const accountId = session.account_id!;
      if (organizationId !== null) {
        const org = await findOrganization(deps.db, organizationId);
        // By id only: a name that happens to match another organisation must not select it.
        if (!org || org.id !== organizationId) throw unknownOrganization();
        const role = await getRole(deps.db, org.id, accountId);
        if (role !== 'owner' && role !== 'admin') {
          throw keysOwnersOnly();
        }
        if (org.product_enabled !== 1) throw keysProductDisabled();
        if (session.mfa_state !== 'verified') {
          throw keysNeedMfa();
        }
      }
      try {
        return await createKey(deps.db, pepper, {
          accountId,
          organizationId,
          productId: deps.productId,
          name,
          controls,
        });
      } catch (err) {
        if (err instanceof KeyLimitError) {
          throw keyLimitReached(MAX_LIVE_KEYS);
        }
        throw err;
      }
    },
  );

  scope.post(
    '/api/account/keys/update',
    {
      config: { auth: 'session' },
      attachValidation: true,
      schema: {
        summary: "Change a key's controls (sign-in within 5 minutes): an absent field stays, null clears it",
        tags: ['keys'],
        body: UpdateBody,
        response: { 200: Type.Object({ key: KeyRecord }) },
      },
    },
    async (request) => {
      const body = asObject(request.body);
      const id = checkKeyId(body.id);
      const controls = readControls(body, deps.now());
      assertRecentSignIn(deps, request);
      const key = await updateKeyControls(
        deps.db,
        sessionOf(request).account_id!,
        deps.productId,
        id,
        controls,
      );
      if (!key) throw keyNotFound();
      return { key: await withSpend(key) };
    },
  );

  scope.post(
    '/api/account/keys/revoke',
    {
      config: { auth: 'session' },
      attachValidation: true,
      schema: {
        summary: 'Revoke an API key; it stops at once on every instance (repeating is harmless)',
        tags: ['keys'],
        body: RevokeBody,
        response: { 200: Ok },
      },
    },
    async (request) => {
      const id = checkKeyId(asObject(request.body).id);
      const found = await revokeKey(deps.db, sessionOf(request).account_id!, deps.productId, id);
      if (!found) throw keyNotFound();
      return { ok: true as const };
    },
  );
}

// Operator commands for API keys: create, change controls, list, revoke. They skip the
// browser-only rules (recent sign-in, second factor) but keep the data rules (key limit,
// the controls' ranges, read by the same function as the key routes).
import type { Context } from '../platform/context.js';
import { ApiError } from '../platform/http/errors.js';
import { deriveKey } from '../platform/secret.js';
import type { KeyControls } from '../gateway/access/principal.js';
import { readControls } from '../gateway/keys/controls-input.js';
import {
  createKey,
  KeyLimitError,
  type KeyRecord,
  listKeys,
  revokeKey,
  updateKeyControls,
} from '../gateway/keys/store.js';
import { findOrganization, getRole } from '../gateway/orgs/store.js';
import { PRODUCT_ID } from '../gateway/product.js';
import { accountByEmail } from './accounts.js';
import { options } from './args.js';
import { type CliCommand, printJson, UsageError } from './command.js';
import { withContext } from './context.js';

/** The controls' flags, their wire field, and what a bad value is told. */
const CONTROL_FLAGS = {
  'budget-usd': {
    field: 'budgetUsd',
    kind: 'number',
    problem: 'a number of dollars above 0 (at most 1000000)',
  },
  expires: {
    field: 'expiresAt',
    kind: 'text',
    problem: 'a future date, YYYY-MM-DD (the key stops at 00:00 UTC)',
  },
  models: { field: 'models', kind: 'list', problem: 'a comma-separated list of 1 to 50 model names' },
  rpm: { field: 'requestsPerMinute', kind: 'number', problem: 'a whole number above 0' },
  tpm: { field: 'tokensPerMinute', kind: 'number', problem: 'a whole number above 0' },
} as const;
type ControlFlag = keyof typeof CONTROL_FLAGS;

const CONTROL_SPEC = Object.fromEntries(
  Object.keys(CONTROL_FLAGS).map((flag) => [flag, { type: 'string' as const }]),
) as Record<ControlFlag, { type: 'string' }>;

const CONTROLS_USAGE = `  --budget-usd N       monthly budget in USD (calendar month, UTC); model calls stop once spent
  --expires YYYY-MM-DD the key stops at 00:00 UTC that day (401 key_expired)
  --models a,b         the only models the key may call (ids or aliases)
  --rpm N              requests per minute (the organisation's limit still applies; the tighter wins)
  --tpm N              tokens per minute`;

/** The controls named on the command line; `none` clears one. */
function controlsFrom(o: Partial<Record<ControlFlag, string>>): Partial<KeyControls> {
  const body: Record<string, unknown> = {};
  for (const [flag, { field, kind }] of Object.entries(CONTROL_FLAGS)) {
    const value = o[flag as ControlFlag];
    if (value === undefined) continue;
    if (value === 'none') body[field] = null;
    // Number('') is 0 and Number(' 5') is 5: only plain decimals reach the shared check as numbers.
    else if (kind === 'number') body[field] = /^\d+(\.\d+)?$/.test(value) ? Number(value) : value;
    else if (kind === 'list') body[field] = value.split(',').map((m) => m.trim());
    else body[field] = value;
  }
  try {
    return readControls(body, Date.now());
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    const [flag, spec] = Object.entries(CONTROL_FLAGS).find(([, s]) =>
      err.message.startsWith(`${s.field}:`),
    )!;
    throw new UsageError(`--${flag} must be ${spec.problem}, or none`);
  }
}

/** A key as the CLI prints it: never the secret, nor its hash. */
function printable(key: KeyRecord, owner: string) {
  return {
    id: key.id,
    name: key.name,
    last4: key.last4,
    owner,
    organizationId: key.organizationId,
    createdAt: key.createdAt,
    lastUsedAt: key.lastUsedAt,
    active: key.active,
    expiresAt: key.expiresAt,
    budgetUsd: key.budgetUsd,
    models: key.models,
    requestsPerMinute: key.requestsPerMinute,
    tokensPerMinute: key.tokensPerMinute,
  };
}

async function organizationOf(ctx: Context, accountId: string, name: string) {
  const org = await findOrganization(ctx.db.kysely, name);
  if (!org) throw new UsageError(`no organisation ${name}`);
  if (!(await getRole(ctx.db.kysely, org.id, accountId)))
    throw new UsageError('the account is not a member of that organisation');
  return org;
}

export const keyCreateCommand: CliCommand = {
  path: ['key', 'create'],
  summary: 'Create an API key for an account (the secret is printed once)',
  usage: `Usage: svc key create --email E --name N [--org ORG] [--budget-usd N] [--expires YYYY-MM-DD]
                      [--models a,b] [--rpm N] [--tpm N]

Creates an account key, or with --org an organisation key (the account must be a member).
Prints {key, secret}; the secret (svck_…) is shown once and cannot be recovered.
${CONTROLS_USAGE}`,
  async run(args) {
    const o = options(
      args,
      { email: { type: 'string' }, name: { type: 'string' }, org: { type: 'string' }, ...CONTROL_SPEC },
      ['email', 'name'],
    );
    const name = o.name!.trim();
    if (name.length === 0 || name.length > 60) throw new UsageError('--name must have 1 to 60 characters');
    const controls = controlsFrom(o);
    return withContext(async (ctx) => {
      const account = await accountByEmail(ctx, o.email!);
      const organizationId = o.org ? (await organizationOf(ctx, account.id, o.org)).id : null;
      try {
        const { key, secret } = await createKey(ctx.db.kysely, deriveKey(ctx.secret, 'api-key'), {
          accountId: account.id,
          organizationId,
          productId: PRODUCT_ID,
          name,
          controls,
        });
        printJson({ key: printable(key, account.email), secret });
      } catch (err) {
        if (err instanceof KeyLimitError) throw new UsageError('the account already has 10 live keys');
        throw err;
      }
      return 0;
    });
  },
};

export const keySetCommand: CliCommand = {
  path: ['key', 'set'],
  summary: "Change an API key's controls (budget, expiry, models, per-minute limits)",
  usage: `Usage: svc key set KEY_ID [--budget-usd N|none] [--expires YYYY-MM-DD|none] [--models a,b|none]
                   [--rpm N|none] [--tpm N|none]

Changes the controls given and keeps the others; \`none\` removes a control. Applies from
the key's next request, on every instance. Prints the key (never its secret).
${CONTROLS_USAGE}`,
  async run(args) {
    const [id, ...rest] = args;
    if (!id || id.startsWith('-')) throw new UsageError('KEY_ID is required (svc key list prints it)');
    const o = options(rest, CONTROL_SPEC);
    const controls = controlsFrom(o);
    if (Object.keys(controls).length === 0) throw new UsageError('name at least one control to change');
    return withContext(async (ctx) => {
      const row = await ctx.db.kysely
        .selectFrom('api_keys as k')
        .innerJoin('accounts as a', 'a.id', 'k.account_id')
        .select(['k.account_id', 'a.email'])
        .where('k.id', '=', id)
        .where('k.product_id', '=', PRODUCT_ID)
        .executeTakeFirst();
      if (!row) throw new UsageError(`no key ${id}`);
      const key = await updateKeyControls(ctx.db.kysely, row.account_id, PRODUCT_ID, id, controls);
      printJson(printable(key!, row.email));
      return 0;
    });
  },
};

export const keyListCommand: CliCommand = {
  path: ['key', 'list'],
  summary: "List an account's API keys (never their secrets)",
  usage: `Usage: svc key list --email E [--org ORG]

Prints the account's keys, newest first (with --org, only that organisation's): id, name,
last four characters, owner, organisation, created, last used (to the hour), whether it is
active, expiry, monthly budget, models and per-minute limits. Secrets are never stored.`,
  async run(args) {
    const o = options(args, { email: { type: 'string' }, org: { type: 'string' } }, ['email']);
    return withContext(async (ctx) => {
      const account = await accountByEmail(ctx, o.email!);
      const org = o.org ? await organizationOf(ctx, account.id, o.org) : undefined;
      const keys = await listKeys(ctx.db.kysely, account.id, PRODUCT_ID);
      printJson(
        keys.filter((k) => !org || k.organizationId === org.id).map((k) => printable(k, account.email)),
      );
      return 0;
    });
  },
};

export const keyRevokeCommand: CliCommand = {
  path: ['key', 'revoke'],
  summary: "Revoke one of an account's API keys",
  usage: `Usage: svc key revoke --email E --id KEY_ID

Revokes the key at once, on every instance. Repeating is harmless.`,
  async run(args) {
    const o = options(args, { email: { type: 'string' }, id: { type: 'string' } }, ['email', 'id']);
    return withContext(async (ctx) => {
      const account = await accountByEmail(ctx, o.email!);
      if (!(await revokeKey(ctx.db.kysely, account.id, PRODUCT_ID, o.id!)))
        throw new UsageError('no such key for this account');
      printJson({ ok: true });
      return 0;
    });
  },
};

// Operator commands for organisations: members and the settings /v1/* applies.
import { findAccountByEmail } from '../gateway/accounts/store.js';
import {
  findOrganization,
  LOG_DAYS,
  type Organization,
  ROLES,
  setMember,
  updateOrganization,
} from '../gateway/orgs/store.js';
import type { OrganizationSettings } from '../gateway/orgs/store.js';
import { isCidr } from '../platform/net.js';
import { barrierOf } from '../gateway/orgs/cleaning-choice.js';
import { CATEGORIES, POLICIES } from '../privacy/index.js';
import { withContext } from './context.js';
import { oneOf, options } from './args.js';
import {
  BARRIER_OPTIONS,
  BARRIER_USAGE,
  categoriesChange,
  imagesSetting,
  namesSetting,
} from './org-barrier.js';
import { type CliCommand, printJson, UsageError } from './command.js';

/** The organisation as operators see it (no secrets live here). */
export function describeOrganization(org: Organization) {
  const barrier = barrierOf(org);
  return {
    id: org.id,
    name: org.name,
    productEnabled: org.product_enabled === 1,
    mfaRequired: org.mfa_required === 1,
    privacyPolicy: org.privacy_policy,
    nameSensitivity: org.name_sensitivity,
    maskedCategories: barrier.categories,
    unmaskedCategories: CATEGORIES.filter((c) => !barrier.categories.includes(c)),
    images: barrier.images,
    allowedNetworks: org.allowed_cidrs ? (JSON.parse(org.allowed_cidrs) as string[]) : null,
    releasedModels: org.released_models ? (JSON.parse(org.released_models) as string[]) : null,
    restorePlaceholders: org.restore_placeholders === 1,
    requestsPerMinute: org.requests_per_minute,
    monthlyQuota: org.monthly_quota,
    billing: org.billing,
    requestLogDays: org.request_log_days,
  };
}

/** --billing free|prepaid: whether /v1 calls spend credit (docs/payments.md "Paid calls"). */
function billingPatch(value: string | undefined): Pick<OrganizationSettings, 'billing'> {
  return value === undefined ? {} : { billing: oneOf('billing', value, ['free', 'prepaid'] as const) };
}

const onOff = (name: string, v: string | undefined): number | undefined => {
  if (v === undefined) return undefined;
  if (v === 'on' || v === 'true') return 1;
  if (v === 'off' || v === 'false') return 0;
  throw new UsageError(`--${name} must be on or off`);
};

const limit = (name: string, v: string | undefined): number | null | undefined => {
  if (v === undefined) return undefined;
  if (v === 'default') return null;
  if (!/^\d+$/.test(v) || Number(v) < 1)
    throw new UsageError(`--${name} must be a positive whole number or "default"`);
  return Number(v);
};

const list = (
  name: string,
  v: string | undefined,
  all: string,
  check: (item: string) => boolean,
): string | null | undefined => {
  if (v === undefined) return undefined;
  if (v === all) return null;
  const items = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = items.find((i) => !check(i));
  if (bad !== undefined || items.length === 0) throw new UsageError(`--${name}: "${bad ?? v}" is not valid`);
  return JSON.stringify(items);
};

/** --request-log-days N: the request log's retention (gateway/calls/retention.ts). */
function logDays(v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  if (!/^\d{1,4}$/.test(v) || Number(v) < LOG_DAYS.min || Number(v) > LOG_DAYS.max)
    throw new UsageError(`--request-log-days must be a whole number from ${LOG_DAYS.min} to ${LOG_DAYS.max}`);
  return Number(v);
}

export const orgSetCommand: CliCommand = {
  path: ['org', 'set'],
  summary:
    "Change an organisation's settings (policy, names, categories, images, networks, models, MFA, limits)",
  usage: `Usage: svc org set --org ORG [--policy placeholder|redact|block] [--networks CIDR,…|any]
                   [--models svc/a,svc/b|all] [--mfa-required on|off] [--product on|off]
                   [--restore on|off] [--rpm N|default] [--monthly-quota N|default]
                   [--names balanced|strict] [--unmask CAT,…] [--mask CAT,…|all]
                   [--images refuse|redact] [--billing free|prepaid]
                   [--request-log-days N]

--networks: the CIDR allowlist for /v1 calls with the organisation's keys ("any" clears it).
--models: the released models ("all": the whole catalogue). --restore: put the original values
back into model replies. --rpm: requests per minute per key; --monthly-quota: tokens per month.
${BARRIER_USAGE}
--billing prepaid: model calls spend the organisation's credit (or a token's, in X-Credito).
--request-log-days: how long the request log keeps the organisation's calls (1 to 3650; default 30).
Prints the organisation's settings.`,
  async run(args) {
    const o = options(
      args,
      {
        org: { type: 'string' },
        policy: { type: 'string' },
        networks: { type: 'string' },
        models: { type: 'string' },
        'mfa-required': { type: 'string' },
        product: { type: 'string' },
        restore: { type: 'string' },
        rpm: { type: 'string' },
        'monthly-quota': { type: 'string' },
        ...BARRIER_OPTIONS,
        billing: { type: 'string' },
        'request-log-days': { type: 'string' },
      },
      ['org'],
    );
    const patch: OrganizationSettings = {
      privacy_policy: oneOf('policy', o.policy, POLICIES),
      allowed_cidrs: list('networks', o.networks, 'any', isCidr),
      released_models: list('models', o.models, 'all', (m) => /^svc\/[a-z0-9][a-z0-9._-]*$/.test(m)),
      mfa_required: onOff('mfa-required', o['mfa-required']),
      product_enabled: onOff('product', o.product),
      restore_placeholders: onOff('restore', o.restore),
      requests_per_minute: limit('rpm', o.rpm),
      monthly_quota: limit('monthly-quota', o['monthly-quota']),
      ...namesSetting(o.names),
      ...imagesSetting(o.images),
      ...billingPatch(o.billing),
      request_log_days: logDays(o['request-log-days']),
    };
    const categories = categoriesChange(o.mask, o.unmask);
    for (const k of Object.keys(patch) as (keyof OrganizationSettings)[])
      if (patch[k] === undefined) delete patch[k];
    return withContext(async (ctx) => {
      const org = await findOrganization(ctx.db.kysely, o.org!);
      if (!org) throw new UsageError(`no organisation ${o.org}`);
      if (categories) Object.assign(patch, categories(barrierOf(org)));
      if (Object.keys(patch).length > 0) await updateOrganization(ctx.db.kysely, org.id, patch);
      printJson(describeOrganization((await findOrganization(ctx.db.kysely, org.id))!));
      return 0;
    });
  },
};

export const orgMemberCommand: CliCommand = {
  path: ['org', 'member'],
  summary: 'Add an account to an organisation, or change its role',
  usage: `Usage: svc org member --org ORG --email E --role owner|admin|member|dpo`,
  async run(args) {
    const o = options(
      args,
      { org: { type: 'string' }, email: { type: 'string' }, role: { type: 'string' } },
      ['org', 'email', 'role'],
    );
    const role = oneOf('role', o.role, ROLES)!;
    return withContext(async (ctx) => {
      const org = await findOrganization(ctx.db.kysely, o.org!);
      if (!org) throw new UsageError(`no organisation ${o.org}`);
      const account = await findAccountByEmail(ctx.db.kysely, o.email!);
      if (!account) throw new UsageError(`no account with e-mail ${o.email}`);
      await setMember(ctx.db.kysely, org.id, account.id, role);
      printJson({ organization: org.id, account: account.id, role });
      return 0;
    });
  },
};

export const orgShowCommand: CliCommand = {
  path: ['org', 'show'],
  summary: "Show an organisation's settings",
  usage: 'Usage: svc org show --org ORG',
  async run(args) {
    const o = options(args, { org: { type: 'string' } }, ['org']);
    return withContext(async (ctx) => {
      const org = await findOrganization(ctx.db.kysely, o.org!);
      if (!org) throw new UsageError(`no organisation ${o.org}`);
      printJson(describeOrganization(org));
      return 0;
    });
  },
};

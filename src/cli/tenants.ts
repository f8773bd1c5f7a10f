// Operator commands of the insights service: tenants, and the tag cleanup run by hand.
import { runCleanup } from '../insights/tag-queue.js';
import { platformFor } from '../insights/ingest.js';
import { DEFAULT_SETTINGS } from '../insights/settings.js';
import { ClientIdTakenError, createTenant, describeTenant, findTenant } from '../insights/tenants.js';
import { isTimeZone } from '../insights/tz.js';
import { isCidr } from '../platform/net.js';
import { withContext } from './context.js';
import { options } from './args.js';
import { type CliCommand, printJson, UsageError } from './command.js';

export const tenantCreateCommand: CliCommand = {
  path: ['tenant', 'create'],
  summary: 'Create an insights tenant (webhook credentials, allowlist, platform, watched tags)',
  usage: `Usage: svc tenant create --client-id ID [--token T] [--allow CIDR …] [--watched-tag TAG …]
                         [--platform-url URL --platform-token T] [--time-zone TZ]

--client-id: the public id the platform sends in ?client_id=. --token: the webhook secret
(at least 16 characters; generated when omitted and printed once). --allow: an address or CIDR
block allowed to call (repeatable; none = any address). --watched-tag: a tag queued for the
daily cleanup (repeatable). --platform-url/--platform-token: the conversation platform's API
and its token (stored encrypted). --time-zone: when the tenant's day ends (America/Sao_Paulo).
Prints the tenant and, once, the webhook token.`,
  async run(args) {
    const o = options(
      args,
      {
        'client-id': { type: 'string' },
        token: { type: 'string' },
        allow: { type: 'string', multiple: true },
        'watched-tag': { type: 'string', multiple: true },
        'platform-url': { type: 'string' },
        'platform-token': { type: 'string' },
        'time-zone': { type: 'string' },
      },
      ['client-id'],
    );
    const clientId = o['client-id']!;
    if (!/^[A-Za-z0-9._-]{1,100}$/.test(clientId))
      throw new UsageError('--client-id: letters, digits, ".", "_" or "-", at most 100');
    if (o.token !== undefined && o.token.length < 16)
      throw new UsageError('--token must be at least 16 characters long');
    const allow = (o.allow ?? [])
      .flatMap((a) => a.split(','))
      .map((a) => a.trim())
      .filter(Boolean);
    const bad = allow.find((a) => !isCidr(a));
    if (bad !== undefined) throw new UsageError(`--allow: "${bad}" is not an IP address or CIDR block`);
    const tags = (o['watched-tag'] ?? []).map((t) => t.trim()).filter(Boolean);
    if ((o['platform-url'] === undefined) !== (o['platform-token'] === undefined))
      throw new UsageError('--platform-url and --platform-token go together');
    if (o['platform-url'] !== undefined) {
      let ok = false;
      try {
        ok = ['http:', 'https:'].includes(new URL(o['platform-url']).protocol);
      } catch {}
      if (!ok) throw new UsageError('--platform-url must be an http(s) URL');
    }
    if (o['time-zone'] !== undefined && !isTimeZone(o['time-zone']))
      throw new UsageError(`--time-zone: unknown time zone "${o['time-zone']}"`);
    return withContext(async (ctx) => {
      try {
        const { tenant, token } = await createTenant(ctx, {
          clientId,
          token: o.token,
          allowedCidrs: allow,
          watchedTags: tags,
          platformUrl: o['platform-url'],
          platformToken: o['platform-token'],
          timeZone: o['time-zone'],
        });
        printJson({ tenant: describeTenant(tenant), token });
        return 0;
      } catch (err) {
        if (err instanceof ClientIdTakenError)
          throw new UsageError(`a tenant with client id ${clientId} already exists`);
        throw err;
      }
    });
  },
};

export const insightsCleanupCommand: CliCommand = {
  path: ['insights', 'cleanup'],
  summary: "Run the daily tag cleanup now (only days already over in each tenant's time zone)",
  usage: `Usage: svc insights cleanup [--tenant ID] [--dry-run]

Removes the watched tags queued on days that have ended in the tenant's time zone, through
the conversation platform (the same work the scheduler does after each local midnight).
Safe beside running servers: rows are leased, done rows are never removed again.
--tenant: one tenant (id or client id). --dry-run: list what would be removed, change nothing.
Prints one report per tenant; exits 1 when a removal failed for good.`,
  async run(args) {
    const o = options(args, { tenant: { type: 'string' }, 'dry-run': { type: 'boolean' } });
    return withContext(async (ctx) => {
      if (o.tenant !== undefined && !(await findTenant(ctx.db.kysely, o.tenant)))
        throw new UsageError(`no tenant ${o.tenant}`);
      const settings = { ...DEFAULT_SETTINGS, ...ctx.config.insights.tuning };
      const reports = await runCleanup(ctx, {
        platform: platformFor(ctx, settings),
        settings,
        log: ctx.logger,
        tenantId: o.tenant,
        dryRun: o['dry-run'] ?? false,
      });
      printJson({ dryRun: o['dry-run'] ?? false, tenants: reports });
      return reports.some((r) => r.failed > 0) ? 1 : 0;
    });
  },
};

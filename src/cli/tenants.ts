// Operator commands of the insights service: tenants, and the tag cleanup run by hand.
import { PrivateTargetError } from '../insights/crm/address-guard.js';
import { platformFor } from '../insights/crm/for-tenant.js';
import { DEFAULT_SETTINGS } from '../insights/settings.js';
import { runCleanup } from '../insights/tags/cleanup.js';
import {
  ANY_ADDRESS,
  ClientIdTakenError,
  createTenant,
  describeTenant,
  findTenant,
} from '../insights/tenants/store.js';
import { isTimeZone } from '../insights/tz.js';
import { isCidr } from '../platform/net.js';
import { withContext } from './context.js';
import { options } from './args.js';
import { type CliCommand, printJson, UsageError } from './command.js';

export const tenantCreateCommand: CliCommand = {
  path: ['tenant', 'create'],
  summary: 'Create an insights tenant (webhook credentials, allowlist, platform, watched tags)',
  usage: `Usage: svc tenant create --client-id ID [--token T] --allow CIDR|any … [--watched-tag TAG …]
                         [--platform-url URL --platform-token T [--allow-private-platform]]
                         [--time-zone TZ]

--client-id: the public id the platform sends in ?client_id=. --token: the webhook secret
(at least 16 characters; generated when omitted and printed once). --allow: an address or CIDR
block allowed to call (repeatable); "any" admits every address. Without --allow no address may
call. --watched-tag: a tag queued for the daily cleanup (repeatable). --platform-url and
--platform-token: the conversation platform's API and its token (stored encrypted); a URL on a
loopback, private or link-local address (or a name resolving there) is refused unless
--allow-private-platform is given. --time-zone: when the tenant's day ends (America/Sao_Paulo).
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
        'allow-private-platform': { type: 'boolean' },
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
    const bad = allow.find((a) => a !== ANY_ADDRESS && !isCidr(a));
    if (bad !== undefined)
      throw new UsageError(`--allow: "${bad}" is not an IP address, a CIDR block or "any"`);
    if (allow.includes(ANY_ADDRESS) && allow.length > 1)
      throw new UsageError('--allow any admits every address: give it alone');
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
    if (o['allow-private-platform'] && o['platform-url'] === undefined)
      throw new UsageError('--allow-private-platform goes with --platform-url');
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
          allowPrivatePlatform: o['allow-private-platform'] ?? false,
          timeZone: o['time-zone'],
        });
        if (allow.length === 0)
          process.stderr.write("warning: no --allow given: no address may call this tenant's webhooks\n");
        printJson({ tenant: describeTenant(tenant), token });
        return 0;
      } catch (err) {
        if (err instanceof ClientIdTakenError)
          throw new UsageError(`a tenant with client id ${clientId} already exists`);
        if (err instanceof PrivateTargetError)
          throw new UsageError(
            '--platform-url points at a loopback, private or link-local address; pass --allow-private-platform if that is intended',
          );
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

// The platform client of one tenant: its URL, its sealed token, and whether the operator
// allowed that URL to be a private address.
import type { Context } from '../../platform/context.js';
import { PermanentJobError } from '../../platform/jobs/index.js';
import type { InsightsSettings } from '../settings.js';
import { platformToken, type Tenant } from '../tenants/store.js';
import { createPlatformClient, type PlatformClient } from './client.js';

export type PlatformFor = (tenant: Tenant) => PlatformClient;

export function platformFor(ctx: Context, settings: InsightsSettings): PlatformFor {
  return (tenant) => {
    const token = platformToken(ctx, tenant);
    if (!tenant.platformUrl || !token) throw new PermanentJobError('platform_not_configured');
    return createPlatformClient({
      baseUrl: tenant.platformUrl,
      token,
      timeoutMs: settings.platformTimeoutMs,
      allowPrivate: tenant.privatePlatformAllowed,
    });
  };
}

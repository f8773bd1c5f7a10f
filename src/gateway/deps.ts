// The gateway's shared services, built once per app and handed to the route registrars
// that need them: one object passed down, instead of registries keyed by context that
// any module could reach.
import type { Context } from '../platform/context.js';
import { Limits } from './limits/index.js';
import type { UpstreamOptions } from './models/providers/http.js';
import { ModelService } from './models/service.js';

export interface GatewayDeps {
  ctx: Context;
  /** One set of counters for the per-minute hook and for quotas and usage on model calls. */
  limits: Limits;
  models: ModelService;
}

export function createGatewayDeps(ctx: Context, options: { upstream?: UpstreamOptions } = {}): GatewayDeps {
  return { ctx, limits: new Limits(ctx), models: new ModelService(ctx, options.upstream) };
}

/** Upstream pools first (a stream cut short records its usage), then the usage still in memory. */
export async function closeGatewayDeps(deps: GatewayDeps): Promise<void> {
  await deps.models.close();
  await deps.limits.close();
}

// What the contract API's functions need, built once per app.
import type { Kysely } from 'kysely';
import type { ExtractionConfig } from '../platform/config/extraction.js';
import type { Context } from '../platform/context.js';
import { createGatewayClient, type GatewayClient } from '../platform/gateway-client.js';
import { defaultGatewayTarget } from '../platform/identity/internal-key.js';
import type { Logger } from '../platform/logger.js';
import { createModelPicker, type ModelPicker } from './model.js';
import { createSealer, type Sealer } from './sealing.js';
import { createTokenService, type TokenService } from './auth/tokens.js';
import type { ContractsTables } from './tables.js';

export interface ContractsDeps {
  db: Kysely<ContractsTables>;
  sealer: Sealer;
  gateway: GatewayClient;
  models: ModelPicker;
  tokens: TokenService;
  log: Logger;
  now: () => number;
  /** SVC_CONFIG `extraction`: the bounds of reading uploaded PDFs. */
  extraction?: ExtractionConfig;
}

export function createDeps(ctx: Context, log: Logger, now: () => number = Date.now): ContractsDeps {
  const gateway = createGatewayClient(defaultGatewayTarget(ctx));
  return {
    db: ctx.db.kysely,
    sealer: createSealer(ctx.secret),
    gateway,
    models: createModelPicker(gateway),
    tokens: createTokenService(ctx.config.contracts, ctx.secret, now),
    log,
    now,
    extraction: ctx.config.file.extraction,
  };
}

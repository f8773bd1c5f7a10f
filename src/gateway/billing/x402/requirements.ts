// x402 v1 quotes (docs/payments.md "x402"): the 402 body `{x402Version: 1, error, accepts}`
// with one `exact` PaymentRequirements in USDC. Asset, chain id and the token's EIP-712
// domain follow from the network; a test chain overrides them in the config.
import type { X402Config } from '../config.js';

export interface PaymentRequirements {
  scheme: 'exact';
  network: 'base' | 'base-sepolia';
  /** Atomic units of USDC (6 decimals): exactly our micro-dollars. */
  maxAmountRequired: string;
  resource: string;
  description: string;
  mimeType: string;
  payTo: string;
  maxTimeoutSeconds: number;
  asset: string;
  extra: { name: string; version: string };
}

export interface Quote402 {
  x402Version: 1;
  error: string;
  accepts: PaymentRequirements[];
}

const NETWORKS = {
  base: {
    chainId: 8453,
    asset: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
    name: 'USD Coin',
    version: '2',
  },
  'base-sepolia': {
    chainId: 84532,
    asset: '0x036CbD53842c5426634e7929541eC2318f3dCF7e',
    name: 'USDC',
    version: '2',
  },
} as const;

export interface Chain {
  network: 'base' | 'base-sepolia';
  chainId: number;
  asset: string;
  name: string;
  version: string;
}

export function chainOf(config: X402Config): Chain {
  const known = NETWORKS[config.network];
  return {
    network: config.network,
    chainId: config.chain_id ?? known.chainId,
    asset: config.asset ?? known.asset,
    name: config.eip712?.name ?? known.name,
    version: config.eip712?.version ?? known.version,
  };
}

export const DEFAULT_TIMEOUT_SECONDS = 300;

export function requirements(
  config: X402Config,
  input: { micros: number; resource: string; description: string; mimeType?: string },
): PaymentRequirements {
  const chain = chainOf(config);
  return {
    scheme: 'exact',
    network: chain.network,
    maxAmountRequired: String(input.micros),
    resource: input.resource,
    description: input.description,
    mimeType: input.mimeType ?? 'application/json',
    payTo: config.pay_to,
    maxTimeoutSeconds: config.max_timeout_seconds ?? DEFAULT_TIMEOUT_SECONDS,
    asset: chain.asset,
    extra: { name: chain.name, version: chain.version },
  };
}

export function quote(error: string, accepts: PaymentRequirements): Quote402 {
  return { x402Version: 1, error, accepts: [accepts] };
}

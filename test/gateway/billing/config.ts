// A SVC_CONFIG file with a `payments` section (and whatever else a test adds), in a
// temporary folder; returns the environment that points a context or a process at it.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FileConfig } from '../../../src/platform/config/index.js';

export const PAY_TO = '0x1111111111111111111111111111111111111111';

type X402 = NonNullable<NonNullable<FileConfig['payments']>['x402']>;

/** The `payments.x402` section paying PAY_TO on Base Sepolia through the facilitator at `url`. */
export function x402Via(url: string, extra: Partial<X402> = {}): X402 {
  return { network: 'base-sepolia', pay_to: PAY_TO, facilitator_url: url, ...extra };
}

export function paymentsConfig(
  extra: Partial<FileConfig> = {},
  payments: Partial<NonNullable<FileConfig['payments']>> = {},
): Record<string, string> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-pay-'));
  const path = join(dir, 'config.json');
  const file: FileConfig = {
    ...extra,
    payments: {
      mode: 'live',
      // No facilitator listens there: a test that settles payments starts one and names it.
      x402: x402Via('http://127.0.0.1:9'),
      ...payments,
    },
  };
  writeFileSync(path, JSON.stringify(file));
  return { SVC_CONFIG: path };
}

// A SVC_CONFIG file with a `payments` section (and whatever else a test adds), in a
// temporary folder; returns the environment that points a context or a process at it.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FileConfig } from '../../../src/platform/config/index.js';

export const PAY_TO = '0x1111111111111111111111111111111111111111';

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
      x402: { network: 'base-sepolia', pay_to: PAY_TO, facilitator_url: 'http://127.0.0.1:9' },
      ...payments,
    },
  };
  writeFileSync(path, JSON.stringify(file));
  return { SVC_CONFIG: path };
}

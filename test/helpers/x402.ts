// The official x402 paying client, unmodified: @x402/fetch with the "exact" EVM scheme of
// x402 version 1 (@x402/evm), which the gateway speaks on base and base-sepolia. The cap is
// the client's own spend control, in atomic USDC units (1_000_000n = US$ 1).
import { ExactEvmSchemeV1 } from '@x402/evm/exact/v1/client';
import { wrapFetchWithPayment, x402Client } from '@x402/fetch';
import type { LocalAccount } from 'viem/accounts';

export { decodePaymentResponseHeader } from '@x402/fetch';

export function payingFetch(
  base: typeof fetch,
  account: LocalAccount,
  maxAtomic: bigint,
): (input: Parameters<typeof fetch>[0], init?: RequestInit) => Promise<Response> {
  const scheme = new ExactEvmSchemeV1(account);
  const client = new x402Client().registerV1('base', scheme).registerV1('base-sepolia', scheme);
  client.setSpendControls({ maxAmountPerPayment: `$${Number(maxAtomic) / 1_000_000}` });
  return wrapFetchWithPayment(base, client);
}

/** The X-PAYMENT header of a request a wrapped fetch is about to send, however it is passed. */
export function paymentHeaderOf(input: Parameters<typeof fetch>[0], init?: RequestInit): string | null {
  return new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined)).get(
    'x-payment',
  );
}

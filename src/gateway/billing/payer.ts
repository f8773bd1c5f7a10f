// Who pays for a prepaid spend, as the request says it (docs/payments.md "Paid calls"): a
// credit token in X-Credito, or an x402 payment in X-PAYMENT. Neither: the organisation.
import { CREDIT_HEADER } from './auth.js';

export interface Payer {
  /** The X-Credito header, when presented. */
  creditToken?: string;
  /** The X-PAYMENT header, when presented. */
  payment?: string;
}

/** The credit a request brings; undefined when it brings none. */
export function payerOf(headers: Record<string, string | string[] | undefined>): Payer | undefined {
  const token = headers[CREDIT_HEADER];
  const payment = headers['x-payment'];
  if (token === undefined && payment === undefined) return undefined;
  return {
    creditToken: typeof token === 'string' ? token : undefined,
    payment: typeof payment === 'string' ? payment : undefined,
  };
}

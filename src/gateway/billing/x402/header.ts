// The X-PAYMENT request header (x402 v1): base64 of `{x402Version: 1, scheme: "exact",
// network, payload: {signature, authorization: {from, to, value, validAfter, validBefore,
// nonce}}}`. Read strictly: anything else is "not a payment", never a 500.
export interface Authorization {
  from: string;
  to: string;
  value: string;
  validAfter: string;
  validBefore: string;
  nonce: string;
}

export interface PaymentPayload {
  x402Version: 1;
  scheme: 'exact';
  network: string;
  payload: { signature: string; authorization: Authorization };
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const NONCE = /^0x[0-9a-fA-F]{64}$/;
const SIGNATURE = /^0x[0-9a-fA-F]{130,}$/;
const UINT = /^[0-9]{1,78}$/;
const MAX_HEADER = 4096;

/** The decoded payment, or a reason it is not one. */
export function parsePaymentHeader(header: unknown): PaymentPayload | { invalid: string } {
  if (typeof header !== 'string' || header.length === 0 || header.length > MAX_HEADER) {
    return { invalid: 'malformed_header' };
  }
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(header.trim(), 'base64').toString('utf8'));
  } catch {
    return { invalid: 'malformed_header' };
  }
  const v = value as Partial<PaymentPayload> | null;
  if (!v || typeof v !== 'object' || v.x402Version !== 1) return { invalid: 'unsupported_version' };
  if (v.scheme !== 'exact') return { invalid: 'unsupported_scheme' };
  if (typeof v.network !== 'string') return { invalid: 'malformed_header' };
  const p = v.payload as Partial<PaymentPayload['payload']> | undefined;
  const a = p?.authorization as Partial<Authorization> | undefined;
  if (
    !p ||
    !a ||
    typeof p.signature !== 'string' ||
    !SIGNATURE.test(p.signature) ||
    !ADDRESS.test(String(a.from)) ||
    !ADDRESS.test(String(a.to)) ||
    !UINT.test(String(a.value)) ||
    !UINT.test(String(a.validAfter)) ||
    !UINT.test(String(a.validBefore)) ||
    !NONCE.test(String(a.nonce))
  ) {
    return { invalid: 'malformed_header' };
  }
  return {
    x402Version: 1,
    scheme: 'exact',
    network: v.network,
    payload: {
      signature: p.signature,
      authorization: {
        from: a.from!,
        to: a.to!,
        value: a.value!,
        validAfter: a.validAfter!,
        validBefore: a.validBefore!,
        nonce: a.nonce!,
      },
    },
  };
}

/** The X-PAYMENT-RESPONSE header: base64 of `{success, transaction, network, payer}`. */
export function paymentResponseHeader(r: { transaction: string; network: string; payer: string }): string {
  return Buffer.from(JSON.stringify({ success: true, ...r })).toString('base64');
}

// The facilitator's HTTP API (x402 v1): POST /verify and POST /settle with
// `{x402Version, paymentPayload, paymentRequirements}`. Every failure — a refusal, a
// non-2xx answer, a body that is not the expected shape, a timeout, a refused connection —
// is one outcome: not paid, with a reason code.
import type { PaymentPayload } from './header.js';
import type { PaymentRequirements } from './requirements.js';

export type Verified = { ok: true; payer: string } | { ok: false; reason: string };
export type Settled =
  | { ok: true; transaction: string; network: string; payer: string }
  | { ok: false; reason: string /** the settle may have happened: the answer was lost */; unknown: boolean };

export interface FacilitatorClient {
  verify(payment: PaymentPayload, requirements: PaymentRequirements): Promise<Verified>;
  settle(payment: PaymentPayload, requirements: PaymentRequirements): Promise<Settled>;
}

const REASON = /^[a-z0-9_]{1,64}$/i;
const reasonOf = (v: unknown, fallback: string) => (typeof v === 'string' && REASON.test(v) ? v : fallback);

export function facilitatorClient(baseUrl: string, timeoutMs: number): FacilitatorClient {
  const base = baseUrl.replace(/\/+$/, '');
  async function call(path: string, payment: PaymentPayload, requirements: PaymentRequirements) {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ x402Version: 1, paymentPayload: payment, paymentRequirements: requirements }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      // Not JSON: treated as a refusal below.
    }
    return { status: res.status, body };
  }
  return {
    async verify(payment, requirements) {
      try {
        const { status, body } = await call('/verify', payment, requirements);
        if (status === 200 && body.isValid === true) {
          return {
            ok: true,
            payer: typeof body.payer === 'string' ? body.payer : payment.payload.authorization.from,
          };
        }
        return { ok: false, reason: reasonOf(body.invalidReason, `verify_http_${status}`) };
      } catch (err) {
        return {
          ok: false,
          reason: (err as Error).name === 'TimeoutError' ? 'facilitator_timeout' : 'facilitator_unreachable',
        };
      }
    },
    async settle(payment, requirements) {
      try {
        const { status, body } = await call('/settle', payment, requirements);
        if (
          status === 200 &&
          body.success === true &&
          typeof body.transaction === 'string' &&
          body.transaction !== ''
        ) {
          return {
            ok: true,
            transaction: body.transaction,
            network: typeof body.network === 'string' ? body.network : requirements.network,
            payer: typeof body.payer === 'string' ? body.payer : payment.payload.authorization.from,
          };
        }
        // Only a refusal with a reason code is known to have moved nothing: a server error, a
        // free-text failure (a chain call that threw) or `settlement_pending` (broadcast, not
        // yet confirmed) may have moved the money.
        const coded = typeof body.errorReason === 'string' && REASON.test(body.errorReason);
        return {
          ok: false,
          reason: reasonOf(body.errorReason, `settle_http_${status}`),
          unknown: status >= 500 || !coded || body.errorReason === 'settlement_pending',
        };
      } catch (err) {
        // A timeout or a cut connection after the request left: the transfer may have happened.
        // Only a refused connection is known not to have reached the facilitator.
        const timeout = (err as Error).name === 'TimeoutError';
        const refused = (err as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED';
        return {
          ok: false,
          reason: timeout ? 'facilitator_timeout' : 'facilitator_unreachable',
          unknown: !refused,
        };
      }
    },
  };
}

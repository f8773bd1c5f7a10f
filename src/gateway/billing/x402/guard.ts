// The `x402` scheme's guard only reads: 503 when x402 is not configured; otherwise the
// decoded X-PAYMENT header (or why it is not a payment) goes on the request. Whether the
// route is paid, and the 402 quote, are the handler's — it must first validate what is
// being bought (a package outside the list is a 400, not a 402).
import type { Context } from '../../../platform/context.js';
import type { Guard } from '../../../platform/http/auth.js';
import { notConfigured } from '../errors.js';
import { type PaymentPayload, parsePaymentHeader } from './header.js';

declare module 'fastify' {
  interface FastifyRequest {
    x402Payment?: PaymentPayload | { invalid: string };
  }
}

export function x402Guard(ctx: Context): Guard {
  return async (request) => {
    if (!ctx.config.file.payments?.x402) throw notConfigured();
    const header = request.headers['x-payment'];
    request.x402Payment = header === undefined ? undefined : parsePaymentHeader(header);
  };
}

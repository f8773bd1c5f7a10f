// POST /api/credito/asaas/webhook. Asaas delivers at least once and in any order, so an
// event is only a hint: the payment is read again from Asaas and its current status
// applied (applyPayment moves forward only). The event id is recorded once the work is
// done — a delivery that failed half-way (Asaas down on the re-read: 502) is redone when
// Asaas retries, and a repeated delivery afterwards is acknowledged without work.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Context } from '../../../platform/context.js';
import type { Guard } from '../../../platform/http/auth.js';
import type { DbLike } from '../../../platform/db/transactions.js';
import { type AsaasClient, AsaasError, type AsaasPayment } from './client.js';
import { asaasFailed, asaasUnavailable, webhookInvalid, webhookUnauthorized } from './errors.js';
import { type Applied, applyPayment } from './status.js';
import { kyselyOf } from '../tables.js';

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();

/** Equal-length digests compared in constant time: neither content nor length leaks. */
export function tokenMatches(presented: string, expected: string): boolean {
  return timingSafeEqual(digest(presented), digest(expected));
}

/** The `webhook` scheme on the gateway: Asaas's `asaas-access-token` header. */
export function asaasWebhookGuard(ctx: Context): Guard {
  return async (request: FastifyRequest) => {
    const presented = request.headers['asaas-access-token'];
    if (typeof presented !== 'string' || presented === '') throw webhookUnauthorized();
    const expected = ctx.config.file.payments?.asaas?.webhook_token;
    if (!expected) throw asaasUnavailable();
    if (!tokenMatches(presented, expected)) throw webhookUnauthorized();
  };
}

export interface WebhookEvent {
  id: string;
  event: string;
  payment?: { id?: unknown; externalReference?: unknown };
}

export type WebhookOutcome = { duplicate: true } | { duplicate: false; applied?: Applied };

export async function handleWebhook(
  db: DbLike,
  client: AsaasClient,
  event: WebhookEvent,
  now = Date.now(),
): Promise<WebhookOutcome> {
  if (typeof event.id !== 'string' || event.id === '' || event.id.length > 200) throw webhookInvalid();
  const p = kyselyOf(kyselyOf(db));
  const seen = await p.selectFrom('asaas_events').select('id').where('id', '=', event.id).executeTakeFirst();
  if (seen) return { duplicate: true };
  const paymentId = event.payment?.id;
  let applied: Applied | undefined;
  if (typeof paymentId === 'string' && paymentId !== '') {
    // An event may come before our create call stored the payment id: link by our reference.
    const ref = event.payment?.externalReference;
    if (typeof ref === 'string' && /^[0-9a-f]{32}$/.test(ref))
      await p
        .updateTable('asaas_charges')
        .set({ payment_id: paymentId })
        .where('id', '=', ref)
        .where('payment_id', 'is', null)
        .execute();
    const ours = await p
      .selectFrom('asaas_charges')
      .select('id')
      .where('payment_id', '=', paymentId)
      .executeTakeFirst();
    if (ours) {
      let payment: AsaasPayment;
      try {
        payment = await client.getPayment(paymentId);
      } catch (err) {
        if (err instanceof AsaasError) throw asaasFailed();
        throw err;
      }
      applied = await applyPayment(db, payment, now);
    }
  }
  await p
    .insertInto('asaas_events')
    .values({ id: event.id, received_at: now })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  return { duplicate: false, applied };
}

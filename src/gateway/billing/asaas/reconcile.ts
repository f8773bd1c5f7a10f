// The job kind `asaas.reconcile`: reads every open charge from Asaas and applies its
// status, so a lost webhook still pays. The calls to Asaas are the job's at-least-once
// part; the state moves are its effects, committed with the job's fenced completion
// (and idempotent anyway: applyPayment moves forward only, the ledger refuses a used
// reference). Scheduled every minute while the gateway runs with Asaas configured.
import type { Kysely } from 'kysely';
import type { Db } from '../../../platform/db/index.js';
import type { JobHandler } from '../../../platform/jobs/index.js';
import type { AsaasClient, AsaasPayment } from './client.js';
import { refuseCreditToken } from '../tokens.js';
import { applyPayment } from './status.js';
import { kyselyOf, type BillingTables } from '../tables.js';

export const RECONCILE_KIND = 'asaas.reconcile';
/** Charges older than this are left alone (Asaas keeps an unpaid Pix payable for days, not months). */
const HORIZON_MS = 30 * 24 * 3_600_000;
/** A charge whose create call never returned: looked up by our reference after this long. */
const ORPHAN_AFTER_MS = 5 * 60_000;
/**
 * Still unknown to Asaas this long after: the process died before the create left, so no
 * charge exists — `falhou`, its token refused (docs/payments.md "Crash recovery").
 */
const NEVER_MADE_AFTER_MS = 60 * 60_000;
const BATCH = 200;

export async function readOpenCharges(
  db: Db | Kysely<BillingTables>,
  client: AsaasClient,
  now = Date.now(),
): Promise<{
  payments: AsaasPayment[];
  links: { id: string; paymentId: string }[];
  neverMade: string[];
  errors: number;
}> {
  const open = await kyselyOf(db)
    .selectFrom('asaas_charges')
    .select(['id', 'payment_id', 'created_at'])
    .where('state', 'in', ['pendente', 'vencido'])
    .where('created_at', '>=', now - HORIZON_MS)
    .orderBy('created_at')
    .limit(BATCH)
    .execute();
  const payments: AsaasPayment[] = [];
  const links: { id: string; paymentId: string }[] = [];
  const neverMade: string[] = [];
  let errors = 0;
  for (const charge of open) {
    try {
      if (charge.payment_id) payments.push(await client.getPayment(charge.payment_id));
      else if (Number(charge.created_at) < now - ORPHAN_AFTER_MS) {
        const found = await client.findPaymentByReference(charge.id);
        if (found) {
          links.push({ id: charge.id, paymentId: found.id });
          payments.push(found);
        } else if (Number(charge.created_at) < now - NEVER_MADE_AFTER_MS) neverMade.push(charge.id);
      }
    } catch {
      errors++; // the next run tries again
    }
  }
  return { payments, links, neverMade, errors };
}

export async function applyRead(
  trx: Kysely<BillingTables>,
  read: { payments: AsaasPayment[]; links: { id: string; paymentId: string }[]; neverMade?: string[] },
  now = Date.now(),
): Promise<number> {
  let moved = 0;
  for (const id of read.neverMade ?? []) {
    const failed = await kyselyOf(trx)
      .updateTable('asaas_charges')
      .set({ state: 'falhou', state_at: now })
      .where('id', '=', id)
      .where('state', '=', 'pendente')
      .where('payment_id', 'is', null)
      .returning('token_id')
      .executeTakeFirst();
    if (!failed) continue;
    moved++;
    if (failed.token_id) await refuseCreditToken(trx, { tokenId: failed.token_id, now });
  }
  for (const link of read.links)
    await kyselyOf(trx)
      .updateTable('asaas_charges')
      .set({ payment_id: link.paymentId })
      .where('id', '=', link.id)
      .where('payment_id', 'is', null)
      .execute();
  for (const payment of read.payments) if (await applyPayment(trx, payment, now)) moved++;
  return moved;
}

export function reconcileHandler(db: Db, client: AsaasClient): JobHandler<null> {
  return {
    kind: RECONCILE_KIND,
    async run() {
      const read = await readOpenCharges(db, client);
      return {
        result: { read: read.payments.length, errors: read.errors },
        effects: async (trx) => {
          await applyRead(trx, read);
        },
      };
    },
  };
}

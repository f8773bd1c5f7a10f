// What money the services left unfinished, for `svc credit stuck` (docs/payments.md "Crash
// recovery"): x402 payments between two steps (the reconciler finishes them within a
// minute unless they wait for the operator), Asaas charges whose create call never stored
// the payment's id (the reconciliation looks them up by our reference), and call
// reservations older than the abandoned-reservation sweep's age. A healthy service lists
// nothing here for long.
import type { DbLike } from '../../platform/db/transactions.js';
import { ABANDONED_AFTER_MS } from './holds.js';
import { unfinishedPayments } from './x402/payments.js';
import { kyselyOf } from './tables.js';

/** An Asaas charge still without its payment id this long after creation is listed. */
const ASAAS_ORPHAN_MS = 5 * 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

export async function stuckMoney(db: DbLike, now = Date.now()) {
  const x402 = (await unfinishedPayments(db, { limit: 500 })).map((p) => ({
    nonce: p.nonce,
    // The paying wallet's address (public, on chain): with the nonce, what the operator looks up.
    pagador: p.payer,
    estado: p.state,
    proposito: p.purpose,
    micros: p.micros,
    erro: p.error,
    tentativas: p.attempts,
    proxima_em: p.nextAt === null ? null : iso(p.nextAt),
    criado_em: iso(p.createdAt),
  }));
  const asaas = (
    await kyselyOf(db)
      .selectFrom('asaas_charges')
      .select(['id', 'state', 'created_at'])
      .where('state', '=', 'pendente')
      .where('payment_id', 'is', null)
      .where('created_at', '<', now - ASAAS_ORPHAN_MS)
      .limit(500)
      .execute()
  ).map((c) => ({ id: c.id, estado: c.state, criado_em: iso(Number(c.created_at)) }));
  const reservas = (
    await kyselyOf(db)
      .selectFrom('credit_reservations')
      .select(['id', 'reserved_micros', 'source', 'created_at'])
      .where('state', '=', 'open')
      .where('source', '!=', 'job')
      .where('created_at', '<', now - ABANDONED_AFTER_MS)
      .limit(500)
      .execute()
  ).map((r) => ({
    id: r.id,
    micros: Number(r.reserved_micros),
    origem: r.source,
    criado_em: iso(Number(r.created_at)),
  }));
  return { x402, asaas, reservas };
}

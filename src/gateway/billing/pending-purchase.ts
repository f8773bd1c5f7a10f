// The steps every purchase that waits on someone else goes through — a manual Pix request
// (pix/requests.ts) waits on the owner's review, an Asaas charge (asaas/charges.ts) on the
// payer's bank — whatever the provider: its place (id, keyed network hashes, UTC day); its
// admission and its row in one transaction (the turn, the daily cap per network, the pending
// limits of pending.ts, the pending token of a package, the provider's own row); and, when
// the provider's step after that write fails, the one rollback: the row `falhou` and its
// token refused, so it never becomes valid. Each provider keeps only its row and wire format.
import type { Kysely } from 'kysely';
import type { Context } from '../../platform/context.js';
import { utcDay } from '../../platform/days.js';
import { type BillingTables, kyselyOf } from './tables.js';
import { inTransaction } from '../../platform/db/transactions.js';
import type { ApiError } from '../../platform/http/errors.js';
import { sentToday, takeTurn } from './caps.js';
import { hexId, networkKey } from './network.js';
import { checkPending, type PendingLimits, wideNetworkKey } from './pending.js';
import { issueCreditToken, refuseCreditToken } from './tokens.js';

export type PurchaseTable = 'pix_requests' | 'asaas_charges';

/** The columns every pending purchase row holds, fixed before its transaction. */
export interface PurchasePlace {
  id: string;
  network: string;
  wide_network: string;
  day: string;
  created_at: number;
  state_at: number;
}

export function purchasePlace(secret: string, address: string, now: number): PurchasePlace {
  return {
    id: hexId(),
    network: networkKey(secret, address),
    wide_network: wideNetworkKey(secret, address),
    day: utcDay(now),
    created_at: now,
    state_at: now,
  };
}

/** What one more purchase must fit under, and the error of each ceiling. */
export interface Admission {
  table: PurchaseTable;
  /** Purchases a network may make per UTC day (failed ones do not count). */
  dailyCap: number;
  overDailyCap: () => ApiError;
  /** The states that still hold a place in the pending limits. */
  waiting: readonly string[];
  limits: PendingLimits;
  /** Pending purchases in total, from every network. */
  maxPending: number;
  overMaxPending: () => ApiError;
}

export interface IssuedToken {
  id: string;
  token: string;
}

async function admit(
  ctx: Pick<Context, 'db'>,
  trx: Kysely<BillingTables>,
  admission: Admission,
  place: PurchasePlace,
): Promise<void> {
  await takeTurn(ctx.db, trx, admission.table);
  const made = await sentToday(trx, admission.table, place.network, place.day);
  if (made >= admission.dailyCap) throw admission.overDailyCap();
  // Purchases older than the limits' ttl no longer hold a place (a late payment or review still counts).
  const pending = await checkPending(
    trx,
    admission.table,
    admission.waiting,
    { network: place.network, wide: place.wide_network },
    admission.limits,
    place.created_at,
  );
  if (pending >= admission.maxPending) throw admission.overMaxPending();
}

/**
 * Admits the purchase and runs the provider's write (its token, its row) in the same
 * transaction, so a burst cannot get past a ceiling.
 */
export async function openPurchase<T>(
  ctx: Pick<Context, 'db'>,
  admission: Admission,
  place: PurchasePlace,
  write: (trx: Kysely<BillingTables>) => Promise<T>,
): Promise<T> {
  return inTransaction(ctx.db, async (trx: Kysely<BillingTables>) => {
    await admit(ctx, trx, admission, place);
    return write(trx);
  });
}

/** A package's token, issued pending: it becomes valid only when the purchase is paid. */
export function issuePendingToken(
  trx: Kysely<BillingTables>,
  secret: string,
  source: 'pix' | 'asaas',
  place: PurchasePlace,
  usd: number,
): Promise<IssuedToken> {
  return issueCreditToken(trx, {
    secret,
    usd,
    source,
    reference: `${source}:${place.id}`,
    active: false,
    now: place.created_at,
  });
}

/** The rollback: the provider never took the purchase, so its row fails and its token is refused. */
export async function failPurchase(
  ctx: Pick<Context, 'db'>,
  table: PurchaseTable,
  id: string,
  token: IssuedToken | undefined,
): Promise<void> {
  await inTransaction(ctx.db, async (trx: Kysely<BillingTables>) => {
    await kyselyOf(trx)
      .updateTable(table)
      .set({ state: 'falhou', state_at: Date.now() })
      .where('id', '=', id)
      .execute();
    if (token) await refuseCreditToken(trx, { tokenId: token.id });
  });
}

/** A package's price in centavos at a configured rate: what an offer shows and a charge asks. */
export const packageCentavos = (usd: number, brlPorUsd: number) => Math.round(usd * brlPorUsd * 100);

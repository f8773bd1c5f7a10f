// The last step of an x402 payment, shared by the live request, the reconciler and the
// operator's `svc credit resolve`: a `settled` payment becomes `credited` in one transaction
// with its credit — a package's token minted, or a paid call's wallet credited — so it
// happens exactly once whoever gets there first (the token's reference and the movement's
// reference are unique as well).
import type { Context } from '../../../platform/context.js';
import { type DbLike, inTransaction } from '../../../platform/db/transactions.js';
import { creditWallet, MICROS_PER_USD, parseWalletKey } from '../ledger.js';
import { DuplicateTokenReferenceError, issueCreditToken } from '../tokens.js';
import { getPayment, movePayment } from './payments.js';
import { kyselyOf } from '../tables.js';

export interface Credited {
  /** The package's token id (purpose `credit`). */
  tokenId?: string;
  /** The token string, when this call minted it (shown once). */
  token?: string;
  /** The wallet now holds the payment (false: the payment was not settled). */
  credited: boolean;
}

/**
 * Credits a `settled` payment. `delivered`: the caller is about to hand the token to the
 * buyer (the live request); the reconciler's tokens wait for the buyer to come back.
 * `db`: a transaction the caller holds (the operator's state change joins the credit).
 */
export async function creditPayment(
  ctx: Context,
  nonce: string,
  options: { delivered: boolean; now?: number; db?: DbLike },
): Promise<Credited> {
  const now = options.now ?? Date.now();
  return inTransaction(options.db ?? ctx.db, async (trx) => {
    const row = await getPayment(trx, nonce);
    if (!row || row.state !== 'settled')
      return { credited: row?.state === 'credited', tokenId: row?.tokenId ?? undefined };
    const reference = `x402:${nonce}`;
    let out: Credited;
    if (row.purpose === 'credit') {
      const usd = row.usd ?? row.micros / MICROS_PER_USD;
      try {
        const issued = await issueCreditToken(trx, {
          secret: ctx.secret,
          usd,
          source: 'x402',
          reference,
          active: true,
          now,
        });
        out = { credited: true, tokenId: issued.id, token: issued.token };
      } catch (err) {
        // Minted by an earlier version of this step whose state change was lost.
        if (!(err instanceof DuplicateTokenReferenceError)) throw err;
        const existing = await kyselyOf(trx)
          .selectFrom('credit_tokens')
          .select('id')
          .where('reference', '=', reference)
          .executeTakeFirstOrThrow();
        out = { credited: true, tokenId: existing.id };
      }
      await kyselyOf(trx)
        .updateTable('x402_payments')
        .set({ token_id: out.tokenId!, delivered_at: options.delivered && out.token ? now : null })
        .where('nonce', '=', nonce)
        .execute();
    } else {
      if (!row.wallet) throw new Error(`x402 payment ${nonce} has no wallet`);
      await creditWallet(trx, {
        wallet: parseWalletKey(row.wallet),
        micros: row.micros,
        kind: 'purchase',
        reference,
        source: 'x402',
        now,
      });
      out = { credited: true };
    }
    await movePayment(trx, nonce, ['settled'], 'credited', {}, now);
    return out;
  });
}

// Which wallet a spend draws on: the credit token presented in X-Credito, else the
// organisation's balance. A token that is unknown, or not (yet) active, is refused.
import type { Context } from '../../platform/context.js';
import { unusableCreditToken } from './errors.js';
import type { Wallet } from './ledger.js';
import { findCreditToken, tokenWallet } from './tokens.js';

export async function walletOf(
  ctx: Context,
  organizationId: string,
  token: string | undefined,
): Promise<Wallet> {
  if (token === undefined) return { kind: 'org', id: organizationId };
  const record = await findCreditToken(ctx.db, token.trim(), ctx.secret);
  if (record?.state !== 'ativo') throw unusableCreditToken();
  return tokenWallet(record.id);
}

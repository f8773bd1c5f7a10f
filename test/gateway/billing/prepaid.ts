// A key of a new prepaid organisation whose wallet holds `micros` (none when 0).
import { creditWallet, type Wallet } from '../../../src/gateway/billing/ledger.js';
import { updateOrganization } from '../../../src/gateway/orgs/store.js';
import type { TestContext } from '../../helpers/context.js';
import { makeKey } from '../../helpers/gateway.js';

export async function prepaidKey(ctx: TestContext, micros: number) {
  const key = await makeKey(ctx);
  await updateOrganization(ctx.db.kysely, key.organizationId!, { billing: 'prepaid' });
  const wallet: Wallet = { kind: 'org', id: key.organizationId! };
  if (micros > 0)
    await creditWallet(ctx.db, { wallet, micros, kind: 'adjustment', reference: `seed-${key.keyId}` });
  return { key, wallet };
}

// A gateway app on test storage, with an account, an organisation and a key ready to use.
import { createGatewayApp } from '../../src/gateway/app.js';
import { createAccount } from '../../src/gateway/accounts/store.js';
import { createKey } from '../../src/gateway/keys/store.js';
import {
  createOrganization,
  type OrganizationSettings,
  setMember,
  updateOrganization,
} from '../../src/gateway/orgs/store.js';
import { PRODUCT_ID } from '../../src/gateway/product.js';
import { deriveKey } from '../../src/platform/secret.js';
import { type TestContext, testContext } from './context.js';

let counter = 0;

export interface KeyFixture {
  secret: string;
  keyId: string;
  accountId: string;
  organizationId: string | null;
}

export async function makeKey(
  ctx: TestContext,
  options: { org?: OrganizationSettings | null; released?: boolean; trialEndsAt?: number } = {},
): Promise<KeyFixture> {
  const n = ++counter;
  const account = await createAccount(ctx.db.kysely, {
    email: `user${n}-${Date.now()}@example.com`,
    password: 'senha-de-teste-longa',
    released: options.released ?? true,
    trialEndsAt: options.trialEndsAt ?? null,
  });
  let organizationId: string | null = null;
  if (options.org !== null) {
    const org = await createOrganization(ctx.db.kysely, `Org ${n} ${Date.now()}`);
    await setMember(ctx.db.kysely, org.id, account.id, 'owner');
    if (options.org) await updateOrganization(ctx.db.kysely, org.id, options.org);
    organizationId = org.id;
  }
  const { key, secret } = await createKey(ctx.db.kysely, deriveKey(ctx.secret, 'api-key'), {
    accountId: account.id,
    organizationId,
    productId: PRODUCT_ID,
    name: 'test',
  });
  return { secret, keyId: key.id, accountId: account.id, organizationId };
}

export async function testGateway(env: Record<string, string> = {}) {
  const ctx = await testContext(env);
  const app = await createGatewayApp(ctx);
  return {
    ctx,
    app,
    dispose: async () => {
      await app.close();
      await ctx.dispose();
    },
  };
}

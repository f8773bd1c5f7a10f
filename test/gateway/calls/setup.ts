// A whole gateway app on test storage with one priced OpenAI-compatible model served by a
// fake vendor in region `us`, and people in one organisation under each role, each able to
// sign in with a browser (cookie jar) and to call with their own organisation key.
import { createGatewayApp } from '../../../src/gateway/app.js';
import { createAccount } from '../../../src/gateway/accounts/store.js';
import { createGatewayDeps, type GatewayDeps } from '../../../src/gateway/deps.js';
import { createKey } from '../../../src/gateway/keys/store.js';
import {
  createOrganization,
  type Organization,
  type Role,
  setMember,
} from '../../../src/gateway/orgs/store.js';
import { PRODUCT_ID } from '../../../src/gateway/product.js';
import type { App } from '../../../src/platform/http/app.js';
import { deriveKey } from '../../../src/platform/secret.js';
import { fakeOpenAI } from '../../fakes/openai.js';
import type { FakeUpstream } from '../../fakes/upstream.js';
import { catalogueModel, PRICE } from '../../helpers/catalogue.js';
import { type TestContext, testContext } from '../../helpers/context.js';
import { Browser, ORIGIN, PASSWORD } from '../accounts/helpers.js';
import { writeConfig } from '../models/helpers.js';

export interface Person {
  accountId: string;
  email: string;
  keyId: string;
  secret: string;
  browser: Browser;
}

export interface CallsSetup {
  ctx: TestContext;
  deps: GatewayDeps;
  app: App;
  org: Organization;
  people: Record<Role, Person>;
  /** A signed-in account that belongs to no organisation. */
  outsider: Browser;
  /** One chat completion with the person's key. */
  chat(who: Person, body: unknown): Promise<{ status: number; body: string }>;
  dispose(): Promise<void>;
}

export async function callsSetup(): Promise<CallsSetup> {
  const fake: FakeUpstream = await fakeOpenAI();
  const config = writeConfig({
    providers: { oa: { type: 'openai', base_url: `${fake.url}/v1`, region: 'us' } },
    models: [catalogueModel('svc/gpt', { price: PRICE })],
  });
  const ctx = await testContext({ PUBLIC_ORIGIN: ORIGIN, SIGNUP: 'review', SVC_CONFIG: config });
  const deps = createGatewayDeps(ctx);
  const app = await createGatewayApp(ctx, deps);
  await app.ready();
  const db = ctx.db.kysely;
  const org = await createOrganization(db, `Clínica ${Date.now()}`);
  const person = async (role: Role, n: number): Promise<Person> => {
    const email = `${role}${n}-${Date.now()}@example.com`;
    const account = await createAccount(db, { email, password: PASSWORD, released: true });
    await setMember(db, org.id, account.id, role);
    const { key, secret } = await createKey(db, deriveKey(ctx.secret, 'api-key'), {
      accountId: account.id,
      organizationId: org.id,
      productId: PRODUCT_ID,
      name: `chave ${role}`,
    });
    const browser = new Browser(app);
    const login = await browser.login(email);
    if (login.status !== 200) throw new Error(`login ${login.status}`);
    return { accountId: account.id, email, keyId: key.id, secret, browser };
  };
  const people = {
    owner: await person('owner', 1),
    admin: await person('admin', 2),
    member: await person('member', 3),
    dpo: await person('dpo', 4),
  };
  const stranger = await createAccount(db, { email: `fora-${Date.now()}@example.com`, password: PASSWORD });
  const outsider = new Browser(app);
  await outsider.login(stranger.email);
  return {
    ctx,
    deps,
    app,
    org,
    people,
    outsider,
    chat: async (who, body) => {
      const res = await app.inject({
        method: 'POST',
        url: '/v1/chat/completions',
        headers: { authorization: `Bearer ${who.secret}`, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      return { status: res.statusCode, body: res.body };
    },
    dispose: async () => {
      await app.close();
      await ctx.dispose();
      await fake.stop();
    },
  };
}

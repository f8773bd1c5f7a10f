// The one access decision (src/gateway/access/decide.ts): every refusal through every kind of
// credential — an API key, a paid call (a key of a prepaid organisation presenting credit),
// and the console's session in the playground — with the same code and status, table-driven.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createAccount, updateAccount } from '../../../src/gateway/accounts/store.js';
import { createKey, updateKeyControls } from '../../../src/gateway/keys/store.js';
import {
  createOrganization,
  type OrganizationSettings,
  setMember,
  updateOrganization,
} from '../../../src/gateway/orgs/store.js';
import { PRODUCT_ID } from '../../../src/gateway/product.js';
import { deriveKey } from '../../../src/platform/secret.js';
import { onPostgres } from '../../helpers/db.js';
import { testGateway } from '../../helpers/gateway.js';
import { Browser, ORIGIN, PASSWORD } from '../accounts/helpers.js';

type Credential = 'key' | 'paid call' | 'session';
const CREDENTIALS: Credential[] = ['key', 'paid call', 'session'];

interface Case {
  refusal: string;
  status: number;
  code: string;
  /** The credentials the refusal concerns (a session has no expiry, a key is always its org's). */
  applies: Credential[];
  org?: OrganizationSettings;
  /** After sign-in and key creation: what makes the caller refused. */
  spoil?(db: Gw['ctx']['db']['kysely'], ids: { accountId: string; keyId: string }): Promise<void>;
  /** The session asks for an organisation it is not a member of. */
  foreign?: boolean;
}

type Gw = Awaited<ReturnType<typeof testGateway>>;
const HOUR = 3_600_000;

const CASES: Case[] = [
  {
    refusal: 'the account awaits release',
    status: 403,
    code: 'account_not_released',
    applies: CREDENTIALS,
    spoil: (db, { accountId }) => updateAccount(db, accountId, { released: 0 }),
  },
  {
    refusal: 'the free trial ended',
    status: 403,
    code: 'trial_ended',
    applies: CREDENTIALS,
    spoil: (db, { accountId }) => updateAccount(db, accountId, { trial_ends_at: Date.now() - HOUR }),
  },
  {
    refusal: 'the organisation has the product off',
    status: 403,
    code: 'product_disabled',
    applies: CREDENTIALS,
    org: { product_enabled: 0 },
  },
  {
    refusal: 'the organisation requires a second factor the caller lacks',
    status: 403,
    code: 'organization_mfa_required',
    applies: CREDENTIALS,
    org: { mfa_required: 1 },
  },
  {
    refusal: 'the network origin is outside the organisation’s policy',
    status: 403,
    code: 'network_not_allowed',
    applies: CREDENTIALS,
    org: { allowed_cidrs: JSON.stringify(['10.9.0.0/16']) },
  },
  {
    refusal: 'the key expired',
    status: 401,
    code: 'key_expired',
    applies: ['key', 'paid call'],
    spoil: async (db, { accountId, keyId }) => {
      await updateKeyControls(db, accountId, PRODUCT_ID, keyId, { expiresAt: Date.now() + 60_000 });
      // Written past: the routes only accept a future expiry, time makes it past.
      await db
        .updateTable('api_keys')
        .set({ expires_at: Date.now() - 1 })
        .where('id', '=', keyId)
        .execute();
    },
  },
  {
    // A key made before the role was given must not outlive it.
    refusal: 'the caller is the organisation’s dpo, who only reads',
    status: 403,
    code: 'organization_forbidden',
    applies: CREDENTIALS,
    spoil: async (db, { accountId }) => {
      await db.updateTable('memberships').set({ role: 'dpo' }).where('account_id', '=', accountId).execute();
    },
  },
  {
    refusal: 'the session is not a member of the organisation',
    status: 403,
    code: 'organization_forbidden',
    applies: ['session'],
    foreign: true,
  },
];

describe(`one access decision, every credential (${onPostgres ? 'postgres' : 'sqlite'})`, () => {
  let gw: Gw;
  let n = 0;
  before(async () => {
    gw = await testGateway({ PUBLIC_ORIGIN: ORIGIN });
  });
  after(() => gw.dispose());

  /** A released account, owner of an organisation with `org`, and a key of it; the browser signed in. */
  async function caller(c: Case, credential: Credential) {
    const db = gw.ctx.db.kysely;
    const account = await createAccount(db, { email: `decisao${++n}@example.com`, password: PASSWORD });
    const org = await createOrganization(db, `Decisão ${n}`);
    await setMember(db, org.id, account.id, 'owner');
    const settings = { ...(credential === 'paid call' ? { billing: 'prepaid' } : {}), ...c.org };
    if (Object.keys(settings).length > 0) await updateOrganization(db, org.id, settings);
    const { key, secret } = await createKey(db, deriveKey(gw.ctx.secret, 'api-key'), {
      accountId: account.id,
      organizationId: org.id,
      productId: PRODUCT_ID,
      name: 'decisão',
    });
    const browser = new Browser(gw.app);
    assert.equal((await browser.login(account.email)).status, 200);
    await c.spoil?.(db, { accountId: account.id, keyId: key.id });
    const organizationId = c.foreign ? (await createOrganization(db, `Alheia ${n}`)).id : org.id;
    return { secret, browser, organizationId };
  }

  /** The caller's request and the refusal's code and status, whatever the envelope. */
  async function call(credential: Credential, who: Awaited<ReturnType<typeof caller>>) {
    if (credential === 'session') {
      const res = await who.browser.post('/api/account/playground/clean', {
        organizationId: who.organizationId,
        text: 'olá',
      });
      return { status: res.status, code: res.json.error as string | undefined };
    }
    const res = await gw.app.inject({
      method: 'POST',
      url: '/v1/chat/completions',
      headers: {
        authorization: `Bearer ${who.secret}`,
        'content-type': 'application/json',
        ...(credential === 'paid call' ? { 'x-credito': 'svcc_qualquer' } : {}),
      },
      payload: { model: 'svc/eco', messages: [{ role: 'user', content: 'olá' }] },
    });
    return { status: res.statusCode, code: res.json().error?.code as string | undefined };
  }

  for (const credential of CREDENTIALS) {
    it(`lets a caller with nothing wrong through (${credential})`, async () => {
      const who = await caller({ refusal: 'none', status: 200, code: '', applies: CREDENTIALS }, credential);
      const res = await call(credential, who);
      // A paid call without payments configured gets past the decision, then is simply free.
      assert.equal(res.status, 200, JSON.stringify(res));
    });
  }

  for (const c of CASES) {
    for (const credential of c.applies) {
      it(`${c.status} ${c.code} when ${c.refusal} (${credential})`, async () => {
        const res = await call(credential, await caller(c, credential));
        assert.deepEqual(res, { status: c.status, code: c.code });
      });
    }
  }
});

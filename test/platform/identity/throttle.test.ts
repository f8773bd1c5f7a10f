// The login throttle of platform/identity, on its own and behind both logins (the gateway's
// browser login, the contract API's token login): an attacker's network is locked out of an
// account while its owner, on another network, still signs in; repeated lockouts grow; an
// account under attack from many networks gives each network fewer tries, never locking out
// a network with no failures.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { IdentityError } from '../../../src/platform/identity/errors.js';
import {
  assertNotThrottled,
  clearFailures,
  credentialSubjects,
  recordFailure,
  type ThrottleLimits,
} from '../../../src/platform/identity/throttle.js';
import { onPostgres } from '../../helpers/db.js';
import { type TestContext, testContext } from '../../helpers/context.js';
import { Browser, PASSWORD, harness as gatewayHarness } from '../../gateway/accounts/helpers.js';
import { harness as contractsHarness, PASSWORD as CONTRACTS_PASSWORD } from '../../contracts/helpers.js';

const dialect = onPostgres ? 'postgres' : 'sqlite';
const MIN = 60_000;
const LIMITS: ThrottleLimits = {
  accountNetwork: { max: 3, windowMs: 15 * MIN },
  account: { max: 6, windowMs: 60 * MIN },
  underAttack: 1,
  network: { max: 100, windowMs: 15 * MIN },
};
const ATTACKER = '198.51.100.66';
const OWNER = '203.0.113.10';

/** The seconds to wait when throttled, or 0. */
async function waitOf(ctx: TestContext, id: string, address: string, now: number): Promise<number> {
  try {
    await assertNotThrottled(ctx.db.kysely, credentialSubjects(LIMITS, { scope: 't', id, address }).all, now);
    return 0;
  } catch (err) {
    assert.ok(err instanceof IdentityError && err.code === 'TOO_MANY_ATTEMPTS');
    return err.retryAfterSeconds;
  }
}

async function fail(ctx: TestContext, id: string, address: string, now: number, times = 1): Promise<void> {
  for (let i = 0; i < times; i++)
    await recordFailure(ctx.db.kysely, credentialSubjects(LIMITS, { scope: 't', id, address }).all, now);
}

describe(`login throttle (${dialect})`, () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await testContext();
  });
  after(() => ctx.dispose());

  it("locks the attacker's network out of the account, not the owner's", async () => {
    const t = Date.now();
    await fail(ctx, 'vitima@example.com', ATTACKER, t, 3);
    assert.ok((await waitOf(ctx, 'vitima@example.com', ATTACKER, t)) > 0);
    assert.equal(await waitOf(ctx, 'vitima@example.com', OWNER, t), 0);
    // IPv6: the whole /64 is one network.
    await fail(ctx, 'vitima6@example.com', '2001:db8:1:2::1', t, 3);
    assert.ok((await waitOf(ctx, 'vitima6@example.com', '2001:db8:1:2:ffff::9', t)) > 0);
    assert.equal(await waitOf(ctx, 'vitima6@example.com', '2001:db8:1:3::1', t), 0);
  });

  it('doubles each new lockout of the same account and network', async () => {
    const id = 'dobra@example.com';
    const t0 = Date.now();
    await fail(ctx, id, ATTACKER, t0, 3);
    assert.equal(await waitOf(ctx, id, ATTACKER, t0), 15 * 60);
    assert.equal(await waitOf(ctx, id, ATTACKER, t0 + 15 * MIN), 0);
    const t1 = t0 + 60 * MIN; // past the ceiling's window too, so only the pair speaks
    await fail(ctx, id, ATTACKER, t1, 3);
    assert.equal(await waitOf(ctx, id, ATTACKER, t1), 30 * 60);
    assert.ok((await waitOf(ctx, id, ATTACKER, t1 + 20 * MIN)) > 0, 'still locked after 20 minutes');
    assert.equal(await waitOf(ctx, id, ATTACKER, t1 + 30 * MIN), 0);
  });

  it('an account at its count from many networks: each network gets one try, a clean one is never refused', async () => {
    const id = 'teto@example.com';
    const t = Date.now();
    for (let i = 1; i <= 6; i++) await fail(ctx, id, `192.0.2.${i}`, t);
    assert.equal(await waitOf(ctx, id, OWNER, t), 0, 'the owner, with no failures, is not refused');
    assert.ok((await waitOf(ctx, id, '192.0.2.1', t)) > 0, 'an attacking network waits');
    await fail(ctx, id, '192.0.2.77', t);
    const wait = await waitOf(ctx, id, '192.0.2.77', t);
    assert.ok(wait > 0 && wait <= 15 * 60, `a new network, after its one try: Retry-After ${wait}`);
    // The window of the account's count ends: networks get their full allowance again.
    assert.equal(await waitOf(ctx, id, '192.0.2.1', t + 61 * MIN), 0);
  });

  it('the reset flow keeps a hard ceiling per account (it bounds mail, not sign-in)', async () => {
    const id = 'reset@example.com';
    const t = Date.now();
    const subjects = (address: string) =>
      credentialSubjects(LIMITS, { scope: 'r', id, address, accountCeiling: 'refuses' }).all;
    for (let i = 1; i <= 6; i++) await recordFailure(ctx.db.kysely, subjects(`192.0.2.${100 + i}`), t);
    await assert.rejects(assertNotThrottled(ctx.db.kysely, subjects(OWNER), t), IdentityError);
  });

  it("a success clears the owner's pair, never the account's count", async () => {
    const id = 'sucesso@example.com';
    const t = Date.now();
    await fail(ctx, id, OWNER, t, 2);
    const subjects = credentialSubjects(LIMITS, { scope: 't', id, address: OWNER });
    await clearFailures(ctx.db.kysely, subjects.onSuccess);
    await fail(ctx, id, OWNER, t, 2);
    assert.equal(await waitOf(ctx, id, OWNER, t), 0, 'the pair started over');
    await fail(ctx, id, '192.0.2.50', t, 2);
    assert.ok(
      (await waitOf(ctx, id, OWNER, t)) > 0,
      'the count kept going (6 failures): under attack, the two failures from here are past the one allowed',
    );
  });
});

describe(`login throttle behind the contract API's login (${dialect})`, () => {
  let h: Awaited<ReturnType<typeof contractsHarness>>;
  before(async () => {
    h = await contractsHarness();
  });
  after(() => h.dispose());

  const login = (email: string, password: string, remoteAddress: string) =>
    h.app.inject({ method: 'POST', url: '/auth/login', payload: { email, password }, remoteAddress });

  it('429 TOO_MANY_ATTEMPTS for the attacking network; the owner still signs in from theirs', async () => {
    const u = await h.user();
    for (let i = 0; i < 5; i++)
      assert.equal((await login(u.email, 'senha-errada-x', ATTACKER)).statusCode, 401);
    const locked = await login(u.email, CONTRACTS_PASSWORD, ATTACKER);
    assert.equal(locked.statusCode, 429);
    assert.equal(locked.json().error, 'TOO_MANY_ATTEMPTS');
    assert.ok(Number(locked.headers['retry-after']) > 0);
    const owner = await login(u.email, CONTRACTS_PASSWORD, OWNER);
    assert.equal(owner.statusCode, 200);
  });
});

describe(`login throttle behind the gateway's browser login (${dialect})`, () => {
  let h: Awaited<ReturnType<typeof gatewayHarness>>;
  before(async () => {
    h = await gatewayHarness({ limits: LIMITS });
  });
  after(() => h.dispose());

  const attempt = async (email: string, password: string, remoteAddress: string) => {
    const b = new Browser(h.app);
    await b.bootstrap();
    return b.post('/api/auth/login', { email, password }, { remoteAddress });
  };

  it('429 too_many_attempts for the attacking network; the owner still signs in from theirs', async () => {
    const account = await h.account();
    for (let i = 0; i < 3; i++)
      assert.equal((await attempt(account.email, 'wrong-password-x', ATTACKER)).status, 401);
    const locked = await attempt(account.email, PASSWORD, ATTACKER);
    assert.equal(locked.status, 429);
    assert.equal(locked.json.error, 'too_many_attempts');
    assert.equal((await attempt(account.email, PASSWORD, OWNER)).status, 200);
  });

  it('the account at its count from many networks: the owner still signs in from a clean one', async () => {
    const account = await h.account();
    for (let i = 1; i <= 6; i++)
      assert.equal((await attempt(account.email, 'wrong-password-x', `192.0.2.${100 + i}`)).status, 401);
    assert.equal((await attempt(account.email, PASSWORD, OWNER)).status, 200);
    const attacker = await attempt(account.email, PASSWORD, '192.0.2.101');
    assert.equal(attacker.status, 429);
    assert.ok(Number(attacker.headers['retry-after']) > 0);
  });
});

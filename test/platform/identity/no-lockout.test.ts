// The lockout attack against both logins, with the limits they ship with: 50 wrong passwords
// spread over 12 addresses must not keep the owner out. The right password from an address
// with no failures signs in; the attacking addresses stay throttled; once the account is
// under attack, each further network gets only a couple of tries.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DEFAULT_LIMITS } from '../../../src/platform/identity/throttle.js';
import { onPostgres } from '../../helpers/db.js';
import { Browser, PASSWORD, harness as gatewayHarness } from '../../gateway/accounts/helpers.js';
import { harness as contractsHarness, PASSWORD as CONTRACTS_PASSWORD } from '../../contracts/helpers.js';

const dialect = onPostgres ? 'postgres' : 'sqlite';

interface Answer {
  status: number;
  error?: string;
  retryAfter?: number;
}
type Attempt = (email: string, password: string, address: string) => Promise<Answer>;

/** The probe's attack, then what the owner and the attackers get. */
async function probeAttack(attempt: Attempt, email: string, password: string, net: number): Promise<void> {
  const attackers = Array.from({ length: 12 }, (_, i) => `198.51.${net}.${10 + i}`);
  assert.equal(DEFAULT_LIMITS.account.max, 50, 'the attack reaches the shipped account count');
  for (let i = 0; i < 50; i++) {
    const res = await attempt(email, `senha-errada-${i}`, attackers[i % attackers.length]!);
    assert.equal(res.status, 401, `wrong password ${i + 1}`);
  }
  // The owner, from an address with no failures: signed in at once.
  const owner = await attempt(email, password, `203.0.${net}.7`);
  assert.equal(owner.status, 200, `owner got ${owner.status} ${owner.error ?? ''}`);
  // Every attacking address is still throttled, even with the right password.
  for (const address of attackers) {
    const res = await attempt(email, password, address);
    assert.equal(res.status, 429, `attacker ${address}`);
    assert.ok((res.retryAfter ?? 0) > 0, 'Retry-After');
  }
  // New networks against the account under attack: a couple of tries each, then 429.
  const fresh = `192.0.${net}.99`;
  for (let i = 0; i < DEFAULT_LIMITS.underAttack; i++)
    assert.equal((await attempt(email, `outra-errada-${i}`, fresh)).status, 401);
  assert.equal((await attempt(email, password, fresh)).status, 429);
  // And the owner, from yet another clean address, still signs in.
  assert.equal((await attempt(email, password, `203.0.${net}.8`)).status, 200);
}

describe(`no lockout of a victim: gateway browser login (${dialect})`, () => {
  let h: Awaited<ReturnType<typeof gatewayHarness>>;
  before(async () => {
    h = await gatewayHarness(); // the shipped limits
  });
  after(() => h.dispose());

  it('50 wrong passwords from 12 addresses; the owner signs in from a clean one; attackers get 429', async () => {
    const account = await h.account();
    const attempt: Attempt = async (email, password, remoteAddress) => {
      const b = new Browser(h.app);
      await b.bootstrap();
      const res = await b.post('/api/auth/login', { email, password }, { remoteAddress });
      return {
        status: res.status,
        error: (res.json as { error?: string } | undefined)?.error,
        retryAfter: Number(res.headers['retry-after']),
      };
    };
    await probeAttack(attempt, account.email, PASSWORD, 100);
    const locked = await attempt(account.email, PASSWORD, '198.51.100.10');
    assert.equal(locked.error, 'too_many_attempts');
  });
});

describe(`no lockout of a victim: contract API login (${dialect})`, () => {
  let h: Awaited<ReturnType<typeof contractsHarness>>;
  before(async () => {
    h = await contractsHarness();
  });
  after(() => h.dispose());

  it('50 wrong passwords from 12 addresses; the owner signs in from a clean one; attackers get 429', async () => {
    const u = await h.user();
    const attempt: Attempt = async (email, password, remoteAddress) => {
      const res = await h.app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { email, password },
        remoteAddress,
      });
      return {
        status: res.statusCode,
        error: res.json().error,
        retryAfter: Number(res.headers['retry-after']),
      };
    };
    await probeAttack(attempt, u.email, CONTRACTS_PASSWORD, 101);
    const locked = await attempt(u.email, CONTRACTS_PASSWORD, '198.51.101.10');
    assert.equal(locked.error, 'TOO_MANY_ATTEMPTS');
  });
});

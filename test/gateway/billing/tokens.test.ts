// Credit tokens: format and checksum, stored only as an HMAC, pending → active (credited
// once) or refused (never valid).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { balanceOf } from '../../../src/gateway/billing/ledger.js';
import {
  activateCreditToken,
  DuplicateTokenReferenceError,
  findCreditToken,
  isWellFormedToken,
  issueCreditToken,
  refuseCreditToken,
  tokenWallet,
} from '../../../src/gateway/billing/tokens.js';
import { type TestContext, testContext } from '../../helpers/context.js';

describe('credit tokens', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await testContext();
  });
  after(() => ctx.dispose());

  const issue = (reference: string, active: boolean, usd = 5) =>
    issueCreditToken(ctx.db, { secret: ctx.secret, usd, source: 'pix', reference, active });

  it('has the cred_ shape with a checksum, and is stored only as a keyed hash', async () => {
    const { id, token } = await issue('t-shape', true);
    assert.match(token, /^cred_[0-9A-Za-z]{38}$/);
    assert.ok(isWellFormedToken(token));
    const last = token.at(-1) === 'a' ? 'b' : 'a';
    assert.equal(isWellFormedToken(token.slice(0, -1) + last), false);
    assert.equal(isWellFormedToken(`svck_${token.slice(5)}`), false);
    const row = await ctx.db.kysely
      .selectFrom('credit_tokens')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    assert.ok(!JSON.stringify(row).includes(token.slice(5, 20)));
    assert.equal((await findCreditToken(ctx.db, token, ctx.secret))?.id, id);
    // Another SVC_SECRET derives another key: the same token is unknown there.
    assert.equal(await findCreditToken(ctx.db, token, 'another-secret-another-secret-000000'), undefined);
    assert.equal(await balanceOf(ctx.db, tokenWallet(id)), 5_000_000);
  });

  it('issues one token per purchase reference', async () => {
    await issue('t-dup', false);
    await assert.rejects(issue('t-dup', true), DuplicateTokenReferenceError);
    assert.equal(
      Number(
        (
          await ctx.db.kysely
            .selectFrom('credit_tokens')
            .select((eb) => eb.fn.countAll().as('c'))
            .where('reference', '=', 't-dup')
            .executeTakeFirst()
        )?.c,
      ),
      1,
    );
  });

  it('a pending token has no balance until activated, then is credited once', async () => {
    const { id, token } = await issue('t-pend', false, 10);
    assert.equal((await findCreditToken(ctx.db, token, ctx.secret))?.state, 'pendente');
    assert.equal(await balanceOf(ctx.db, tokenWallet(id)), 0);
    const results = await Promise.all(
      [1, 2, 3].map(() => activateCreditToken(ctx.db, { tokenId: id, reference: 't-pend' })),
    );
    assert.equal(results.filter((r) => r.ok && r.changed).length, 1);
    assert.ok(results.every((r) => r.ok && r.balance === 10_000_000));
    assert.equal((await findCreditToken(ctx.db, token, ctx.secret))?.state, 'ativo');
    assert.equal(await balanceOf(ctx.db, tokenWallet(id)), 10_000_000);
    assert.equal(
      await refuseCreditToken(ctx.db, { tokenId: id }),
      false,
      'an active token cannot be refused',
    );
  });

  it('a refused token never becomes valid', async () => {
    const { id, token } = await issue('t-ref', false);
    assert.equal(await refuseCreditToken(ctx.db, { tokenId: id }), true);
    assert.deepEqual(await activateCreditToken(ctx.db, { tokenId: id, reference: 't-ref' }), {
      ok: false,
      state: 'recusado',
    });
    assert.equal((await findCreditToken(ctx.db, token, ctx.secret))?.state, 'recusado');
    assert.equal(await balanceOf(ctx.db, tokenWallet(id)), 0);
    assert.deepEqual(await activateCreditToken(ctx.db, { tokenId: 'ctk_nope', reference: 'x' }), {
      ok: false,
      state: 'desconhecido',
    });
  });

  it('refuses packages outside 1, 5, 10, 25', async () => {
    await assert.rejects(issue('t-pkg', true, 7), RangeError);
  });
});

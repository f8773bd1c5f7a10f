// The request log's writer: rows wait for the tick and go in one transaction; a flush
// writes them at once; close() writes what is left; a failed write is logged, not thrown.
// Given the storage (not a Kysely instance), SQLite writes through its fast path, and falls
// back on the query builder's while the connection is inside another transaction.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CallNote } from '../../../src/gateway/calls/note.js';
import { callRow } from '../../../src/gateway/calls/row.js';
import { CallLogWriter } from '../../../src/gateway/calls/writer.js';
import type { Principal } from '../../../src/gateway/pipeline/index.js';
import { onPostgres } from '../../helpers/db.js';
import { type TestContext, testContext } from '../../helpers/context.js';

const row = () =>
  callRow(
    { kind: 'key', keyId: 'key_w', accountId: 'acc_w', organizationId: null } as Principal,
    new CallNote(),
    {
      route: '/v1/messages',
      status: 200,
      latencyMs: 1,
      at: Date.now(),
    },
  );

describe(`request log writer (${onPostgres ? 'postgres' : 'sqlite'})`, () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await testContext();
  });
  after(() => ctx.dispose());
  const count = async () =>
    Number(
      (
        await ctx.db.kysely
          .selectFrom('call_log')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('holds rows until the tick (here: an hour, so only flush writes), then writes them all', async () => {
    const writer = new CallLogWriter(ctx.db, ctx.logger, 3_600_000);
    for (let i = 0; i < 450; i++) writer.add(row());
    assert.equal(await count(), 0, 'nothing written on the request path');
    await writer.flush();
    assert.equal(await count(), 450, 'in chunks, in one transaction');
    writer.add(row());
    await writer.close();
    assert.equal(await count(), 451, 'close writes what is left');
  });

  it('logs a failed write with counts only, and goes on', async () => {
    const writer = new CallLogWriter(ctx.db, ctx.logger, 3_600_000);
    const bad = { ...row(), status: null as unknown as number };
    writer.add(bad);
    await writer.flush();
    assert.match(ctx.logs.text, /request log write failed/);
    writer.add(row());
    await writer.close();
    assert.equal(await count(), 452);
  });

  it('writes the same rows through the query builder (a Kysely instance, or a transaction open on the connection)', async () => {
    const builderOnly = new CallLogWriter(ctx.db.kysely, ctx.logger, 3_600_000);
    for (let i = 0; i < 3; i++) builderOnly.add(row());
    await builderOnly.flush();
    assert.equal(await count(), 455);

    const writer = new CallLogWriter(ctx.db, ctx.logger, 3_600_000);
    const first = row();
    writer.add(first);
    let written: Promise<void> | undefined;
    // The flush starts while a transaction holds the connection, and that transaction rolls
    // back: rows written inside it would vanish with it; the writer must wait for its end.
    await assert.rejects(
      ctx.db.kysely.transaction().execute(async (tx) => {
        await tx.selectFrom('call_log').select('id').limit(1).execute();
        written = writer.flush();
        await new Promise((resolve) => setImmediate(resolve)); // the flush's turn comes inside
        throw new Error('rolled back');
      }),
      /rolled back/,
    );
    await written;
    assert.equal(await count(), 456);
    const stored = await ctx.db.kysely
      .selectFrom('call_log')
      .selectAll()
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow();
    assert.deepEqual(stored, first, 'every column stored as built');
    assert.equal(ctx.logs.text.split('request log write failed').length - 1, 1, 'only the bad row failed');
  });
});

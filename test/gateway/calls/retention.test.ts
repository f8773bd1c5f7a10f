// The request log's retention: each organisation's `request_log_days`, the default for
// calls outside any organisation; the privacy settings route changes it within its bounds.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { purgeCallLog } from '../../../src/gateway/calls/retention.js';
import { CallNote } from '../../../src/gateway/calls/note.js';
import { callRow } from '../../../src/gateway/calls/row.js';
import { createOrganization, setMember, updateOrganization } from '../../../src/gateway/orgs/store.js';
import type { Principal } from '../../../src/gateway/keys/auth.js';
import { onPostgres } from '../../helpers/db.js';
import { type Harness, harness, signedIn } from '../accounts/helpers.js';

const DAY = 86_400_000;

function principal(organizationId: string | null): Principal {
  return { kind: 'key', keyId: 'key_x', accountId: 'acc_x', organizationId } as Principal;
}

describe(`request log retention (${onPostgres ? 'postgres' : 'sqlite'})`, () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });
  after(() => h.dispose());

  it("purges each organisation's rows past its own retention, and the rest after 30 days", async () => {
    const db = h.ctx.db.kysely;
    const now = Date.now();
    const short = await createOrganization(db, 'Curta');
    await updateOrganization(db, short.id, { request_log_days: 7 });
    const plain = await createOrganization(db, 'Padrão');
    const rows = [
      [short.id, 8],
      [short.id, 6],
      [plain.id, 31],
      [plain.id, 29],
      [null, 31],
      [null, 1],
    ] as const;
    for (const [org, age] of rows) {
      await db
        .insertInto('call_log')
        .values(
          callRow(principal(org), new CallNote(), {
            route: '/v1/chat/completions',
            status: 200,
            latencyMs: 5,
            at: now - age * DAY,
          }),
        )
        .execute();
    }
    assert.equal(await purgeCallLog(db, now), 3);
    const left = await db.selectFrom('call_log').select(['organization_id', 'at']).execute();
    assert.deepEqual(
      left.map((r) => [r.organization_id, Math.round((now - Number(r.at)) / DAY)]).sort(),
      [
        [short.id, 6],
        [plain.id, 29],
        [null, 1],
      ].sort(),
    );
    assert.equal(await purgeCallLog(db, now), 0, 'a second pass finds nothing');
  });

  it('changes the retention through the privacy settings route, within 1 to 3650 days', async () => {
    const { account, browser } = await signedIn(h, { totp: true });
    const org = await createOrganization(h.ctx.db.kysely, 'Retida');
    await setMember(h.ctx.db.kysely, org.id, account.id, 'owner');
    const url = `/api/account/organizations/${org.id}/privacy`;
    const read = await browser.get(url);
    assert.equal(read.json.requestLogDays, 30);
    const body = { policy: 'placeholder', nameSensitivity: 'balanced', maskedCategories: [] as string[] };
    for (const bad of [0, 3651, 'sete', 1.5]) {
      const res = await browser.send('PUT', url, { body: { ...body, requestLogDays: bad } });
      assert.equal(res.status, 400, String(bad));
      assert.equal(res.json.error, 'invalid_request');
    }
    const ok = await browser.send('PUT', url, { body: { ...body, requestLogDays: 90 } });
    assert.equal(ok.status, 200);
    assert.equal(ok.json.requestLogDays, 90);
    const kept = await browser.send('PUT', url, { body });
    assert.equal(kept.json.requestLogDays, 90, 'left as it is when absent');
  });
});

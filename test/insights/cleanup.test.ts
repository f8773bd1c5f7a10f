// The daily tag cleanup with a controllable clock: the end-of-day rule in the tenant's time
// zone, retries, resuming a run cut half-way without removing anything twice, re-tagging.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { platformFor } from '../../src/insights/crm/for-tenant.js';
import type { PlatformClient } from '../../src/insights/crm/client.js';
import { DEFAULT_SETTINGS } from '../../src/insights/settings.js';
import { runCleanup } from '../../src/insights/tags/cleanup.js';
import { FAST, harness, type Harness, waitUntil } from './helpers.js';

// São Paulo is UTC-3 all year (no DST since 2019).
const at = (iso: string) => Date.parse(iso);

describe('daily tag cleanup', () => {
  let h: Harness;
  let clock = at('2026-03-10T11:00:00Z'); // 08:00 in São Paulo
  const settings = { ...DEFAULT_SETTINGS, ...FAST, cleanupMaxAttempts: 3, now: () => clock };
  const run = (extra: { dryRun?: boolean; platform?: ReturnType<typeof platformFor> } = {}) =>
    runCleanup(h.ctx, {
      platform: extra.platform ?? platformFor(h.ctx, settings),
      settings,
      log: h.ctx.logger,
      dryRun: extra.dryRun,
    });
  const tag = async (contactId: string, tags = ['lead-quente']) => {
    for (const t of tags) {
      const set = h.platform.tags.get(contactId) ?? new Set();
      set.add(t);
      h.platform.tags.set(contactId, set);
    }
    const r = await h.app.inject({
      method: 'POST',
      url: h.url('/webhooks/update-contact'),
      payload: { eventType: 'CONTACT_TAG_UPDATE', content: { contactId, tags } },
    });
    assert.deepEqual(r.json(), { status: 'queued' });
  };

  before(async () => {
    h = await harness({ background: false, settings: { now: () => clock } });
  });
  after(() => h.dispose());

  it('a tag received in the morning is still there that evening and gone after local midnight', async () => {
    await tag('c-1');
    clock = at('2026-03-10T23:00:00Z'); // 20:00 local
    assert.equal((await run())[0]!.removed, 0);
    clock = at('2026-03-11T02:59:00Z'); // 23:59 local — UTC's day is already over, the tenant's is not
    assert.equal((await run())[0]!.removed, 0);
    assert.ok(h.platform.tags.get('c-1')!.has('lead-quente'));
    const dry = await run({ dryRun: true });
    assert.deepEqual(dry[0]!.wouldRemove, []);
    clock = at('2026-03-11T03:01:00Z'); // 00:01 local, next day
    const preview = await run({ dryRun: true });
    assert.deepEqual(preview[0]!.wouldRemove, [{ contactId: 'c-1', tag: 'lead-quente', day: '2026-03-10' }]);
    assert.ok(h.platform.tags.get('c-1')!.has('lead-quente'), 'dry run changes nothing');
    const report = (await run())[0]!;
    assert.equal(report.removed, 1);
    assert.equal(report.today, '2026-03-11');
    assert.equal(h.platform.tags.get('c-1')!.size, 0);
    assert.equal((await run())[0]!.removed, 0);
    assert.equal(h.platform.removals.filter((r) => r.contactId === 'c-1').length, 1);
  });

  it('retries a failed removal with backoff, and reports it failed after the last attempt', async () => {
    clock = at('2026-03-11T12:00:00Z');
    await tag('c-2');
    await tag('c-3');
    clock = at('2026-03-12T03:30:00Z');
    h.platform.failRemovals = 1;
    let report = (await run())[0]!;
    assert.equal(report.retrying, 1);
    assert.equal(report.removed, 1);
    // Not due again until the backoff has passed.
    assert.equal((await run())[0]!.removed, 0);
    clock += 1_000;
    report = (await run())[0]!;
    assert.equal(report.removed, 1);
    assert.equal(h.platform.tags.get('c-2')!.size + h.platform.tags.get('c-3')!.size, 0);

    clock = at('2026-03-12T12:00:00Z');
    await tag('c-4');
    clock = at('2026-03-13T03:30:00Z');
    h.platform.failRemovals = 10;
    let failed = 0;
    for (let i = 0; i < 3; i++) {
      failed += (await run())[0]!.failed;
      clock += 1_000;
    }
    h.platform.failRemovals = 0;
    assert.equal(failed, 1);
    assert.match(h.ctx.logs.text, /tag cleanup failed/);
    const row = await h.ctx.db.kysely
      .selectFrom('insight_tag_queue')
      .selectAll()
      .where('contact_id', '=', 'c-4')
      .executeTakeFirstOrThrow();
    assert.equal(row.status, 'failed');
    assert.equal(row.last_error, 'platform_500');
  });

  it('a run interrupted half-way resumes without removing anything twice', async () => {
    clock = at('2026-03-13T12:00:00Z');
    const contacts = ['r-1', 'r-2', 'r-3', 'r-4', 'r-5'];
    for (const c of contacts) await tag(c, ['lead-quente', 'Pós-venda']);
    clock = at('2026-03-14T03:10:00Z');
    // The first run "dies" after two removals: its third call never returns.
    const real = platformFor(h.ctx, settings);
    let calls = 0;
    const dying = (t: Parameters<typeof real>[0]): PlatformClient => {
      const client = real(t);
      return {
        transcript: client.transcript,
        removeTag: async (contactId, name) => {
          if (++calls > 2) return new Promise(() => {});
          return client.removeTag(contactId, name);
        },
      };
    };
    void run({ platform: dying });
    await waitUntil(() => calls > 2);
    assert.equal(h.platform.removals.filter((r) => r.contactId.startsWith('r-')).length, 2);
    // Another run while the dead one's claim holds does not touch its rows…
    clock += 10_000;
    assert.equal((await run())[0]!.removed, 0);
    // …and once the claim has lapsed, it finishes the work.
    clock += 120_000;
    const report = (await run())[0]!;
    assert.equal(report.removed, 8);
    const removals = h.platform.removals
      .filter((r) => r.contactId.startsWith('r-'))
      .map((r) => `${r.contactId}/${r.tag}`);
    assert.equal(removals.length, 10);
    assert.equal(new Set(removals).size, 10, 'no tag removed twice');
    for (const c of contacts) assert.equal(h.platform.tags.get(c)!.size, 0);
  });

  it('a contact tagged again today keeps the tag until the end of today; older days collapse into one removal', async () => {
    clock = at('2026-03-15T12:00:00Z');
    await tag('t-1');
    clock = at('2026-03-16T12:00:00Z');
    await tag('t-1');
    clock = at('2026-03-16T15:00:00Z'); // day 15 is over, but the tag came again on the 16th
    let report = (await run())[0]!;
    assert.equal(report.superseded, 1);
    assert.equal(report.removed, 0);
    assert.ok(h.platform.tags.get('t-1')!.has('lead-quente'));
    clock = at('2026-03-17T03:05:00Z');
    report = (await run())[0]!;
    assert.equal(report.removed, 1);
    assert.equal(h.platform.tags.get('t-1')!.size, 0);

    // Down for three days: three rows of the same contact and tag, one removal.
    for (const day of ['2026-03-17', '2026-03-18', '2026-03-19']) {
      clock = at(`${day}T13:00:00Z`);
      await tag('t-2');
    }
    clock = at('2026-03-20T03:05:00Z');
    report = (await run())[0]!;
    assert.equal(report.removed, 1);
    assert.equal(h.platform.removals.filter((r) => r.contactId === 't-2').length, 1);
    const left = await h.ctx.db.kysely
      .selectFrom('insight_tag_queue')
      .select('status')
      .where('contact_id', '=', 't-2')
      .execute();
    assert.deepEqual(
      left.map((r) => r.status),
      ['removed', 'removed', 'removed'],
    );
  });
});

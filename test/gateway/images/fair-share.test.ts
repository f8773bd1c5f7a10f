// One organisation sending many images cannot hold the OCR pool: with one OCR thread and
// four images of one organisation in line, another organisation's image is the next to
// start once the running one ends (documents/fair-queue.ts, with the organisation as the
// OCR job's owner). The order of the pool's own events is checked, not the clock.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type JobEvent, jobEvents } from '../../../src/documents/index.js';
import { fakeOpenAI } from '../../fakes/openai.js';
import type { FakeUpstream } from '../../fakes/upstream.js';
import { type KeyFixture, makeKey } from '../../helpers/gateway.js';
import { waitFor } from '../../helpers/wait.js';
import { catalogueModel, openaiVendor } from '../../helpers/catalogue.js';
import { listeningGateway, writeConfig } from '../models/helpers.js';
import { dataUri, formImage } from './fixtures.js';

describe('images: the OCR pool is shared fairly between organisations', () => {
  let gw: Awaited<ReturnType<typeof listeningGateway>>;
  let oa: FakeUpstream;
  let busy: KeyFixture;
  let other: KeyFixture;
  const events: JobEvent[] = [];
  const listen = (e: unknown) => {
    if ((e as JobEvent).pool === 'ocr') events.push(e as JobEvent);
  };

  before(async () => {
    oa = await fakeOpenAI();
    const config = { ...openaiVendor(oa.url, [catalogueModel('svc/gpt')]), extraction: { ocr_threads: 1 } };
    gw = await listeningGateway({ SVC_CONFIG: writeConfig(config) });
    busy = await makeKey(gw.ctx, { org: { images: 'redact' } });
    other = await makeKey(gw.ctx, { org: { images: 'redact' } });
    jobEvents.subscribe(listen);
  });
  after(async () => {
    jobEvents.unsubscribe(listen);
    await gw.dispose();
    await oa.stop();
  });

  it("another organisation's image starts before the busy organisation's next ones", async () => {
    const send = (key: KeyFixture) =>
      gw.openai(key.secret).chat.completions.create({
        model: 'svc/gpt',
        messages: [
          { role: 'user', content: [{ type: 'image_url', image_url: { url: dataUri(formImage()) } }] },
        ],
      });
    const crowd = Array.from({ length: 4 }, () => send(busy));
    const ofBusy = (kind: JobEvent['event']) =>
      events.filter((e) => e.owner === busy.organizationId && e.event === kind).length;
    // One of the busy organisation's images runs, three wait.
    await waitFor('four images in line', () => ofBusy('start') === 1 && ofBusy('queued') === 4, {
      timeoutMs: 60_000,
    });
    const late = send(other);
    await Promise.all([...crowd, late]);
    // However far the busy organisation had got when the other's image joined the line,
    // that image is the very next to start: it waits for the running one only.
    const joined = events.findIndex((e) => e.owner === other.organizationId && e.event === 'queued');
    const startedBefore = events.slice(0, joined).filter((e) => e.event === 'start').length;
    const starts = events.filter((e) => e.event === 'start').map((e) => e.owner);
    assert.equal(starts.length, 5);
    assert.ok(startedBefore < 4, 'the busy organisation still had images waiting');
    assert.equal(starts[startedBefore], other.organizationId, 'the other organisation is next');
  });
});

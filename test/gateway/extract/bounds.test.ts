// POST /v1/privacy/extract against hostile tenants, over real HTTP: a decompression bomb is
// refused from its structure (413 decoded_too_large); another organisation's small file is
// served while one organisation's queue is busy; a client that disconnects ends the thread
// working on its file; a file past the deadline gets 504 extraction_timeout.
import assert from 'node:assert/strict';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { after, before, describe, it } from 'node:test';
import type { JobEvent } from '../../../src/documents/index.js';
import { onPostgres } from '../../helpers/db.js';
import { type KeyFixture, makeKey } from '../../helpers/gateway.js';
import { waitFor } from '../../helpers/wait.js';
import { bigPdf, textPdf } from '../../documents/fixtures.js';
import { bombPdf, noisePng } from '../../documents/hostile.js';
import { extract, gateway, noting, sendAndCut } from './helpers.js';

const MB = 1024 * 1024;
const events: JobEvent[] = [];
const record = (e: unknown) => events.push(e as JobEvent);

describe(`extraction bounds over HTTP (${onPostgres ? 'postgres' : 'sqlite'})`, () => {
  let gw: Awaited<ReturnType<typeof gateway>>;
  let a: KeyFixture;
  let b: KeyFixture;
  before(async () => {
    subscribe('svc.documents.jobs', record);
    // A long deadline: six files in line on one thread take a while on a loaded machine.
    gw = await gateway({ pdf_threads: 1, ocr_threads: 1, max_decoded_mb: 32, timeout_seconds: 600 });
    a = await makeKey(gw.ctx);
    b = await makeKey(gw.ctx);
  });
  after(async () => {
    unsubscribe('svc.documents.jobs', record);
    await gw.dispose();
  });

  it('refuses a PDF bomb with 413 decoded_too_large', async () => {
    const res = await extract(gw.base, a, bombPdf({ pages: 200, inflated: 48 * MB }));
    assert.equal(res.status, 413);
    assert.equal(res.body.error.code, 'decoded_too_large');
    assert.equal(res.body.error.param, 'file');
  });

  it("serves another organisation's one-page PDF right after the file running, ahead of the first organisation's queue", async (t) => {
    const heavy = await bigPdf(60);
    events.length = 0;
    const finished: string[] = [];
    const first = [1, 2, 3, 4, 5, 6].map((n) => extract(gw.base, a, heavy).then(noting(finished, `a${n}`)));
    // Org A's six files are in: one running, the others waiting.
    await waitFor(
      'org A queued six files',
      () => events.filter((e) => e.event === 'queued' && e.owner === a.organizationId).length === 6,
    );
    const other = extract(gw.base, b, await textPdf([['Cláusula única']])).then(noting(finished, 'b'));
    const results = await Promise.all([...first, other]);
    for (const r of results) assert.equal(r.status, 200);
    const pdf = events.filter((e) => e.pool === 'pdf');
    const queuedB = pdf.findIndex((e) => e.event === 'queued' && e.owner === b.organizationId);
    const startedBefore = pdf.slice(0, queuedB).filter((e) => e.event === 'start').length;
    assert.ok(startedBefore < 6, 'org A still had files waiting when org B sent its file');
    // The next file to start after B's arrived was B's: it waited for the file running, not for A's line.
    const next = pdf.slice(queuedB).find((e) => e.event === 'start');
    assert.equal(next?.owner, b.organizationId);
    // Answers leave after cleaning and auditing on the main thread, so their order is only reported.
    t.diagnostic(`answers in order: ${finished.join(' ')}`);
  });

  it('ends the thread working on a PDF when its client disconnects', async () => {
    events.length = 0;
    const cut = await sendAndCut(gw.base, a, await bigPdf(300));
    await waitFor('the parse started', () => events.some((e) => e.pool === 'pdf' && e.event === 'start'));
    const started = events.find((e) => e.event === 'start')!;
    cut();
    await waitFor('the thread was stopped', () =>
      events.some((e) => e.event === 'stopped' && e.threadId === started.threadId),
    );
    await waitFor('the thread exited', () =>
      events.some((e) => e.event === 'exit' && e.threadId === started.threadId),
    );
    assert.ok(!events.some((e) => e.event === 'end'), 'the parse did not run to its end');
    // The pool serves the next file on a new thread.
    assert.equal((await extract(gw.base, b, await textPdf())).status, 200);
  });

  it('ends the OCR of an image when its client disconnects', async () => {
    events.length = 0;
    const cut = await sendAndCut(gw.base, a, await noisePng(1600, 1600));
    await waitFor('OCR started', () => events.some((e) => e.pool === 'ocr' && e.event === 'start'), {
      timeoutMs: 60_000,
    });
    cut();
    await waitFor('the OCR thread was stopped', () =>
      events.some((e) => e.pool === 'ocr' && e.event === 'stopped'),
    );
    assert.ok(!events.some((e) => e.pool === 'ocr' && e.event === 'end'));
  });
});

describe('extraction deadline over HTTP', () => {
  let gw: Awaited<ReturnType<typeof gateway>>;
  before(async () => {
    subscribe('svc.documents.jobs', record);
    gw = await gateway({ timeout_seconds: 1, ocr_threads: 1 });
  });
  after(async () => {
    unsubscribe('svc.documents.jobs', record);
    await gw.dispose();
  });

  it('answers 504 extraction_timeout and stops the work when the deadline passes', async () => {
    const key = await makeKey(gw.ctx);
    events.length = 0;
    const res = await extract(gw.base, key, await noisePng(1600, 1600));
    assert.equal(res.status, 504);
    assert.equal(res.body.error.code, 'extraction_timeout');
    // Stopped while recognising, or before it began (the decode took the whole second).
    assert.ok(!events.some((e) => e.pool === 'ocr' && e.event === 'end'));
  });
});

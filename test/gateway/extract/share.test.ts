// POST /v1/privacy/extract against one organisation that keeps every thread busy, over real
// HTTP: PDFs that repeat themselves are refused from their structure (413
// decoded_too_large) in a moment; another organisation's small image and small PDF are
// answered while the first organisation's files (minutes of work each) are all still
// running or waiting; and a client that leaves its extraction leaves a 499 access line with
// the route, the organisation and the time used.
import assert from 'node:assert/strict';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { after, before, describe, it } from 'node:test';
import type { JobEvent } from '../../../src/documents/index.js';
import { onPostgres } from '../../helpers/db.js';
import { type KeyFixture, makeKey } from '../../helpers/gateway.js';
import { waitFor } from '../../helpers/wait.js';
import { photo, textPdf } from '../../documents/fixtures.js';
import { nestedFormsPdf, noisePng, repeatedContentsPdf, repeatedPagesPdf } from '../../documents/hostile.js';
import { extract, gateway, noting, sendAndCut } from './helpers.js';

const MB = 1024 * 1024;
const events: JobEvent[] = [];
const record = (e: unknown) => events.push(e as JobEvent);

describe(`extraction against one busy organisation (${onPostgres ? 'postgres' : 'sqlite'})`, () => {
  let gw: Awaited<ReturnType<typeof gateway>>;
  let a: KeyFixture;
  before(async () => {
    subscribe('svc.documents.jobs', record);
    gw = await gateway({ pdf_threads: 2, ocr_threads: 2, timeout_seconds: 600 });
    a = await makeKey(gw.ctx);
  });
  after(async () => {
    unsubscribe('svc.documents.jobs', record);
    await gw.dispose();
  });

  it('refuses PDFs that repeat one stream, nested forms or one page with 413 decoded_too_large', async () => {
    for (const pdf of [
      repeatedContentsPdf({ times: 20_000, inflated: MB }),
      nestedFormsPdf({ depth: 3, fanout: 200 }),
      repeatedPagesPdf({ times: 400, inflated: MB }),
    ]) {
      events.length = 0;
      const res = await extract(gw.base, a, pdf);
      assert.equal(res.status, 413, JSON.stringify(res.body));
      assert.equal(res.body.error.code, 'decoded_too_large');
      assert.ok(!events.some((e) => e.event === 'stopped'), 'refused by the thread, not ended at a limit');
    }
  });

  it("answers another organisation's image and PDF while the first one's files hold its share of both pools", async () => {
    // Org A: two noisy images (minutes of OCR each) and three PDFs of a million form draws
    // each, let through by a gateway whose structure cap and page budget are lifted.
    const lifted = await gateway({
      pdf_threads: 2,
      ocr_threads: 2,
      timeout_seconds: 600,
      max_decoded_mb: 4096,
      page_cpu_seconds: 600,
    });
    const keyA = await makeKey(lifted.ctx);
    const keyB = await makeKey(lifted.ctx);
    const cuts: (() => void)[] = [];
    try {
      events.length = 0;
      const noise = await noisePng(1600, 1600);
      const slow = nestedFormsPdf({ depth: 3, fanout: 100 });
      for (const file of [noise, noise, slow, slow, slow])
        cuts.push(await sendAndCut(lifted.base, keyA, file));
      await waitFor(
        'org A holds a thread of each pool',
        () =>
          events.some((e) => e.pool === 'ocr' && e.event === 'start' && e.owner === keyA.organizationId) &&
          events.some((e) => e.pool === 'pdf' && e.event === 'start' && e.owner === keyA.organizationId),
        { timeoutMs: 60_000 },
      );
      const finished: string[] = [];
      const image = extract(lifted.base, keyB, await photo('png')).then(noting(finished, 'image'));
      const pdf = extract(lifted.base, keyB, await textPdf([['Cláusula única']])).then(
        noting(finished, 'pdf'),
      );
      const [imageRes, pdfRes] = await Promise.all([image, pdf]);
      assert.equal(imageRes.status, 200, JSON.stringify(imageRes.body));
      assert.match(imageRes.body.text, /locação/);
      assert.equal(pdfRes.status, 200, JSON.stringify(pdfRes.body));
      assert.match(pdfRes.body.text, /Cláusula única/);
      // None of org A's files had ended: org B waited for none of them.
      assert.ok(!events.some((e) => e.event === 'end' && e.owner === keyA.organizationId));
      const startsOfA = events.filter((e) => e.event === 'start' && e.owner === keyA.organizationId);
      assert.deepEqual(startsOfA.map((e) => e.pool).sort(), ['ocr', 'pdf'], 'org A ran one file per pool');
    } finally {
      for (const cut of cuts) cut();
      await lifted.dispose();
    }
  });

  it('logs a client that leaves its extraction as 499, with the route, organisation and time used', async () => {
    events.length = 0;
    const cut = await sendAndCut(gw.base, a, await noisePng(1600, 1600));
    await waitFor('OCR started', () => events.some((e) => e.pool === 'ocr' && e.event === 'start'), {
      timeoutMs: 60_000,
    });
    cut();
    const line = await waitFor('the 499 line', () =>
      gw.ctx.logs.lines.map((l) => JSON.parse(l)).find((l) => l.status === 499),
    );
    assert.equal(line.route, '/v1/privacy/extract');
    assert.equal(line.method, 'POST');
    assert.equal(line.code, 'client_closed_request');
    assert.equal(line.organization, a.organizationId);
    assert.equal(typeof line.ms, 'number');
    assert.ok(line.ms > 0);
    const sameRequest = () =>
      gw.ctx.logs.lines
        .map((l) => JSON.parse(l))
        .filter((l) => l.reqId === line.reqId && l.msg === 'request');
    assert.equal(sameRequest().length, 1, 'one access line for the request');
    assert.ok(
      events.some((e) => e.pool === 'ocr' && e.event === 'stopped'),
      'the OCR thread was ended',
    );
  });
});

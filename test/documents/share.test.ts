// Each owner runs on at most its share of a pool's threads (by default all but one): while
// one owner keeps sending files that take minutes, another owner's small file starts at once
// on the thread the first cannot take, instead of waiting for one of the first owner's files
// to end. The PDF and the OCR pool alike.
import assert from 'node:assert/strict';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { after, before, describe, it } from 'node:test';
import { deadline, type JobEvent, OcrPool, PdfTextPool } from '../../src/documents/index.js';
import { waitFor } from '../helpers/wait.js';
import { photo, textPdf } from './fixtures.js';
import { nestedFormsPdf, noisePng } from './hostile.js';

const events: JobEvent[] = [];
const record = (e: unknown) => events.push(e as JobEvent);

/** Whether `owner`'s first start came before any of `other`'s tasks ended. */
function startedBeforeAnyEnd(pool: 'pdf' | 'ocr', owner: string, other: string): boolean {
  const mine = events.filter((e) => e.pool === pool);
  const start = mine.findIndex((e) => e.event === 'start' && e.owner === owner);
  const end = mine.findIndex((e) => e.event === 'end' && e.owner === other);
  return start >= 0 && (end < 0 || start < end);
}

describe("one owner's share of a pool", () => {
  before(() => subscribe('svc.documents.jobs', record));
  after(() => unsubscribe('svc.documents.jobs', record));

  it("starts another owner's PDF at once while one owner's files take minutes", async () => {
    const pool = new PdfTextPool({ size: 2, pageCpuMs: 600_000 });
    const slow = nestedFormsPdf({ depth: 3, fanout: 100 }); // a million form draws on one page
    const lifted = { maxPages: 10, maxDecodedBytes: Number.MAX_SAFE_INTEGER };
    const stop = deadline(600_000);
    try {
      events.length = 0;
      const a = [1, 2, 3].map(() =>
        pool.text(slow, lifted, { owner: 'org-a', signal: stop.signal }).catch((e: unknown) => e),
      );
      await waitFor('org A has a file running', () =>
        events.some((e) => e.event === 'start' && e.owner === 'org-a'),
      );
      const b = await pool.text(await textPdf([['Outra organização']]), lifted, { owner: 'org-b' });
      assert.equal(b.pages, 1);
      assert.ok(startedBeforeAnyEnd('pdf', 'org-b', 'org-a'), "org B's file waited for one of org A's");
      const running = events.filter((e) => e.pool === 'pdf' && e.event === 'start' && e.owner === 'org-a');
      assert.equal(running.length, 1, 'org A ran on one of the two threads only');
      stop.cancel();
      await Promise.all(a);
    } finally {
      stop.dispose();
      await pool.close();
    }
  });

  it("starts another owner's image at once while one owner's noisy images hold the OCR", async () => {
    const ocr = new OcrPool({ size: 2 });
    const stop = deadline(600_000);
    try {
      const noise = await noisePng(1600, 1600);
      events.length = 0;
      const a = [1, 2].map(() =>
        ocr.recognize(noise, { owner: 'org-a', signal: stop.signal }).catch((e) => e),
      );
      await waitFor(
        'org A is recognising',
        () => events.some((e) => e.event === 'start' && e.owner === 'org-a'),
        {
          timeoutMs: 60_000,
        },
      );
      const b = ocr.recognize(await photo('png'), { owner: 'org-b' }).catch((e: unknown) => e);
      // Without a share, org B's page would wait minutes for one of org A's to end.
      await waitFor(
        'org B is recognising',
        () => events.some((e) => e.event === 'start' && e.owner === 'org-b'),
        {
          timeoutMs: 60_000,
        },
      );
      assert.ok(startedBeforeAnyEnd('ocr', 'org-b', 'org-a'));
      assert.match(((await b) as { text: string }).text, /locação/);
      stop.cancel();
      await Promise.all(a);
    } finally {
      stop.dispose();
      await ocr.close();
    }
  });
});

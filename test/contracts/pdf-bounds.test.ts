// The contract API reads uploaded PDFs with the gateway's bounds (the documents library's
// pool): a PDF whose pages all draw one stream, or that repeats itself (one stream listed
// 20 000 times, nested forms, one page listed again and again), is refused from its
// structure (413 PDF_TOO_COMPLEX) instead of being parsed until the deadline.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { bombPdf, nestedFormsPdf, repeatedContentsPdf, repeatedPagesPdf } from '../documents/hostile.js';
import { onPostgres } from '../helpers/db.js';
import { type Harness, harness, type TestUser } from './helpers.js';

const MB = 1024 * 1024;

async function upload(h: Harness, user: TestUser, pdf: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([pdf], { type: 'application/pdf' }), 'contrato.pdf');
  const request = new Request('http://x/', { method: 'POST', body: form });
  return h.app.inject({
    method: 'POST',
    url: '/contracts',
    headers: { ...user.auth, 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

describe(`contracts: PDF bounds (${onPostgres ? 'postgres' : 'sqlite'})`, () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });
  after(() => h.dispose());

  it('refuses a PDF whose pages draw 200 MB between them with 413 PDF_TOO_COMPLEX', async () => {
    const user = await h.user();
    // 100 pages drawing one 2 MB stream: about 20 KB on disk, 200 MB for pdf.js to read.
    const bomb = bombPdf({ pages: 100, inflated: 2 * MB });
    assert.ok(bomb.length < 32 * 1024, String(bomb.length));
    const res = await upload(h, user, bomb);
    assert.equal(res.statusCode, 413, res.body);
    assert.equal(res.json().error, 'PDF_TOO_COMPLEX');
    // The same stream on 3 pages is an ordinary contract.
    const fine = await upload(h, user, bombPdf({ pages: 3, inflated: 2 * MB }));
    assert.equal(fine.statusCode, 201, fine.body);
  });

  it('refuses PDFs that repeat one stream, nested forms or one page with 413 PDF_TOO_COMPLEX', async () => {
    const user = await h.user();
    for (const pdf of [
      repeatedContentsPdf({ times: 20_000, inflated: MB }),
      nestedFormsPdf({ depth: 3, fanout: 200 }),
      repeatedPagesPdf({ times: 200, inflated: MB }),
    ]) {
      const res = await upload(h, user, pdf);
      assert.equal(res.statusCode, 413, res.body);
      assert.equal(res.json().error, 'PDF_TOO_COMPLEX');
    }
  });
});

// The contract API reads uploaded PDFs with the gateway's bounds (the documents library's
// pool): a PDF whose pages all draw one stream is refused from its structure (413
// PDF_TOO_COMPLEX) instead of being parsed once per page on the event loop.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { bombPdf } from '../documents/hostile.js';
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
});

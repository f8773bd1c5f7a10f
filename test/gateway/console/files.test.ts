// The console's files are compressed once at start-up and sent in the encoding the browser
// accepts (Brotli, else gzip, else as they are), with `Vary: Accept-Encoding`; a file that
// would not shrink (an image) is sent as it is.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { loadConsoleFiles } from '../../../src/gateway/console/files.js';
import { acceptedEncodings, registerConsoleRoutes } from '../../../src/gateway/console/routes.js';
import { createApp, type App } from '../../../src/platform/http/app.js';
import { createLogger } from '../../../src/platform/logger.js';

describe('console files: compressed once, sent as the browser accepts', () => {
  let dir: string;
  let app: App;
  const js = `export const texto = ${JSON.stringify('barreira de privacidade '.repeat(400))};\n`;
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'svc-console-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(
      join(dir, 'index.html'),
      `<!doctype html><html lang="pt-BR"><body>${'<p>svc</p>'.repeat(50)}</body></html>`,
    );
    writeFileSync(join(dir, 'assets', 'main-abc123.js'), js);
    writeFileSync(join(dir, 'assets', 'logo-abc123.png'), png);
    app = createApp({ logger: createLogger('silent'), envelopeFor: () => 'api' });
    registerConsoleRoutes(app, loadConsoleFiles(dir));
    await app.ready();
  });
  after(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, encoding?: string) =>
    app.inject({
      method: 'GET',
      url,
      headers: encoding === undefined ? {} : { 'accept-encoding': encoding },
    });

  it('Brotli when accepted, decoding to the file', async () => {
    const res = await get('/assets/main-abc123.js', 'gzip, deflate, br, zstd');
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-encoding'], 'br');
    assert.equal(res.headers.vary, 'accept-encoding');
    assert.match(String(res.headers['cache-control']), /immutable/);
    assert.ok(res.rawPayload.length < js.length / 4, `${res.rawPayload.length} bytes`);
    assert.equal(brotliDecompressSync(res.rawPayload).toString(), js);
  });

  it('gzip when Brotli is not accepted (or refused with q=0); the plain file otherwise', async () => {
    for (const accept of ['gzip', 'br;q=0, gzip;q=0.8']) {
      const res = await get('/assets/main-abc123.js', accept);
      assert.equal(res.headers['content-encoding'], 'gzip', accept);
      assert.equal(gunzipSync(res.rawPayload).toString(), js);
    }
    const plain = await get('/assets/main-abc123.js');
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.body, js);
    const page = await get('/entrar', 'br');
    assert.equal(page.headers['content-encoding'], 'br');
    assert.match(brotliDecompressSync(page.rawPayload).toString(), /lang="pt-BR"/);
  });

  it('an image is sent as it is', async () => {
    const res = await get('/assets/logo-abc123.png', 'br, gzip');
    assert.equal(res.headers['content-encoding'], undefined);
    assert.deepEqual(res.rawPayload, png);
  });

  it('reads Accept-Encoding lists, weights and refusals', () => {
    assert.deepEqual([...acceptedEncodings('gzip, deflate, br')], ['gzip', 'deflate', 'br']);
    assert.deepEqual([...acceptedEncodings('br;q=0, GZIP;q=0.5')], ['gzip']);
    assert.deepEqual([...acceptedEncodings(undefined)], []);
  });
});

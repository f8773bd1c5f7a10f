// What the extraction tests over HTTP share: a gateway with its own `extraction` settings on
// a real port, a file sent as the multipart form, and a request the test can cut.
import { request as httpRequest } from 'node:http';
import { createGatewayApp } from '../../../src/gateway/app.js';
import type { ExtractionConfig } from '../../../src/platform/config/extraction.js';
import { testContext } from '../../helpers/context.js';
import type { KeyFixture } from '../../helpers/gateway.js';

/** Notes the answer's arrival, then passes it on. */
export const noting =
  <T>(finished: string[], name: string) =>
  (r: T): T => {
    finished.push(name);
    return r;
  };

export async function gateway(extraction: ExtractionConfig) {
  const ctx = await testContext();
  ctx.config.file.extraction = extraction;
  const app = await createGatewayApp(ctx);
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    ctx,
    app,
    base,
    dispose: async () => {
      await app.close();
      await ctx.dispose();
    },
  };
}

export function form(bytes: Buffer): FormData {
  const f = new FormData();
  f.append('file', new Blob([bytes]), 'documento.bin');
  return f;
}

export async function extract(base: string, key: KeyFixture, bytes: Buffer) {
  const res = await fetch(`${base}/v1/privacy/extract`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key.secret}` },
    body: form(bytes),
  });
  // biome-ignore lint/suspicious/noExplicitAny: the answers are read field by field
  return { status: res.status, body: (await res.json()) as any };
}

/** Sends a file over a raw request that the test can cut before the answer. */
export async function sendAndCut(base: string, key: KeyFixture, bytes: Buffer) {
  const request = new Request(`${base}/v1/privacy/extract`, { method: 'POST', body: form(bytes) });
  const body = Buffer.from(await request.arrayBuffer());
  const req = httpRequest(`${base}/v1/privacy/extract`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${key.secret}`,
      'content-type': request.headers.get('content-type')!,
      'content-length': body.length,
    },
  });
  req.on('error', () => {});
  req.end(body);
  return () => req.destroy();
}

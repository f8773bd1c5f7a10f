// The scrape listener: GET /metrics on METRICS_PORT, apart from the public ports so that
// scrapes never share a port with the services and need no route, auth or envelope of
// theirs. It listens on METRICS_HOST — loopback unless told otherwise, since the figures
// show balances and payment counts — and, with METRICS_TOKEN, answers only a request that
// presents it as a bearer token (401 otherwise). Anything else answers 404 (405 for another
// method on /metrics).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { safeEqual, sha256 } from '../crypto.js';
import { bearerToken } from '../http/authorization.js';

export interface MetricsListener {
  url: string;
  close(): Promise<void>;
}

export interface MetricsListenerOptions {
  host: string;
  port: number;
  /** The bearer token a scrape must present, if any. */
  token?: string;
}

export async function startMetricsListener(
  { host, port, token }: MetricsListenerOptions,
  render: () => Promise<{ type: string; text: string }>,
): Promise<MetricsListener> {
  // Compared as digests: equal lengths, so the comparison time says nothing about the token.
  const expected = token === undefined ? undefined : sha256(token);
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (expected !== undefined) {
      const presented = bearerToken(req.headers.authorization);
      if (presented === undefined || !safeEqual(sha256(presented), expected)) {
        res
          .writeHead(401, { 'www-authenticate': 'Bearer', 'content-type': 'text/plain; charset=utf-8' })
          .end('unauthorized\n');
        return;
      }
    }
    if (path !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' }).end();
      return;
    }
    render().then(
      ({ type, text }) => res.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' }).end(text),
      () => res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('metrics unavailable\n'),
    );
  });
  server.keepAliveTimeout = 65_000; // longer than Prometheus keeps an idle scrape connection
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${shown}:${address.port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

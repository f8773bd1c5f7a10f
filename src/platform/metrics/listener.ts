// The scrape listener: GET /metrics on METRICS_PORT (on HOST), apart from the public ports so
// that scrapes never share a port with the services and need no route, auth or envelope of
// theirs. Anything else answers 404 (405 for another method on /metrics).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface MetricsListener {
  url: string;
  close(): Promise<void>;
}

export async function startMetricsListener(
  host: string,
  port: number,
  render: () => Promise<{ type: string; text: string }>,
): Promise<MetricsListener> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
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

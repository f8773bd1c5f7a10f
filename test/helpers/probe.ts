// A health probe the way a load balancer sends it: one GET on a connection of its own (a
// kept-alive one could be made room with), from a chosen local address, with a deadline.
// Resolves with the status, 'timeout', or the connection error's message.
import { get } from 'node:http';

export function probe(url: string, timeoutMs: number, from?: string): Promise<number | string> {
  return new Promise((resolve) => {
    const req = get(url, { agent: false, timeout: timeoutMs, localAddress: from }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('timeout', () => {
      req.destroy();
      resolve('timeout');
    });
    req.on('error', (err) => resolve(err.message));
  });
}

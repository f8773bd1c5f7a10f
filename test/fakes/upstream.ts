// A fake model vendor on loopback: a real HTTP server that records everything it receives
// and answers with a plan chosen per request. The two wire formats live in openai.ts and
// anthropic.ts; this is the shared server part.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Wire JSON as a fake vendor reads it: loosely, like the real servers' own code. */
// biome-ignore lint/suspicious/noExplicitAny: a fake reads arbitrary wire JSON
export type Wire = any;

export interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  raw: string;
  body: Wire;
}

export type Plan =
  | { status: number; json: unknown }
  /** SSE events written in pieces of `split` bytes (to cut placeholders across chunks). */
  | { status?: 200; events: { event?: string; data: unknown }[]; split?: number; interval?: number }
  /** Drop the connection without answering. */
  | { destroy: true }
  /** Answer after a delay (ms) — for timeouts. */
  | { delay: number; next: Plan };

/** A plan's events as the SSE text a vendor sends: data as JSON unless already a string (`[DONE]`). */
export function sseText(events: { event?: string; data: unknown }[]): string {
  return events
    .map(
      (e) =>
        `${e.event ? `event: ${e.event}\n` : ''}data: ${typeof e.data === 'string' ? e.data : JSON.stringify(e.data)}\n\n`,
    )
    .join('');
}

export class FakeUpstream {
  readonly received: Received[] = [];
  /** Streams whose reader hung up before the end. */
  cutShort = 0;
  server!: Server;
  url = '';
  handler: (req: Received) => Plan;

  constructor(readonly defaultHandler: (req: Received) => Plan) {
    this.handler = defaultHandler;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        let body: Wire = null;
        try {
          body = JSON.parse(raw);
        } catch {}
        const received = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, raw, body };
        this.received.push(received);
        void this.#answer(this.handler(received), res);
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async #answer(plan: Plan, res: import('node:http').ServerResponse): Promise<void> {
    if ('delay' in plan) {
      await new Promise((r) => setTimeout(r, plan.delay));
      return this.#answer(plan.next, res);
    }
    if ('destroy' in plan) {
      res.socket?.destroy();
      return;
    }
    if ('json' in plan) {
      res.writeHead(plan.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(plan.json));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const text = sseText(plan.events);
    const size = plan.split ?? text.length;
    for (let i = 0; i < text.length; i += size) {
      if (res.destroyed) {
        this.cutShort++;
        return;
      }
      res.write(text.slice(i, i + size));
      if (plan.interval) await new Promise((r) => setTimeout(r, plan.interval));
      else if (plan.split) await new Promise((r) => setImmediate(r));
    }
    res.end();
  }

  /** Everything the vendor ever received, for grepping personal data. */
  get everything(): string {
    return this.received.map((r) => `${r.path}\n${JSON.stringify(r.headers)}\n${r.raw}`).join('\n');
  }

  reset(): void {
    this.received.length = 0;
    this.handler = this.defaultHandler;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

// A fake conversation platform on loopback: serves transcripts and removes contact tags the
// way the insights adapter expects (docs/insights.md), records every request, and can be
// made slow, down or failing.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PlatformRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  at: number;
}

export class FakePlatform {
  readonly requests: PlatformRequest[] = [];
  readonly sessions = new Map<string, { role: string; text: string }[]>();
  /** contactId → tags currently on the contact. */
  readonly tags = new Map<string, Set<string>>();
  readonly removals: { contactId: string; tag: string }[] = [];
  /** Delay before answering (ms). */
  delayMs = 0;
  /** Answer 503 to everything. */
  down = false;
  /** Answer 500 to the next N tag removals. */
  failRemovals = 0;
  /** While true, transcript requests wait unanswered until release(). */
  hold = false;
  /** Each fetch of a transcript differs (a last message naming the fetch): a repeated analysis would show. */
  varyEachFetch = false;
  #held: (() => void)[] = [];
  token = 'platform-token-0123456789';
  server!: Server;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      req.resume();
      req.on('end', async () => {
        const path = req.url ?? '/';
        this.requests.push({ method: req.method ?? '', path, headers: req.headers, at: Date.now() });
        const transcript = /^\/sessions\/([^/]+)\/messages$/.exec(path.split('?')[0]!);
        const fetchNo = transcript ? this.transcriptFetches(decodeURIComponent(transcript[1]!)) : 0;
        if (this.delayMs > 0) await new Promise((r) => setTimeout(r, this.delayMs));
        if (this.hold && transcript) await new Promise<void>((r) => this.#held.push(r));
        const send = (status: number, body?: unknown) => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(body === undefined ? '' : JSON.stringify(body));
        };
        if (this.down) return send(503, { error: 'down' });
        if (req.headers.authorization !== `Bearer ${this.token}`) return send(401, { error: 'unauthorized' });
        if (req.method === 'GET' && transcript) {
          const id = decodeURIComponent(transcript[1]!);
          const messages = this.sessions.get(id);
          if (!messages) return send(404, { error: 'not_found' });
          const copy = { role: 'agent', text: `Registro número ${fetchNo}.` };
          return send(200, { messages: this.varyEachFetch ? [...messages, copy] : messages });
        }
        const tag = /^\/contacts\/([^/]+)\/tags\/([^/]+)$/.exec(path);
        if (req.method === 'DELETE' && tag) {
          if (this.failRemovals > 0) {
            this.failRemovals--;
            return send(500, { error: 'boom' });
          }
          const contactId = decodeURIComponent(tag[1]!);
          const name = decodeURIComponent(tag[2]!);
          const set = this.tags.get(contactId);
          this.removals.push({ contactId, tag: name });
          if (!set?.delete(name)) return send(404, { error: 'not_found' });
          res.writeHead(204);
          return res.end();
        }
        send(404, { error: 'not_found' });
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** Transcript requests waiting for release(). */
  get heldCount(): number {
    return this.#held.length;
  }

  /** Answers every held transcript request. */
  release(): void {
    for (const answer of this.#held.splice(0)) answer();
  }

  transcriptFetches(sessionId: string): number {
    return this.requests.filter((r) => r.method === 'GET' && r.path.startsWith(`/sessions/${sessionId}/`))
      .length;
  }

  async stop(): Promise<void> {
    this.release();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

export const fakePlatform = () => new FakePlatform().start();

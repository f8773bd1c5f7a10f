// A fake OpenAI-compatible embeddings (and transcription) server on loopback: each vector
// is derived from its text (so a test can tell which input produced it), every request is
// recorded, and requests whose text matches `hold` wait until `release()`.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export const vectorOf = (text: string) => [
  text.length,
  [...text].reduce((s, c) => s + c.charCodeAt(0), 0) % 997,
  1,
];

export class FakeEmbeddings {
  readonly received: { path: string; raw: string; texts: string[] }[] = [];
  hold: ((text: string) => boolean) | undefined;
  #held: (() => void)[] = [];
  server!: Server;
  url = '';
  /** The transcription text answered for any audio. */
  transcript = 'texto transcrito';

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const raw = Buffer.concat(chunks).toString('latin1');
        if (req.url?.endsWith('/audio/transcriptions')) {
          this.received.push({ path: req.url, raw, texts: [] });
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ text: this.transcript }));
          return;
        }
        let body: { input?: string | string[]; model?: string } = {};
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {}
        const texts = typeof body.input === 'string' ? [body.input] : (body.input ?? []);
        this.received.push({ path: req.url ?? '', raw: Buffer.concat(chunks).toString('utf8'), texts });
        const answer = () => {
          if (res.destroyed) return;
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(
            JSON.stringify({
              object: 'list',
              data: texts.map((t, index) => ({ object: 'embedding', index, embedding: vectorOf(t) })),
              model: body.model,
              usage: { prompt_tokens: texts.length * 3, total_tokens: texts.length * 3 },
            }),
          );
        };
        if (this.hold && texts.some((t) => this.hold!(t))) this.#held.push(answer);
        else answer();
      });
    });
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  release(): void {
    this.hold = undefined;
    for (const a of this.#held.splice(0)) a();
  }

  async stop(): Promise<void> {
    this.release();
    this.server.closeAllConnections();
    await new Promise((r) => this.server.close(r));
  }
}

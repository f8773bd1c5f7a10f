// A fake OpenAI-compatible embeddings (and transcription) server on loopback: each vector
// is derived from its text (so a test can tell which input produced it), every request is
// recorded, and requests whose text matches `hold` wait until `release()`. It answers as
// OpenAI does: `encoding_format: "base64"` as float32 little-endian bytes, `dimensions`
// as the vector's length (else `width`, 3 unless the constructor says otherwise).
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export const vectorOf = (text: string) => [
  text.length,
  [...text].reduce((s, c) => s + c.charCodeAt(0), 0) % 997,
  1,
];

/** vectorOf(text), cut or padded to `width` numbers (padding derived from the text too). */
export function vectorOfWidth(text: string, width: number): number[] {
  const base = vectorOf(text);
  return Array.from({ length: width }, (_, i) => base[i] ?? ((base[1]! * (i + 1)) % 101) / 101);
}

export class FakeEmbeddings {
  readonly received: { path: string; raw: string; texts: string[]; headers?: IncomingHttpHeaders }[] = [];
  hold: ((text: string) => boolean) | undefined;
  #held: (() => void)[] = [];
  server!: Server;
  url = '';
  /** The transcription text answered for any audio. */
  transcript = 'texto transcrito';
  /** When set, the encoding of every answer whatever the request asked (a server that ignores encoding_format). */
  answerAs: 'float' | 'base64' | undefined;
  /** When set, the status and body of every embeddings answer (an upstream failure). */
  failWith: { status: number; body: unknown } | undefined;

  constructor(readonly width = 3) {}

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
        let body: {
          input?: string | string[];
          model?: string;
          encoding_format?: string;
          dimensions?: number;
        } = {};
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {}
        const texts = typeof body.input === 'string' ? [body.input] : (body.input ?? []);
        this.received.push({
          path: req.url ?? '',
          raw: Buffer.concat(chunks).toString('utf8'),
          texts,
          headers: req.headers,
        });
        const width = body.dimensions ?? this.width;
        const embedding = (t: string) => {
          const v = width === 3 ? vectorOf(t) : vectorOfWidth(t, width);
          const encoding = this.answerAs ?? body.encoding_format;
          return encoding === 'base64' ? Buffer.from(new Float32Array(v).buffer).toString('base64') : v;
        };
        const answer = () => {
          if (res.destroyed) return;
          if (this.failWith) {
            res.writeHead(this.failWith.status, { 'content-type': 'application/json' });
            res.end(JSON.stringify(this.failWith.body));
            return;
          }
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(
            JSON.stringify({
              object: 'list',
              data: texts.map((t, index) => ({ object: 'embedding', index, embedding: embedding(t) })),
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

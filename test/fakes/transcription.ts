// A fake OpenAI-compatible transcription server on loopback: POST /v1/audio/transcriptions
// with a multipart form (`file`, `model`, `language`, `response_format`, `temperature`),
// read with the WHATWG FormData parser as a real server reads it. It "hears" the text set
// in `transcript` and answers in the format asked for (json → {text, usage}; text → plain).
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface HeardRequest {
  path: string;
  headers: IncomingHttpHeaders;
  fields: Record<string, string>;
  fileName: string;
  audio: Buffer;
}

export class FakeTranscription {
  readonly received: HeardRequest[] = [];
  transcript = 'Olá, meu nome é Maria Aparecida Souza e meu CPF é 529.982.247-25.';
  /** Answer with this status (and an error body that echoes the transcript, as some vendors do). */
  failWith: number | null = null;
  /** Wait this long before answering (ms): for the timeout. */
  delayMs = 0;
  server!: Server;
  url = '';

  async start(): Promise<this> {
    this.server = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const body = Buffer.concat(chunks);
      if (req.method !== 'POST' || !req.url?.endsWith('/audio/transcriptions')) {
        res.writeHead(404).end();
        return;
      }
      let form: FormData;
      try {
        form = await new Request('http://fake/', {
          method: 'POST',
          headers: { 'content-type': req.headers['content-type'] ?? '' },
          body,
        }).formData();
      } catch {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            error: { message: 'Could not parse multipart form', type: 'invalid_request_error' },
          }),
        );
        return;
      }
      const file = form.get('file');
      const fields: Record<string, string> = {};
      for (const [k, v] of form) if (typeof v === 'string') fields[k] = v;
      this.received.push({
        path: req.url,
        headers: req.headers,
        fields,
        fileName: file instanceof File ? file.name : '',
        audio: file instanceof File ? Buffer.from(await file.arrayBuffer()) : Buffer.alloc(0),
      });
      if (this.delayMs) await new Promise((r) => setTimeout(r, this.delayMs));
      if (res.destroyed) return;
      if (!(file instanceof File) || !fields.model) {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            error: { message: "'file' and 'model' are required", type: 'invalid_request_error' },
          }),
        );
        return;
      }
      if (this.failWith) {
        res.writeHead(this.failWith, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            error: { message: `could not decode: ${this.transcript}`, type: 'invalid_request_error' },
          }),
        );
        return;
      }
      if (fields.response_format === 'text') {
        res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end(this.transcript);
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          text: this.transcript,
          usage: { type: 'tokens', input_tokens: 40, output_tokens: 20, total_tokens: 60 },
        }),
      );
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
    return this;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** A WAV file of `seconds` of silence (16 kHz, 16-bit mono): real audio with a stated length. */
export function wav(seconds: number, rate = 16_000): Buffer {
  const data = Math.round(seconds * rate) * 2;
  const b = Buffer.alloc(44 + data);
  b.write('RIFF', 0);
  b.writeUInt32LE(36 + data, 4);
  b.write('WAVE', 8);
  b.write('fmt ', 12);
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20); // PCM
  b.writeUInt16LE(1, 22); // mono
  b.writeUInt32LE(rate, 24);
  b.writeUInt32LE(rate * 2, 28);
  b.writeUInt16LE(2, 32);
  b.writeUInt16LE(16, 34);
  b.write('data', 36);
  b.writeUInt32LE(data, 40);
  return b;
}

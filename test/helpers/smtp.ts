// A real SMTP server on loopback (smtp-server) that keeps every message it accepts, parsed
// just enough for tests: envelope, headers and raw source (attachments stay in `raw`).
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  receivedAt: number;
  header(name: string): string | undefined;
}

export interface SmtpPeer {
  url: string;
  messages: ReceivedMail[];
  /** Answers every message with this SMTP error until set back to null. */
  failWith: { code: number; message: string } | null;
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

export async function startSmtp(): Promise<SmtpPeer> {
  const messages: ReceivedMail[] = [];
  const peer: SmtpPeer = {
    url: '',
    messages,
    failWith: null,
    async waitFor(count, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      while (messages.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} mails, got ${messages.length}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return messages.slice(0, count);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (peer.failWith) {
          const err = Object.assign(new Error(peer.failWith.message), { responseCode: peer.failWith.code });
          done(err);
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          receivedAt: Date.now(),
          header: (name) => headerOf(raw, name),
        });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('smtp server has no port');
  peer.url = `smtp://127.0.0.1:${address.port}`;
  return peer;
}

function headerOf(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

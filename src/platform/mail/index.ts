// Outgoing mail: one SMTP transport for the process, built from SMTP_URL and MAIL_FROM.
// "Not configured" is a value (a Mailer whose `configured` is false), so a route that
// needs mail answers its documented "not configured" status instead of failing on send.
// nodemailer is loaded on the first send: most processes never send mail, and the module
// is ~3 MB of heap and ~0.1 s of start-up.
import type { Transporter } from 'nodemailer';

export interface MailSettings {
  /** smtp://user:pass@host:port, or smtps:// for TLS from the first byte. */
  smtpUrl?: string;
  from?: string;
}

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Where a reply goes: the person the message is about, not us. */
  replyTo?: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  readonly configured: boolean;
  /** Resolves once the server accepted the message; throws MailError otherwise. */
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** The message never carries the addresses or the server's reply: both may hold personal data. */
export class MailError extends Error {
  constructor(readonly reason: 'not_configured' | 'rejected' | 'unreachable') {
    super(`mail not sent: ${reason}`);
    this.name = 'MailError';
  }
}

const DEFAULT_FROM = 'svc <no-reply@localhost>';

export function createMailer(settings: MailSettings): Mailer {
  if (!settings.smtpUrl) return notConfigured;
  const url = new URL(settings.smtpUrl);
  const options = {
    host: url.hostname,
    port: url.port ? Number(url.port) : url.protocol === 'smtps:' ? 465 : 587,
    secure: url.protocol === 'smtps:',
    auth: url.username
      ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
      : undefined,
    // A request waits on the send (manual Pix answers 502 when it fails): fail in seconds, not minutes.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    // Loopback and private relays often have self-signed certificates; STARTTLS is still used when offered.
    tls: { rejectUnauthorized: !isLoopback(url.hostname) },
  };
  let transport: Promise<Transporter> | undefined;
  const open = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport(options),
    ));
  const from = settings.from ?? DEFAULT_FROM;
  return {
    configured: true,
    async send(message) {
      try {
        await (await open()).sendMail({
          from,
          to: message.to,
          replyTo: message.replyTo,
          subject: message.subject,
          text: message.text,
          attachments: message.attachments?.map((a) => ({ ...a })),
        });
      } catch (err) {
        const code = (err as { code?: string }).code;
        throw new MailError(
          code === 'ECONNECTION' || code === 'ETIMEDOUT' || code === 'ESOCKET' ? 'unreachable' : 'rejected',
        );
      }
    },
    close: () => void transport?.then((t) => t.close()),
  };
}

const notConfigured: Mailer = {
  configured: false,
  send: async () => {
    throw new MailError('not_configured');
  },
  close: () => {},
};

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || host.startsWith('127.');
}

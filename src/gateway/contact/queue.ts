// Contact messages wait in the durable job queue (kind `contact.send`) until their
// network's slot comes: a burst is sent one message per interval, and a restart loses none
// (a job cut short by shutdown is due again at once, on whichever instance runs). The
// message is in the job's payload only until it is sent: the completion blanks it.
import type { Context } from '../../platform/context.js';
import {
  enqueue,
  JobRegistry,
  replacePayload,
  type Runner,
  startRunner,
  type JobHandler,
} from '../../platform/jobs/index.js';
import type { Logger } from '../../platform/logger.js';
import { MailError } from '../../platform/mail/index.js';
import { contactMail } from './mail.js';
import { markSent, reserveSlot, sweepNetworks, takeSendSlot } from './pacing.js';
import type { ContactMessage } from './validate.js';

export const KIND = 'contact.send';

interface Payload {
  network: string;
  receivedAt: number;
  message: ContactMessage;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const t = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(t);
      reject(Object.assign(new Error('aborted'), { code: 'aborted' }));
    };
    signal.addEventListener('abort', stop, { once: true });
  });

/** Queues one message; it leaves at the network's next free slot. Null: the network's backlog is full. */
export async function queueContact(
  ctx: Context,
  network: string,
  message: ContactMessage,
  now = Date.now(),
): Promise<{ runAt: number } | null> {
  const runAt = await reserveSlot(ctx.db, network, now);
  if (runAt === null) return null;
  await enqueue(
    ctx.db,
    { kind: KIND, payload: { network, receivedAt: now, message } satisfies Payload, runAt },
    now,
  );
  return { runAt };
}

export function contactHandler(ctx: Context): JobHandler<Payload> {
  return {
    kind: KIND,
    async run(job, signal) {
      const { network, receivedAt, message } = job.payload;
      const to = ctx.config.file.contact?.to;
      if (!to || !ctx.mail.configured)
        throw Object.assign(new Error('not configured'), { code: 'mail_not_configured' });
      // Wait for the slot: another message of this network may have left a moment ago.
      for (;;) {
        const slot = await takeSendSlot(ctx.db, network, Date.now());
        if (slot === true) break;
        await sleep(Math.max(1, slot - Date.now()), signal);
      }
      try {
        await ctx.mail.send(contactMail(to, message, receivedAt));
      } catch (err) {
        throw Object.assign(new Error('mail not sent'), {
          code: err instanceof MailError ? `mail_${err.reason}` : 'mail_failed',
        });
      }
      const sentAt = Date.now();
      await markSent(ctx.db, network, sentAt);
      await sweepNetworks(ctx.db, sentAt).catch(() => {});
      return {
        result: { sent_at: sentAt },
        // Sent: the job row no longer needs the message.
        effects: async (trx) => {
          await replacePayload(trx, job.id, {});
        },
      };
    },
  };
}

/** The queue's runner: started only where mail is configured (elsewhere jobs wait for an instance that can send). */
export function startContactQueue(ctx: Context, log: Logger): Runner {
  const registry = new JobRegistry().register(contactHandler(ctx));
  return startRunner(
    ctx.db,
    registry,
    { concurrency: 4, pollMs: 500, leaseMs: 60_000, backoffMs: 5_000, maxBackoffMs: 600_000 },
    log,
  );
}

// One contact message per 10 seconds per network (an IPv4 address, an IPv6 /64), shared by
// every instance through the `contact_networks` table. Queuing reserves the next free
// slot (the job's run time), so a burst spreads out by itself; sending takes the slot for
// real just before the message leaves, so retries, restarts and late claims can never put
// two sends of one network closer than the interval.
import { createHmac } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/index.js';
import { networkOf } from '../../platform/identity/throttle.js';
import { kyselyOf } from './tables.js';

export const INTERVAL_MS = 10_000;
/** How far ahead one network may queue: 60 messages (beyond that, 429 until the queue drains). */
export const MAX_BACKLOG_MS = 60 * INTERVAL_MS;

/** The network's name in the database: a keyed hash, so no address is stored. */
export function networkKey(key: Buffer, address: string): string {
  return createHmac('sha256', key).update(networkOf(address)).digest('hex').slice(0, 32);
}

/**
 * Reserves the network's next slot; returns when the message may leave (now, or later), or
 * null when the network already has MAX_BACKLOG_MS of messages waiting.
 */
export async function reserveSlot(db: Db, network: string, now: number): Promise<number | null> {
  const next = now + INTERVAL_MS;
  const row = await sql<{ next_at: number | string }>`
    INSERT INTO contact_networks (network, next_at, last_sent_at) VALUES (${network}, ${next}, NULL)
    ON CONFLICT (network) DO UPDATE SET next_at =
      CASE WHEN contact_networks.next_at > ${now} THEN contact_networks.next_at ELSE ${now} END + ${INTERVAL_MS}
    WHERE contact_networks.next_at <= ${now + MAX_BACKLOG_MS}
    RETURNING next_at`.execute(db.kysely);
  const reserved = row.rows[0];
  return reserved ? Number(reserved.next_at) - INTERVAL_MS : null;
}

/**
 * Takes the send slot: true when the network sent nothing in the last interval (the send
 * time is written at once); otherwise the time from which to try again.
 */
export async function takeSendSlot(db: Db, network: string, now: number): Promise<true | number> {
  const p = db.kysely;
  const r = await p
    .updateTable('contact_networks')
    .set({ last_sent_at: now })
    .where('network', '=', network)
    .where((eb) => eb.or([eb('last_sent_at', 'is', null), eb('last_sent_at', '<=', now - INTERVAL_MS)]))
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 1) return true;
  const row = await p
    .selectFrom('contact_networks')
    .select('last_sent_at')
    .where('network', '=', network)
    .executeTakeFirst();
  if (!row) {
    // Swept while the message waited (a day in the queue): the network has sent nothing since.
    await p
      .insertInto('contact_networks')
      .values({ network, next_at: now, last_sent_at: null })
      .onConflict((oc) => oc.column('network').doNothing())
      .execute();
    return takeSendSlot(db, network, now);
  }
  return Number(row.last_sent_at ?? 0) + INTERVAL_MS;
}

/** After a send: the interval counts from when the server accepted the message. */
export async function markSent(db: Db, network: string, at: number): Promise<void> {
  await kyselyOf(db)
    .updateTable('contact_networks')
    .set({ last_sent_at: at })
    .where('network', '=', network)
    .execute();
}

/** Networks quiet for a day are forgotten. */
export async function sweepNetworks(db: Db, now: number): Promise<void> {
  const day = now - 86_400_000;
  await kyselyOf(db)
    .deleteFrom('contact_networks')
    .where('next_at', '<', day)
    .where((eb) => eb.or([eb('last_sent_at', 'is', null), eb('last_sent_at', '<', day)]))
    .execute();
}

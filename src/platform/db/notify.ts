// PostgreSQL LISTEN/NOTIFY between instances: one dedicated connection per listener (a
// pooled one would be handed to other queries), reconnected after a failure. Messages are
// hints that something changed, never the change itself: whoever listens still reads the
// database, and keeps a slow poll for the time a connection is down.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import pg from 'pg';

export interface Listener {
  close(): Promise<void>;
}

const RECONNECT_MS = 1_000;

export function pgListen(
  connectionString: string,
  channel: string,
  onMessage: (payload: string) => void,
): Listener {
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async () => {
    const c = new pg.Client({ connectionString });
    client = c;
    c.on('notification', (n) => {
      if (n.channel === channel && n.payload !== undefined) onMessage(n.payload);
    });
    c.on('error', () => reconnect(c));
    try {
      await c.connect();
      await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch {
      reconnect(c);
    }
  };
  const reconnect = (c: pg.Client) => {
    if (closed || client !== c) return;
    client = undefined;
    c.end().catch(() => {});
    retry = setTimeout(connect, RECONNECT_MS);
    retry.unref();
  };
  void connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => {});
    },
  };
}

// biome-ignore lint/suspicious/noExplicitAny: any database's handle will do for a bare statement
export async function pgNotify(db: Kysely<any>, channel: string, payload: string): Promise<void> {
  await sql`select pg_notify(${channel}, ${payload})`.execute(db);
}

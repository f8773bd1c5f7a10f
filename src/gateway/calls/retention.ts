// How long the request log keeps a call: the organisation's `request_log_days` (default 30,
// `svc org set --request-log-days`, the privacy settings route); calls of keys outside any
// organisation keep the default. The purge is a plain idempotent DELETE per organisation, so
// every instance may run it on its hourly timer without coordination.
import type { Kysely } from 'kysely';
import type { Logger } from '../../platform/logger.js';
import { LOG_DAYS } from '../orgs/store.js';
import type { GatewayTables } from '../tables.js';

const DAY_MS = 86_400_000;
const PURGE_EVERY_MS = 3_600_000;

/** Deletes every row past its organisation's retention; returns how many went. */
export async function purgeCallLog(db: Kysely<GatewayTables>, now: number): Promise<number> {
  let deleted = 0;
  const orgs = await db.selectFrom('organizations').select(['id', 'request_log_days']).execute();
  for (const org of orgs) {
    const r = await db
      .deleteFrom('call_log')
      .where('organization_id', '=', org.id)
      .where('at', '<', now - Number(org.request_log_days) * DAY_MS)
      .executeTakeFirst();
    deleted += Number(r.numDeletedRows);
  }
  const personal = await db
    .deleteFrom('call_log')
    .where('organization_id', 'is', null)
    .where('at', '<', now - LOG_DAYS.default * DAY_MS)
    .executeTakeFirst();
  return deleted + Number(personal.numDeletedRows);
}

/** The hourly purge of one instance; the returned function stops it. */
export function startCallLogPurge(db: Kysely<GatewayTables>, logger: Logger, now: () => number): () => void {
  const timer = setInterval(() => {
    purgeCallLog(db, now()).then(
      (n) => n > 0 && logger.info({ deleted: n }, 'request log purged'),
      (err: Error) => logger.warn({ err: err.name }, 'request log purge failed'),
    );
  }, PURGE_EVERY_MS).unref();
  return () => clearInterval(timer);
}

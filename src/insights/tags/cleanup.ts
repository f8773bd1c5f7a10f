// The contact-tag queue and its daily cleanup. A row is (tenant, contact, tag, local day it
// was received). A row becomes due once its day is over in the tenant's time zone, so a tag
// received in the morning is still there in the evening. Cleanup claims due rows with a
// short lease (several instances, or the CLI beside the server, never work on one row at
// once), removes the tag through the platform, and marks the row done right after — a run
// cut half-way resumes with the rows still pending. The platform's DELETE is idempotent
// (404 = already gone), which covers the one window a crash can leave (call made, row not
// yet marked).
import { sql } from 'kysely';
import type { Context } from '../../platform/context.js';
import type { Db } from '../../platform/db/index.js';
import { newId } from '../../platform/ids.js';
import type { Logger } from '../../platform/logger.js';
import { errorCode, isPermanent } from '../../platform/jobs/index.js';
import type { PlatformFor } from '../crm/for-tenant.js';
import { backoff, type InsightsSettings } from '../settings.js';
import { listTenants, type Tenant } from '../tenants/store.js';
import { localDay } from '../tz.js';
import { kyselyOf } from '../tables.js';

export async function queueTags(
  db: Db,
  tenant: Tenant,
  contactId: string,
  tags: string[],
  now: number,
): Promise<void> {
  const day = localDay(now, tenant.timeZone);
  await kyselyOf(db)
    .insertInto('insight_tag_queue')
    .values(
      tags.map((tag) => ({
        id: newId('itag'),
        tenant_id: tenant.id,
        contact_id: contactId,
        tag,
        day,
        received_at: now,
        status: 'pending',
        attempts: 0,
        next_attempt_at: 0,
        lease_until: 0,
        last_error: null,
        done_at: null,
      })),
    )
    // The same tag on the same contact twice in a day is one removal.
    .onConflict((oc) => oc.columns(['tenant_id', 'contact_id', 'tag', 'day']).doNothing())
    .execute();
}

export interface TenantReport {
  tenant: string;
  clientId: string;
  today: string;
  removed: number;
  /** Re-tagged today: the tag stays until the end of today. */
  superseded: number;
  retrying: number;
  failed: number;
  /** Dry run: what would be removed. */
  wouldRemove?: { contactId: string; tag: string; day: string }[];
}

const BATCH = 50;
const CLAIM_MS = 60_000;

async function claimDue(db: Db, tenant: Tenant, today: string, now: number) {
  const lock = db.dialect === 'postgres' ? sql`FOR UPDATE SKIP LOCKED` : sql``;
  const r = await sql<{ id: string; contact_id: string; tag: string; day: string; attempts: number }>`
    UPDATE insight_tag_queue SET lease_until = ${now + CLAIM_MS}
     WHERE id IN (SELECT id FROM insight_tag_queue
                   WHERE tenant_id = ${tenant.id} AND status = 'pending' AND day < ${today}
                     AND next_attempt_at <= ${now} AND lease_until < ${now}
                   ORDER BY received_at LIMIT ${BATCH} ${lock})
       AND status = 'pending' AND lease_until < ${now}
    RETURNING id, contact_id, tag, day, attempts`.execute(db.kysely);
  return r.rows;
}

async function cleanTenant(
  ctx: Context,
  tenant: Tenant,
  deps: { platform: PlatformFor; settings: InsightsSettings; dryRun: boolean; log: Logger },
): Promise<TenantReport> {
  const { settings } = deps;
  const db = ctx.db;
  const today = localDay(settings.now(), tenant.timeZone);
  const report: TenantReport = {
    tenant: tenant.id,
    clientId: tenant.clientId,
    today,
    removed: 0,
    superseded: 0,
    retrying: 0,
    failed: 0,
  };

  if (deps.dryRun) {
    const rows = await kyselyOf(db)
      .selectFrom('insight_tag_queue')
      .select(['contact_id', 'tag', 'day'])
      .where('tenant_id', '=', tenant.id)
      .where('status', '=', 'pending')
      .where('day', '<', today)
      .orderBy('received_at')
      .execute();
    report.wouldRemove = rows.map((r) => ({ contactId: r.contact_id, tag: r.tag, day: r.day }));
    return report;
  }

  const done = (ids: { contact_id: string; tag: string }, status: 'removed' | 'superseded', now: number) =>
    // Every pending row of that contact and tag from past days: one removal covers them all.
    kyselyOf(db)
      .updateTable('insight_tag_queue')
      .set({ status, done_at: now, last_error: null })
      .where('tenant_id', '=', tenant.id)
      .where('contact_id', '=', ids.contact_id)
      .where('tag', '=', ids.tag)
      .where('day', '<', today)
      .where('status', '=', 'pending')
      .executeTakeFirst();

  let platform: ReturnType<PlatformFor> | undefined;
  for (;;) {
    const rows = await claimDue(db, tenant, today, settings.now());
    if (rows.length === 0) break;
    for (const row of rows) {
      const now = settings.now();
      // An earlier row of this batch may have covered this one (same contact and tag, older day).
      const still = await kyselyOf(db)
        .selectFrom('insight_tag_queue')
        .select('status')
        .where('id', '=', row.id)
        .executeTakeFirst();
      if (still?.status !== 'pending') continue;
      const retagged = await kyselyOf(db)
        .selectFrom('insight_tag_queue')
        .select('id')
        .where('tenant_id', '=', tenant.id)
        .where('contact_id', '=', row.contact_id)
        .where('tag', '=', row.tag)
        .where('day', '>=', today)
        .executeTakeFirst();
      if (retagged) {
        report.superseded += Number((await done(row, 'superseded', now)).numUpdatedRows);
        continue;
      }
      try {
        platform ??= deps.platform(tenant);
        await platform.removeTag(row.contact_id, row.tag);
        report.removed += Number((await done(row, 'removed', settings.now())).numUpdatedRows) > 0 ? 1 : 0;
      } catch (err) {
        const code = errorCode(err);
        const attempts = row.attempts + 1;
        const failed = attempts >= settings.cleanupMaxAttempts || isPermanent(err);
        await kyselyOf(db)
          .updateTable('insight_tag_queue')
          .set({
            status: failed ? 'failed' : 'pending',
            attempts,
            last_error: code,
            lease_until: 0,
            next_attempt_at: failed ? 0 : now + backoff(settings, attempts),
          })
          .where('id', '=', row.id)
          .where('status', '=', 'pending')
          .execute();
        if (failed) {
          report.failed++;
          deps.log.error({ tenant: tenant.clientId, row: row.id, code, attempts }, 'tag cleanup failed');
        } else {
          report.retrying++;
          deps.log.warn({ tenant: tenant.clientId, row: row.id, code, attempts }, 'tag cleanup will retry');
        }
      }
    }
  }
  return report;
}

export async function runCleanup(
  ctx: Context,
  deps: {
    platform: PlatformFor;
    settings: InsightsSettings;
    log: Logger;
    tenantId?: string;
    dryRun?: boolean;
  },
): Promise<TenantReport[]> {
  const tenants = (await listTenants(ctx.db.kysely)).filter(
    (t) => deps.tenantId === undefined || t.id === deps.tenantId || t.clientId === deps.tenantId,
  );
  const reports: TenantReport[] = [];
  for (const tenant of tenants) {
    const report = await cleanTenant(ctx, tenant, { ...deps, dryRun: deps.dryRun ?? false });
    if (report.removed + report.superseded + report.retrying + report.failed > 0)
      deps.log.info({ ...report, wouldRemove: undefined }, 'tag cleanup run');
    reports.push(report);
  }
  return reports;
}

/**
 * The scheduler: a sweep every `cleanupTickMs` (a minute by default). Rows only become due
 * when their tenant's day has ended, so the sweep right after each tenant's local midnight
 * does that day's cleanup, and later sweeps pick up retries and anything missed while down.
 */
export function startCleanupScheduler(
  ctx: Context,
  deps: { platform: PlatformFor; settings: InsightsSettings; log: Logger },
): { stop(): Promise<void>; runNow(): Promise<void> } {
  let stopped = false;
  let current: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  const sweep = (): Promise<void> => {
    current ??= runCleanup(ctx, deps)
      .then(() => undefined)
      .catch((err) => deps.log.error({ error: (err as Error).name }, 'tag cleanup sweep failed'))
      .finally(() => {
        current = undefined;
        if (!stopped) {
          clearTimeout(timer);
          timer = setTimeout(() => void sweep(), deps.settings.cleanupTickMs);
        }
      });
    return current;
  };
  timer = setTimeout(() => void sweep(), Math.min(1_000, deps.settings.cleanupTickMs));
  return {
    runNow: sweep,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current;
    },
  };
}

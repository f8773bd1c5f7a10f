// `GET /api/metrics` from real counters: visits from the funnel archive, requests from the
// usage records, tenants from organisations; with the operator token, the house ledger.
import type { Db } from '../../platform/db/index.js';
import { lastDays } from '../../platform/days.js';
import type { FunnelStore } from '../telemetry/funnel-store.js';
import { PRODUCT_ID } from '../product.js';
import { acrossFolders } from '../tables.js';

/**
 * The house ledger's figures for the operator. The ledger lives with billing; until it is
 * wired here this returns null, which the answer shows as `ledger: null` (not measured).
 */
export type HouseLedger = (db: Db, options: { days: number }) => Promise<unknown | null>;

export const noLedger: HouseLedger = async () => null;

export interface MetricsDeps {
  db: Db;
  now: () => number;
  funnel: FunnelStore;
  houseLedger: HouseLedger;
}

export interface Metrics {
  app: string;
  today: string;
  days: Array<{ day: string; visits: number }>;
  usage: { requests: { today: number; days: Array<{ day: string; requests: number }> } };
  accounts: { tenants: number };
  ledger?: unknown;
}

/** Requests per UTC day from the usage records, over the given days. */
export async function requestsByDay(db: Db, days: string[]): Promise<Map<string, number>> {
  const rows = await acrossFolders(db)
    .selectFrom('usage_daily')
    .select((eb) => ['day', eb.fn.sum<number>('requests').as('requests')])
    .where('day', '>=', days[0]!)
    .where('day', '<=', days[days.length - 1]!)
    .groupBy('day')
    .execute();
  return new Map(rows.map((r) => [r.day, Number(r.requests)]));
}

export async function countRows(db: Db, table: 'organizations' | 'accounts'): Promise<number> {
  const row = await acrossFolders(db)
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function metrics(deps: MetricsDeps, operator: boolean): Promise<Metrics> {
  const now = deps.now();
  const days = lastDays(now, 7);
  const today = days[days.length - 1]!;
  const [visits, requests, tenants] = await Promise.all([
    deps.funnel.visits(days),
    requestsByDay(deps.db, days),
    countRows(deps.db, 'organizations'),
  ]);
  const out: Metrics = {
    app: PRODUCT_ID,
    today,
    days: days.map((day) => ({ day, visits: visits.get(day)?.visits ?? 0 })),
    usage: {
      requests: {
        today: requests.get(today) ?? 0,
        days: days.map((day) => ({ day, requests: requests.get(day) ?? 0 })),
      },
    },
    accounts: { tenants },
  };
  if (operator) out.ledger = await deps.houseLedger(deps.db, { days: 7 });
  return out;
}

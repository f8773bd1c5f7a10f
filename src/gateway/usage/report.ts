// Usage for people: requests and tokens per UTC day and per model, for the account's own
// keys or for one organisation, from the daily usage rows the model routes write.
import type { Kysely } from 'kysely';
import { utcDay } from '../../platform/days.js';
import type { GatewayTables } from '../tables.js';

export interface UsageTotals {
  requests: number;
  input_tokens: number;
  output_tokens: number;
}

export interface UsageReport {
  from: string;
  to: string;
  days: (UsageTotals & { day: string })[];
  models: (UsageTotals & { model: string })[];
}

export type UsageOwner = { accountId: string } | { organizationId: string };

const DAY_MS = 86_400_000;

/** The last `days` UTC days up to `now`, every day present (zeros where nothing was used). */
export async function usageReport(
  db: Kysely<GatewayTables>,
  owner: UsageOwner,
  days: number,
  now = Date.now(),
): Promise<UsageReport> {
  const to = utcDay(now);
  const from = utcDay(now - (days - 1) * DAY_MS);
  let query = db
    .selectFrom('usage_daily')
    .select(['day', 'model', 'requests', 'input_tokens', 'output_tokens'])
    .where('day', '>=', from)
    .where('day', '<=', to);
  query =
    'organizationId' in owner
      ? query.where('organization_id', '=', owner.organizationId)
      : query.where('account_id', '=', owner.accountId).where('organization_id', 'is', null);
  const rows = await query.execute();

  const byDay = new Map<string, UsageTotals & { day: string }>();
  for (let i = days - 1; i >= 0; i--) {
    const day = utcDay(now - i * DAY_MS);
    byDay.set(day, { day, requests: 0, input_tokens: 0, output_tokens: 0 });
  }
  const byModel = new Map<string, UsageTotals & { model: string }>();
  for (const r of rows) {
    add(byDay.get(r.day), r);
    const m = byModel.get(r.model) ?? { model: r.model, requests: 0, input_tokens: 0, output_tokens: 0 };
    add(m, r);
    byModel.set(r.model, m);
  }
  return {
    from,
    to,
    days: [...byDay.values()],
    models: [...byModel.values()].sort(
      (a, b) => b.input_tokens + b.output_tokens - (a.input_tokens + a.output_tokens),
    ),
  };
}

function add(target: UsageTotals | undefined, row: UsageTotals): void {
  if (!target) return;
  target.requests += Number(row.requests);
  target.input_tokens += Number(row.input_tokens);
  target.output_tokens += Number(row.output_tokens);
}

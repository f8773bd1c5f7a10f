// Usage per key, member, model or day from the request log: calls, tokens and cost in a
// period, in the reader's scope (a member sees their own calls only).
import { type Kysely, sql } from 'kysely';
import type { Reader } from './access.js';
import { usd } from './csv.js';
import { ACTIONS, type FindingCounts } from './note.js';
import type { Period } from './period.js';
import type { GatewayTables } from '../tables.js';

export const USAGE_BY = ['key', 'member', 'model', 'day'] as const;
export type UsageBy = (typeof USAGE_BY)[number];

const COLUMN = {
  key: 'c.key_id',
  member: 'c.account_id',
  model: 'c.model_used',
  day: 'c.day',
} as const;

export interface UsageGroup {
  /** The key id, account id, model id or day. */
  id: string | null;
  /** A key's name or a member's e-mail; absent for models and days. */
  label: string | null;
  calls: number;
  input_tokens: number;
  output_tokens: number;
  cost_usd: string;
  /** `by=day` only: personal-data items found that day per category (the dashboard's chart). */
  found?: Record<string, number>;
}

export async function usageBy(
  db: Kysely<GatewayTables>,
  reader: Reader,
  by: UsageBy,
  period: Period,
): Promise<UsageGroup[]> {
  const column = COLUMN[by];
  let q = db
    .selectFrom('call_log as c')
    .select([
      sql<string | null>`${sql.ref(column)}`.as('id'),
      (eb) => eb.fn.countAll<number>().as('calls'),
      (eb) => eb.fn.sum<number>('c.input_tokens').as('input_tokens'),
      (eb) => eb.fn.sum<number>('c.output_tokens').as('output_tokens'),
      (eb) => eb.fn.sum<number>('c.cost_micros').as('cost_micros'),
    ])
    .where('c.organization_id', '=', reader.organization.id)
    .where('c.day', '>=', period.from)
    .where('c.day', '<=', period.to)
    .groupBy(column);
  if (reader.onlyAccount) q = q.where('c.account_id', '=', reader.onlyAccount);
  const rows = await q.execute();
  const labels = await labelsOf(
    db,
    by,
    rows.map((r) => r.id).filter((id): id is string => id !== null),
  );
  const groups = rows.map((r) => ({
    id: r.id,
    label: (r.id !== null && labels.get(r.id)) || null,
    calls: Number(r.calls),
    input_tokens: Number(r.input_tokens),
    output_tokens: Number(r.output_tokens),
    cost_micros: Number(r.cost_micros),
  }));
  groups.sort((a, b) =>
    by === 'day'
      ? String(a.id).localeCompare(String(b.id))
      : b.cost_micros - a.cost_micros || b.calls - a.calls,
  );
  const found = by === 'day' ? await foundPerDay(db, reader, period) : undefined;
  return groups.map(({ cost_micros, ...g }) => ({
    ...g,
    cost_usd: usd(cost_micros),
    ...(found ? { found: found.get(String(g.id)) ?? {} } : {}),
  }));
}

/** Items found per day and category, whatever the policy did with them (counts from the JSON column). */
async function foundPerDay(
  db: Kysely<GatewayTables>,
  reader: Reader,
  period: Period,
): Promise<Map<string, Record<string, number>>> {
  let q = db
    .selectFrom('call_log as c')
    .select(['c.day', 'c.findings'])
    .where('c.organization_id', '=', reader.organization.id)
    .where('c.day', '>=', period.from)
    .where('c.day', '<=', period.to)
    .where('c.findings', '!=', '{}');
  if (reader.onlyAccount) q = q.where('c.account_id', '=', reader.onlyAccount);
  const out = new Map<string, Record<string, number>>();
  for (const r of await q.execute()) {
    const day = out.get(r.day) ?? {};
    for (const [category, counts] of Object.entries(JSON.parse(r.findings) as FindingCounts))
      day[category] = (day[category] ?? 0) + ACTIONS.reduce((n, a) => n + counts[a], 0);
    out.set(r.day, day);
  }
  return out;
}

async function labelsOf(db: Kysely<GatewayTables>, by: UsageBy, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  if (by === 'key') {
    const rows = await db.selectFrom('api_keys').select(['id', 'name']).where('id', 'in', ids).execute();
    return new Map(rows.map((r) => [r.id, r.name]));
  }
  if (by === 'member') {
    const rows = await db.selectFrom('accounts').select(['id', 'email']).where('id', 'in', ids).execute();
    return new Map(rows.map((r) => [r.id, r.email]));
  }
  return new Map();
}

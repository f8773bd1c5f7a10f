// Monthly use against the plan's limits. The check and the increment are one conditional
// UPDATE, so two requests racing for the last unit cannot both get it.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { ContractsError } from '../errors.js';
import { limitsOf, type PlanLimits } from './plans.js';
import type { ContractsTables } from '../tables.js';

export type UsageKind = keyof PlanLimits;

const WHAT: Record<UsageKind, string> = {
  contracts: 'contratos enviados',
  analyses: 'análises de risco',
  chat_messages: 'perguntas no chat',
};

/** "2025-03": months are UTC calendar months. */
export function periodOf(now: number): string {
  return new Date(now).toISOString().slice(0, 7);
}

export function nextPeriodStart(now: number): number {
  const d = new Date(now);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
}

export async function usageOf(
  db: Kysely<ContractsTables>,
  userId: string,
  now: number,
): Promise<Record<UsageKind, number>> {
  const rows = await db
    .selectFrom('contract_usage')
    .select(['kind', 'used'])
    .where('user_id', '=', userId)
    .where('period', '=', periodOf(now))
    .execute();
  const out = { contracts: 0, analyses: 0, chat_messages: 0 };
  for (const row of rows) if (row.kind in out) out[row.kind as UsageKind] = Number(row.used);
  return out;
}

/** Takes one unit of this month's allowance, or throws PLAN_LIMIT_REACHED (until next month). */
export async function consume(
  db: Kysely<ContractsTables>,
  user: { id: string; plan: string },
  kind: UsageKind,
  now: number,
): Promise<void> {
  const period = periodOf(now);
  const limit = limitsOf(user.plan)[kind];
  await db
    .insertInto('contract_usage')
    .values({ user_id: user.id, period, kind, used: 0 })
    .onConflict((oc) => oc.columns(['user_id', 'period', 'kind']).doNothing())
    .execute();
  const result = await db
    .updateTable('contract_usage')
    .set({ used: sql<number>`used + 1` })
    .where('user_id', '=', user.id)
    .where('period', '=', period)
    .where('kind', '=', kind)
    .where('used', '<', limit)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) {
    const seconds = Math.max(1, Math.ceil((nextPeriodStart(now) - now) / 1000));
    throw new ContractsError('PLAN_LIMIT_REACHED', { what: WHAT[kind], limit }, seconds);
  }
}

/** Gives the unit back when the work it paid for failed before producing anything. */
export async function release(
  db: Kysely<ContractsTables>,
  userId: string,
  kind: UsageKind,
  now: number,
): Promise<void> {
  await db
    .updateTable('contract_usage')
    .set({ used: sql<number>`used - 1` })
    .where('user_id', '=', userId)
    .where('period', '=', periodOf(now))
    .where('kind', '=', kind)
    .where('used', '>', 0)
    .execute();
}

// The user's overview: totals, the risk distribution of their analyses, the latest ones,
// unread notifications and this month's use of the plan.
import type { ContractsDeps } from '../deps.js';
import { listAnalyses } from '../analyses/analysis.js';
import { countUnread } from '../notifications/store.js';
import { limitsOf } from '../subscriptions/plans.js';
import type { RiskLevel } from '../analyses/rules.js';
import { periodOf, usageOf } from '../subscriptions/usage.js';
import type { ContractUser } from '../users/store.js';

export async function dashboard(deps: ContractsDeps, user: ContractUser) {
  const now = deps.now();
  const [contracts, byRisk, recent, unread, used] = await Promise.all([
    deps.db
      .selectFrom('contract_documents')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow(),
    deps.db
      .selectFrom('contract_analyses')
      .select(['overall_risk', (eb) => eb.fn.countAll<number>().as('n')])
      .where('user_id', '=', user.id)
      .groupBy('overall_risk')
      .execute(),
    listAnalyses(deps, user.id, { limit: 5, offset: 0 }),
    countUnread(deps.db, user.id),
    usageOf(deps.db, user.id, now),
  ]);
  const distribution: Record<RiskLevel, number> = { low: 0, medium: 0, high: 0 };
  for (const row of byRisk) distribution[row.overall_risk as RiskLevel] = Number(row.n);
  return {
    totals: {
      contracts: Number(contracts.n),
      analyses: distribution.low + distribution.medium + distribution.high,
      unread_notifications: unread,
    },
    risk_distribution: distribution,
    recent_analyses: recent.items,
    usage: { period: periodOf(now), used, limits: limitsOf(user.plan) },
  };
}

// Plans of the contract API and their monthly limits. Plan ids are identifiers (English
// conventions aside, they are what people see on invoices, so Portuguese words).
export const PLANS = ['gratuito', 'profissional', 'empresarial'] as const;
export type Plan = (typeof PLANS)[number];

export const DEFAULT_PLAN: Plan = 'gratuito';

/** What a plan allows per calendar month (UTC). */
export interface PlanLimits {
  contracts: number;
  analyses: number;
  chat_messages: number;
}

export const PLAN_LIMITS: Record<Plan, PlanLimits> = {
  gratuito: { contracts: 5, analyses: 10, chat_messages: 20 },
  profissional: { contracts: 100, analyses: 300, chat_messages: 1000 },
  empresarial: { contracts: 2000, analyses: 6000, chat_messages: 20000 },
};

export const PLAN_NAMES: Record<Plan, string> = {
  gratuito: 'Gratuito',
  profissional: 'Profissional',
  empresarial: 'Empresarial',
};

export function isPlan(value: string): value is Plan {
  return (PLANS as readonly string[]).includes(value);
}

/** A stored plan that is no longer offered counts as the free one, never as unlimited. */
export function limitsOf(plan: string): PlanLimits {
  return isPlan(plan) ? PLAN_LIMITS[plan] : PLAN_LIMITS[DEFAULT_PLAN];
}

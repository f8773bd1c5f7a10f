// The period of a usage or records query: `from` and `to` as UTC days, both included;
// absent, the last 30 days. A wrong day or a reversed or too long period is a 400.
import { isUtcDay, utcDay } from '../../platform/days.js';
import { invalidParam } from '../../platform/http/errors.js';

const DAY_MS = 86_400_000;
export const MAX_PERIOD_DAYS = 366;

export interface Period {
  from: string;
  to: string;
}

export function periodOf(q: { from?: string; to?: string }, now: number): Period {
  for (const param of ['from', 'to'] as const) {
    const v = q[param];
    if (v !== undefined && !isUtcDay(v)) throw invalidParam(param, `${param} deve ser uma data AAAA-MM-DD.`);
  }
  const to = q.to ?? utcDay(now);
  const from = q.from ?? utcDay(Date.parse(`${to}T00:00:00Z`) - 29 * DAY_MS);
  const span = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS;
  if (span < 0) throw invalidParam('from', 'from deve ser anterior ou igual a to.');
  if (span >= MAX_PERIOD_DAYS)
    throw invalidParam('from', `O período deve ter no máximo ${MAX_PERIOD_DAYS} dias.`);
  return { from, to };
}

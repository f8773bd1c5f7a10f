// The dashboard's view of an organisation's request log: cost per day and the personal data
// the barrier found per category per day (what a DPO looks for first), each chart with its
// table and CSV (charts.tsx).
import { useEffect, useState } from 'preact/hooks';
import { describe } from '../api.js';
import { categoryName } from '../categories.js';
import { Chart } from '../charts.js';
import { day, usd } from '../format.js';
import type { Reply } from '../api.js';
import { daysAgo, daysBetween, orgUsage } from '../org-usage.js';
import { Problem } from '../ui.js';

/** More categories than colours would repeat colours: the rest are summed as "Outras". */
const MAX_SERIES = 5;

export function Tendencias(props: { orgId: string; days: number }) {
  const [usage, setUsage] = useState<Reply<'GET /api/account/organizations/{id}/usage'> | null>(null);
  const [problem, setProblem] = useState('');
  useEffect(() => {
    setProblem('');
    orgUsage(props.orgId, 'day', daysAgo(props.days - 1))
      .then(setUsage)
      .catch((err) => setProblem(describe(err)));
  }, [props.orgId, props.days]);
  if (problem) return <Problem text={problem} />;
  if (!usage) return null;
  const days = daysBetween(usage.from, usage.to);
  const byDay = new Map(usage.groups.map((g) => [g.id, g]));
  const labels = days.map(day);
  const totals = new Map<string, number>();
  for (const g of usage.groups)
    for (const [c, n] of Object.entries(g.found ?? {})) totals.set(c, (totals.get(c) ?? 0) + n);
  const ranked = [...totals.entries()].sort((a, b) => b[1] - a[1]).map(([c]) => c);
  const shown = ranked.slice(0, MAX_SERIES);
  const rest = ranked.slice(MAX_SERIES);
  const found = (d: string, cats: string[]) => cats.reduce((n, c) => n + (byDay.get(d)?.found?.[c] ?? 0), 0);
  const series = shown.map((c) => ({ label: categoryName(c), values: days.map((d) => found(d, [c])) }));
  if (rest.length > 0) series.push({ label: 'Outras', values: days.map((d) => found(d, rest)) });
  return (
    <div class="charts-grid">
      <Chart
        title="Custo por dia (US$)"
        labels={labels}
        series={[{ label: 'Custo', values: days.map((d) => Number(byDay.get(d)?.cost_usd ?? 0)) }]}
        format={usd}
      />
      <Chart
        title="Dados pessoais encontrados por categoria"
        labels={labels}
        series={series.length > 0 ? series : [{ label: 'Itens', values: days.map(() => 0) }]}
        kind="line"
        integer
      />
    </div>
  );
}

// Uso, for an organisation: calls, tokens and cost per key and per model in the last 30
// days, from the request log — each a chart with the same figures in a table beside it.
import { useEffect, useState } from 'preact/hooks';
import { describe } from '../api.js';
import { Chart } from '../charts.js';
import { number, usd } from '../format.js';
import { daysAgo, orgUsage, type UsageGroup } from '../org-usage.js';
import { Problem } from '../ui.js';

const BY = [
  { by: 'key', title: 'Por chave', heading: 'Chave' },
  { by: 'model', title: 'Por modelo', heading: 'Modelo' },
] as const;

export function UsoDetalhe(props: { orgId: string }) {
  const [groups, setGroups] = useState<Record<string, UsageGroup[]> | null>(null);
  const [problem, setProblem] = useState('');
  useEffect(() => {
    setProblem('');
    Promise.all(BY.map((b) => orgUsage(props.orgId, b.by, daysAgo(29))))
      .then(([key, model]) => setGroups({ key: key!.groups, model: model!.groups }))
      .catch((err) => setProblem(describe(err)));
  }, [props.orgId]);
  if (problem) return <Problem text={problem} />;
  if (!groups) return null;
  return (
    <>
      {BY.map((b) => {
        const rows = groups[b.by] ?? [];
        const name = (g: UsageGroup) => g.label ?? g.id ?? 'recusada antes do modelo';
        return (
          <div key={b.by} class="charts-grid">
            <Chart
              title={`Custo ${b.title.toLowerCase()}, últimos 30 dias (US$)`}
              labels={rows.map(name)}
              labelHeading={b.heading}
              series={[{ label: 'Custo', values: rows.map((g) => Number(g.cost_usd)) }]}
              kind="bar"
              format={usd}
            />
            <div class="table-wrap">
              <table class="cards">
                <caption>{`${b.title}: chamadas, tokens e custo`}</caption>
                <thead>
                  <tr>
                    <th scope="col">{b.heading}</th>
                    <th scope="col">Chamadas</th>
                    <th scope="col">Tokens</th>
                    <th scope="col">Custo</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.length === 0 ? (
                    <tr>
                      <td colSpan={4}>Nenhuma chamada no período.</td>
                    </tr>
                  ) : (
                    rows.map((g) => (
                      <tr key={String(g.id)}>
                        <td data-label={b.heading}>{name(g)}</td>
                        <td data-label="Chamadas">{number(g.calls)}</td>
                        <td data-label="Tokens">{number(g.input_tokens + g.output_tokens)}</td>
                        <td data-label="Custo">{usd(Number(g.cost_usd))}</td>
                      </tr>
                    ))
                  )}
                </tbody>
              </table>
            </div>
          </div>
        );
      })}
    </>
  );
}

// Painel: the dashboard at `/` for someone signed in — the period's totals, requests and
// tokens per day as charts with axes, values and tooltips (each with its table and CSV),
// and tokens per model; for the account's own keys or one of its organisations (and then its
// cost and the personal data found per category over time, painel-tendencias.tsx).
import { useEffect, useState } from 'preact/hooks';
import { api, describe, type Reply } from '../api.js';
import { BarList, Chart } from '../charts.js';
import { day, number } from '../format.js';
import { EmptyState, type Org, OrgSelect, PageHead, Problem, Stat } from '../ui.js';
import { Tendencias } from './painel-tendencias.js';

/** GET /api/account/usage: requests and tokens per day and per model. */
type Report = Reply<'GET /api/account/usage'>;
type Totals = Omit<Report['days'][number], 'day'>;

const PERIODS = [7, 30, 90];

export function Painel() {
  const [orgs, setOrgs] = useState<Org[] | null>(null);
  const [owner, setOwner] = useState('');
  const [days, setDays] = useState(30);
  const [report, setReport] = useState<Report | null>(null);
  const [problem, setProblem] = useState('');

  useEffect(() => {
    api('GET /api/account/organizations')
      .then((r) => {
        setOrgs(r.organizations);
        // An organisation's traffic is what most people come to see; the first one opens.
        if (r.organizations[0]) setOwner(r.organizations[0].id);
      })
      .catch((err) => {
        setOrgs([]);
        setProblem(describe(err));
      });
  }, []);
  useEffect(() => {
    if (orgs === null) return;
    setProblem('');
    api('GET /api/account/usage', { query: { days: String(days), organizationId: owner || undefined } })
      .then(setReport)
      .catch((err) => setProblem(describe(err)));
  }, [owner, days, orgs]);

  const sum = (k: keyof Totals) => report?.days.reduce((s, d) => s + d[k], 0) ?? 0;
  const labels = report?.days.map((d) => day(d.day)) ?? [];
  const quiet = report !== null && sum('requests') === 0;

  return (
    <section>
      <PageHead title="Painel">Uso das chaves e do console, por dia e por modelo (dias em UTC).</PageHead>
      <div class="row filters">
        <OrgSelect
          id="f-painel-owner"
          label="De quem"
          orgs={orgs ?? []}
          value={owner}
          onChange={setOwner}
          none="Minhas chaves pessoais"
        />
        <div class="field">
          <label for="f-painel-days">Período</label>
          <select
            id="f-painel-days"
            value={String(days)}
            onChange={(e) => setDays(Number((e.currentTarget as HTMLSelectElement).value))}
          >
            {PERIODS.map((p) => (
              <option key={p} value={String(p)}>
                Últimos {p} dias
              </option>
            ))}
          </select>
        </div>
      </div>
      <Problem text={problem} />
      {report === null ? (
        !problem && <p aria-live="polite">Carregando…</p>
      ) : (
        <>
          <ul class="stats" aria-label={`Totais de ${day(report.from)} a ${day(report.to)}`}>
            <Stat label="Requisições" value={number(sum('requests'))} hint={`${days} dias`} />
            <Stat label="Tokens de entrada" value={number(sum('input_tokens'))} />
            <Stat label="Tokens de saída" value={number(sum('output_tokens'))} />
            <Stat label="Modelos usados" value={number(report.models.length)} />
          </ul>
          {quiet && (
            <div class="card">
              <EmptyState title="Nenhuma requisição no período.">
                <p>
                  Crie uma chave em <a href="/chaves">Chaves de API</a> e faça a primeira chamada, ou
                  experimente a barreira em <a href="/privacidade">Privacidade</a>.
                </p>
              </EmptyState>
            </div>
          )}
          <div class="charts-grid">
            <Chart
              title="Requisições por dia"
              labels={labels}
              series={[{ label: 'Requisições', values: report.days.map((d) => d.requests) }]}
              integer
            />
            <Chart
              title="Tokens por dia"
              labels={labels}
              series={[
                { label: 'Entrada', values: report.days.map((d) => d.input_tokens) },
                { label: 'Saída', values: report.days.map((d) => d.output_tokens), color: '--chart-2' },
              ]}
              kind="line"
              integer
            />
          </div>
          {owner && <Tendencias orgId={owner} days={days} />}
          <BarList
            title="Tokens por modelo"
            heading="Modelo"
            valueHeading="Tokens"
            rows={report.models.map((m) => ({ label: m.model, value: m.input_tokens + m.output_tokens }))}
          />
        </>
      )}
    </section>
  );
}

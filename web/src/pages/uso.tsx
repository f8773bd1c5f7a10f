// Uso: requests per day and tokens per model, for the account's own keys or an organisation;
// for an organisation, also calls, tokens and cost per key and per model (uso-detalhe.tsx).
import { useEffect, useState } from 'preact/hooks';
import { api, describe, type Reply } from '../api.js';
import { BarChart } from '../chart.js';
import { day, number } from '../format.js';
import { type Org, OrgSelect, Problem } from '../ui.js';
import { UsoDetalhe } from './uso-detalhe.js';

/** GET /api/account/usage: requests and tokens per day and per model. */
type Report = Reply<'GET /api/account/usage'>;

export function Uso() {
  const [orgs, setOrgs] = useState<Org[]>([]);
  const [owner, setOwner] = useState('');
  const [report, setReport] = useState<Report | null>(null);
  const [problem, setProblem] = useState('');
  const [ready, setReady] = useState(false);

  useEffect(() => {
    Promise.all([api('GET /api/account/organizations'), api('GET /api/account/keys')])
      .then(([o, k]) => {
        setOrgs(o.organizations);
        // Open on whoever the traffic is: the owner of the most recently used key.
        const used = k.keys
          .filter((key) => key.lastUsedAt)
          .sort((a, b) => b.lastUsedAt!.localeCompare(a.lastUsedAt!));
        if (used[0]?.organizationId) setOwner(used[0].organizationId);
        setReady(true);
      })
      .catch(() => setReady(true));
  }, []);
  useEffect(() => {
    if (!ready) return;
    setProblem('');
    api('GET /api/account/usage', { query: { organizationId: owner || undefined } })
      .then(setReport)
      .catch((err) => setProblem(describe(err)));
  }, [owner, ready]);

  return (
    <section>
      <h1 tabIndex={-1}>Uso</h1>
      <OrgSelect
        id="f-owner"
        label="De quem"
        class="narrow"
        orgs={orgs}
        value={owner}
        onChange={setOwner}
        none="Minhas chaves pessoais"
      />
      <Problem text={problem} />
      {report && (
        <>
          <BarChart
            title={`Requisições por dia (UTC), ${day(report.from)} a ${day(report.to)}`}
            bars={report.days.map((d) => ({
              label: day(d.day),
              value: d.requests,
            }))}
          />
          <div class="table-wrap">
            <table class="cards">
              <caption>Tokens por modelo</caption>
              <thead>
                <tr>
                  <th scope="col">Modelo</th>
                  <th scope="col">Requisições</th>
                  <th scope="col">Tokens de entrada</th>
                  <th scope="col">Tokens de saída</th>
                </tr>
              </thead>
              <tbody>
                {report.models.length === 0 ? (
                  <tr>
                    <td colSpan={4}>Nenhum uso no período.</td>
                  </tr>
                ) : (
                  report.models.map((m) => (
                    <tr key={m.model}>
                      <td data-label="Modelo">{m.model}</td>
                      <td data-label="Requisições">{number(m.requests)}</td>
                      <td data-label="Tokens de entrada">{number(m.input_tokens)}</td>
                      <td data-label="Tokens de saída">{number(m.output_tokens)}</td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>
        </>
      )}
      {owner && <UsoDetalhe orgId={owner} />}
    </section>
  );
}

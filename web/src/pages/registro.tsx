// Registro: the organisation's request log — one row per model call with its key, route,
// model, status, latency, tokens, cost and how many personal data items were found per
// category (never the values). Filters by key, model, status and day; CSV download.
// Owners, administrators and the dpo see every call; a member sees their own.
import { useEffect, useState } from 'preact/hooks';
import { api, describe, type Reply } from '../api.js';
import type { Call } from '../wire.js';
import { categoryName } from '../categories.js';
import { dateTime, number, usd } from '../format.js';
import { daysAgo, orgPath, orgUsage, type OrgWithRole, type UsageGroup } from '../org-usage.js';
import { EmptyState, OrgSelect, PageHead, Problem } from '../ui.js';

const PAGE = 50;
const STATUSES = [
  { value: '', label: 'Todos' },
  { value: '2xx', label: 'Sucesso (2xx)' },
  { value: '4xx', label: 'Recusadas (4xx)' },
  { value: '5xx', label: 'Falhas (5xx)' },
];

function found(c: Call): string {
  const parts = Object.entries(c.findings).map(
    ([cat, n]) => `${categoryName(cat)}: ${n.masked + n.removed + n.refused + n.allowed}`,
  );
  return parts.length > 0 ? parts.join(', ') : 'nenhum';
}

export function Registro() {
  const [orgs, setOrgs] = useState<OrgWithRole[] | null>(null);
  const [org, setOrg] = useState('');
  const [keys, setKeys] = useState<UsageGroup[]>([]);
  const [filters, setFilters] = useState({ key: '', model: '', status: '', day: '' });
  const [page, setPage] = useState(1);
  const [answer, setAnswer] = useState<Reply<'GET /api/account/organizations/{id}/calls'> | null>(null);
  const [problem, setProblem] = useState('');

  useEffect(() => {
    api('GET /api/account/organizations')
      .then((r) => {
        setOrgs(r.organizations);
        if (r.organizations[0]) setOrg(r.organizations[0].id);
      })
      .catch((err) => {
        setOrgs([]);
        setProblem(describe(err));
      });
  }, []);
  useEffect(() => {
    if (!org) return;
    orgUsage(org, 'key', daysAgo(89))
      .then((u) => setKeys(u.groups))
      .catch(() => setKeys([]));
  }, [org]);
  const query = () => {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(filters)) if (v) q.set(k, v);
    return q;
  };
  useEffect(() => {
    if (!org) return;
    setProblem('');
    api('GET /api/account/organizations/{id}/calls', {
      params: { id: org },
      query: { ...Object.fromEntries(query()), page: String(page), limit: String(PAGE) },
    })
      .then(setAnswer)
      .catch((err) => setProblem(describe(err)));
  }, [org, filters, page]);

  const set = (name: keyof typeof filters) => (e: Event) => {
    setPage(1);
    setFilters({ ...filters, [name]: (e.currentTarget as HTMLInputElement).value.trim() });
  };
  const csv = new URLSearchParams(query());
  csv.set('format', 'csv');

  return (
    <section>
      <PageHead
        title="Registro"
        actions={
          org && (
            <a class="button secondary small" href={`${orgPath(org)}/calls?${csv}`} download="registro.csv">
              Baixar CSV
            </a>
          )
        }
      >
        Cada chamada aos modelos com as chaves da organização: quem, quando, qual modelo, quanto custou e
        quantos dados pessoais foram encontrados — nunca o texto nem os valores.
      </PageHead>
      {orgs !== null && orgs.length === 0 ? (
        <div class="card">
          <EmptyState title="Você não participa de nenhuma organização.">
            <p>O registro de chamadas é das organizações; veja o uso das chaves pessoais em Uso.</p>
          </EmptyState>
        </div>
      ) : (
        <div class="row filters">
          <OrgSelect
            id="f-registro-org"
            label="Organização"
            orgs={orgs ?? []}
            value={org}
            onChange={setOrg}
          />
          <div class="field">
            <label for="f-registro-key">Chave</label>
            <select id="f-registro-key" value={filters.key} onChange={set('key')}>
              <option value="">Todas</option>
              {keys.map((k) => (
                <option key={String(k.id)} value={k.id ?? ''}>
                  {k.label ?? k.id}
                </option>
              ))}
            </select>
          </div>
          <div class="field">
            <label for="f-registro-model">Modelo</label>
            <input id="f-registro-model" value={filters.model} placeholder="svc/…" onChange={set('model')} />
          </div>
          <div class="field">
            <label for="f-registro-status">Status</label>
            <select id="f-registro-status" value={filters.status} onChange={set('status')}>
              {STATUSES.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </select>
          </div>
          <div class="field">
            <label for="f-registro-day">Dia (UTC)</label>
            <input id="f-registro-day" type="date" value={filters.day} onChange={set('day')} />
          </div>
        </div>
      )}
      <Problem text={problem} />
      {answer && (
        <>
          <div class="table-wrap">
            <table class="cards">
              <caption>Chamadas, da mais recente à mais antiga</caption>
              <thead>
                <tr>
                  <th scope="col">Quando</th>
                  <th scope="col">Chave</th>
                  <th scope="col">Rota</th>
                  <th scope="col">Modelo</th>
                  <th scope="col">Status</th>
                  <th scope="col">Latência</th>
                  <th scope="col">Tokens</th>
                  <th scope="col">Custo</th>
                  <th scope="col">Dados pessoais</th>
                </tr>
              </thead>
              <tbody>
                {answer.calls.length === 0 ? (
                  <tr>
                    <td colSpan={9}>Nenhuma chamada com esses filtros.</td>
                  </tr>
                ) : (
                  answer.calls.map((c) => (
                    <tr key={c.id}>
                      <td data-label="Quando">{dateTime(c.at)}</td>
                      <td data-label="Chave">{c.key_name ?? c.key_id}</td>
                      <td data-label="Rota">{c.route}</td>
                      <td data-label="Modelo">{c.model_used ?? '—'}</td>
                      <td data-label="Status">{c.status}</td>
                      <td data-label="Latência">{`${number(c.latency_ms)} ms`}</td>
                      <td data-label="Tokens">{number(c.input_tokens + c.output_tokens)}</td>
                      <td data-label="Custo">{usd(Number(c.cost_usd))}</td>
                      <td data-label="Dados pessoais">{found(c)}</td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>
          <nav class="row" aria-label="Páginas do registro">
            <button
              type="button"
              class="secondary small"
              disabled={page === 1}
              onClick={() => setPage(page - 1)}
            >
              Anterior
            </button>
            <span aria-live="polite">Página {page}</span>
            <button
              type="button"
              class="secondary small"
              disabled={!answer.has_more}
              onClick={() => setPage(page + 1)}
            >
              Próxima
            </button>
          </nav>
        </>
      )}
    </section>
  );
}

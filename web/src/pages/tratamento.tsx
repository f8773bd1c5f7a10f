// Tratamento: the record of processing (LGPD art. 37; art. 33 for transfers abroad) for
// owners, administrators and the dpo — per day, key, route, vendor and region, the
// operations and the personal data found per category with what was done with them;
// CSV and JSON downloads. docs/records.md explains every column.
import { useEffect, useState } from 'preact/hooks';
import { api, describe, type Reply } from '../api.js';
import type { RecordRow } from '../wire.js';
import { categoryName } from '../categories.js';
import { day, number } from '../format.js';
import { daysAgo, orgPath, type OrgWithRole } from '../org-usage.js';
import { EmptyState, OrgSelect, PageHead, Problem, Stat } from '../ui.js';

type ProcessingRecord = Reply<'GET /api/account/organizations/{id}/records'>;
type Counts = ProcessingRecord['totals']['items'][string];

const READERS = new Set(['owner', 'admin', 'dpo']);

function items(counts: Record<string, Counts>): string {
  const parts = Object.entries(counts).map(([c, n]) => {
    const done = [
      n.masked && `${n.masked} mascarados`,
      n.removed && `${n.removed} removidos`,
      n.refused && `${n.refused} recusados`,
      n.allowed && `${n.allowed} enviados`,
    ].filter(Boolean);
    return `${categoryName(c)}: ${done.join(', ')}`;
  });
  return parts.length > 0 ? parts.join('; ') : 'nenhum';
}

const region = (r: RecordRow) =>
  r.vendor_region === 'local' ? 'no próprio gateway' : (r.vendor_region ?? 'não informada');

export function Tratamento() {
  const [orgs, setOrgs] = useState<OrgWithRole[] | null>(null);
  const [org, setOrg] = useState('');
  const [from, setFrom] = useState(daysAgo(29));
  const [to, setTo] = useState(daysAgo(0));
  const [record, setRecord] = useState<ProcessingRecord | null>(null);
  const [problem, setProblem] = useState('');

  useEffect(() => {
    api('GET /api/account/organizations')
      .then((r) => {
        const mine = r.organizations.filter((o) => READERS.has(o.role));
        setOrgs(mine);
        if (mine[0]) setOrg(mine[0].id);
      })
      .catch((err) => {
        setOrgs([]);
        setProblem(describe(err));
      });
  }, []);
  const period = new URLSearchParams({ from, to });
  useEffect(() => {
    if (!org) return;
    setProblem('');
    api('GET /api/account/organizations/{id}/records', { params: { id: org }, query: { from, to } })
      .then(setRecord)
      .catch((err) => setProblem(describe(err)));
  }, [org, from, to]);
  const download = (format: string) => `${orgPath(org)}/records?${period}&format=${format}`;
  const allowed = record ? Object.values(record.totals.items).reduce((n, c) => n + c.allowed, 0) : 0;

  return (
    <section>
      <PageHead
        title="Tratamento"
        actions={
          org && (
            <>
              <a class="button secondary small" href={download('csv')} download>
                Baixar CSV
              </a>
              <a class="button secondary small" href={download('json')} download="tratamento.json">
                Baixar JSON
              </a>
            </>
          )
        }
      >
        O registro das operações de tratamento (LGPD, art. 37) e os números da transferência internacional
        (art. 33): operações por chave, rota, fornecedor e região, e o que foi feito com cada dado pessoal.
      </PageHead>
      {orgs !== null && orgs.length === 0 ? (
        <div class="card">
          <EmptyState title="Nada para mostrar aqui.">
            <p>
              O registro de tratamento é visível para proprietários, administradores e o encarregado (papel
              dpo) de uma organização.
            </p>
          </EmptyState>
        </div>
      ) : (
        <div class="row filters">
          <OrgSelect id="f-trat-org" label="Organização" orgs={orgs ?? []} value={org} onChange={setOrg} />
          <div class="field">
            <label for="f-trat-from">De (UTC)</label>
            <input
              id="f-trat-from"
              type="date"
              value={from}
              max={to}
              onChange={(e) => setFrom((e.currentTarget as HTMLInputElement).value || daysAgo(29))}
            />
          </div>
          <div class="field">
            <label for="f-trat-to">Até (UTC)</label>
            <input
              id="f-trat-to"
              type="date"
              value={to}
              min={from}
              onChange={(e) => setTo((e.currentTarget as HTMLInputElement).value || daysAgo(0))}
            />
          </div>
        </div>
      )}
      <Problem text={problem} />
      {record && (
        <>
          <ul class="stats" aria-label={`Totais de ${day(record.from)} a ${day(record.to)}`}>
            <Stat label="Operações" value={number(record.totals.operations)} />
            <Stat
              label="Dados pessoais encontrados"
              value={number(
                Object.values(record.totals.items).reduce(
                  (n, c) => n + c.masked + c.removed + c.refused + c.allowed,
                  0,
                ),
              )}
            />
            <Stat label="Enviados sem máscara" value={number(allowed)} hint="categorias não mascaradas" />
          </ul>
          <div class="table-wrap">
            <table class="cards">
              <caption>Operações por dia, chave, rota, fornecedor e região</caption>
              <thead>
                <tr>
                  <th scope="col">Dia</th>
                  <th scope="col">Chave</th>
                  <th scope="col">Rota</th>
                  <th scope="col">Fornecedor</th>
                  <th scope="col">Região</th>
                  <th scope="col">Operações</th>
                  <th scope="col">Dados pessoais</th>
                </tr>
              </thead>
              <tbody>
                {record.rows.length === 0 ? (
                  <tr>
                    <td colSpan={7}>Nenhuma operação no período.</td>
                  </tr>
                ) : (
                  record.rows.map((r) => (
                    <tr key={`${r.day}${r.key_id}${r.route}${r.vendor}${r.vendor_region}`}>
                      <td data-label="Dia">{day(r.day)}</td>
                      <td data-label="Chave">{r.key_name ?? r.key_id}</td>
                      <td data-label="Rota">{r.route}</td>
                      <td data-label="Fornecedor">{r.vendor ?? 'nenhum (recusada)'}</td>
                      <td data-label="Região">{region(r)}</td>
                      <td data-label="Operações">
                        {number(r.operations)}
                        {r.failed_operations > 0 && ` (${number(r.failed_operations)} recusadas)`}
                      </td>
                      <td data-label="Dados pessoais">{items(r.items)}</td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>
          <p>
            "Mascarados" e "removidos" não chegaram ao fornecedor; "recusados" fizeram a chamada ser recusada;
            "enviados" são de categorias que a organização escolheu não mascarar. O significado de cada coluna
            está no guia do registro de tratamento (docs/records.md).
          </p>
        </>
      )}
    </section>
  );
}

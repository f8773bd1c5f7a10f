// Vitrine: the public showcase drawn from GET /api/vitrine (a cached document the collector
// publishes; figures are rounded there). Open to everyone, signed in or not.
import { useEffect, useState } from 'preact/hooks';
import { api, describe, type Reply } from '../api.js';
import type { ShowcaseWindow as Window } from '../wire.js';
import { BarChart } from '../chart.js';
import { dateTime, day, number } from '../format.js';
import { Problem } from '../ui.js';

type Showcase = Reply<'GET /api/vitrine'>;

export function Vitrine() {
  const [doc, setDoc] = useState<Showcase | null>(null);
  const [problem, setProblem] = useState('');
  useEffect(() => {
    api('GET /api/vitrine')
      .then(setDoc)
      .catch((err) => setProblem(describe(err)));
  }, []);

  return (
    <section>
      <h1 tabIndex={-1}>Vitrine</h1>
      <Problem text={problem} />
      {doc && !doc.publicado && <p>Os números ainda não foram publicados. Volte mais tarde.</p>}
      {doc?.publicado && (
        <>
          <p>
            {doc.nome ? `${doc.nome} — ` : ''}atualizado em {dateTime(doc.atualizado_em)}
            {doc.stale && <strong> (desatualizado: a coleta mais recente tem mais de 26 horas)</strong>}
          </p>
          {doc.janelas && (
            <div class="table-wrap">
              <table>
                <caption>Janelas de 7 e 30 dias</caption>
                <thead>
                  <tr>
                    <th scope="col">Medida</th>
                    <th scope="col">7 dias</th>
                    <th scope="col">30 dias</th>
                  </tr>
                </thead>
                <tbody>
                  <Line label="Páginas vistas por pessoas" get={(w) => w.paginas.pessoa} doc={doc} />
                  <Line label="Visitantes" get={(w) => w.visitantes} doc={doc} />
                  <Line label="Requisições à API" get={(w) => w.api} doc={doc} />
                  <Line label="Tokens processados" get={(w) => w.uso} doc={doc} />
                </tbody>
              </table>
            </div>
          )}
          {doc.dias && doc.dias.length > 0 && (
            <>
              <BarChart
                title="Requisições à API por dia (UTC)"
                bars={doc.dias.map((d) => ({
                  label: day(d.dia),
                  value: d.api,
                }))}
              />
              <BarChart
                title="Páginas vistas por dia (UTC)"
                bars={doc.dias.map((d) => ({
                  label: day(d.dia),
                  value: d.paginas,
                }))}
              />
            </>
          )}
        </>
      )}
    </section>
  );
}

function Line({ label, get, doc }: { label: string; get: (w: Window) => number; doc: Showcase }) {
  return (
    <tr>
      <th scope="row">{label}</th>
      <td>{number(get(doc.janelas!.d7))}</td>
      <td>{number(get(doc.janelas!.d30))}</td>
    </tr>
  );
}

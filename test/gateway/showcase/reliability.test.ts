// The two showcase figures the SPEC asks for that used to be null: `confiabilidade` (the
// share of the gateway's answers over 7 days that were not 5xx, probes left out, and the
// live build) and `apoio` (impressions and clicks per configured sponsor, reported through
// the funnel). Answers of two instances add up, through the database.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { Catalogue } from '../../../src/gateway/pipeline/catalogue.js';
import { createCollector } from '../../../src/gateway/showcase/index.js';
import { ANSWERS, ANSWERS_5XX } from '../../../src/gateway/showcase/reliability.js';
import { countsByDay } from '../../../src/gateway/telemetry/counters.js';
import { createTelemetry } from '../../../src/gateway/telemetry/index.js';
import { buildId } from '../../../src/platform/config/build-info.js';
import { utcDay } from '../../../src/platform/days.js';
import { waitFor } from '../../helpers/wait.js';
import {
  BROWSER_UA,
  type Gateways,
  gateways,
  type Instance,
  OPERATOR_TOKEN,
  ORIGIN,
} from '../telemetry/helpers.js';

const SPONSOR = {
  id: 'acme',
  nome: 'Acme Ltda',
  url: 'https://acme.example',
  frase: 'Acme apoia',
  espacos: ['rodape'],
  ate: '2999-12-31',
};

/** One funnel batch of sponsor events (`n` each, for sponsor `id`). */
function sponsorBatch(g: Instance, events: [string, string][]) {
  return fetch(`${g.url}/api/funil`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': BROWSER_UA, origin: ORIGIN },
    body: JSON.stringify({
      v: 1,
      vid: randomUUID(),
      sid: 's1',
      sn: 1,
      pv: 'p1',
      e: events.map(([n, id]) => ({ t: 'apoio', n, p: { patrocinador: id } })),
    }),
  });
}

describe('showcase: confiabilidade and apoio', () => {
  let gw: Gateways;
  before(async () => {
    gw = await gateways(2, {
      file: {
        showcase: { nome: 'Gateway svc', periodico: false },
        partners: { current_sponsors: [SPONSOR] },
      },
    });
  });
  after(async () => gw.dispose());

  it('counts the answers of both instances without 5xx, leaves probes out, and names the live build', async () => {
    const [a, b] = gw.list as [Instance, Instance];
    const today = [utcDay(gw.clock.now())];
    const counted = async (name: string) => (await countsByDay(a.ctx.db, name, today)).get(today[0]!) ?? 0;
    for (let i = 0; i < 10; i++) {
      assert.equal((await fetch(`${a.url}/api/vitrine`)).status, 200);
      assert.equal((await fetch(`${b.url}/api/pagamento`)).status, 200);
      assert.equal((await fetch(`${a.url}/api/health`)).status, 200);
    }
    // Asaas is not configured: 503, a 5xx answer.
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${b.url}/api/credito/asaas`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ oferta: { pacote: { usd: 1 } } }),
      });
      assert.equal(res.status, 503);
    }
    await waitFor('the answers written', async () => (await counted(ANSWERS)) === 25);
    assert.equal(await counted(ANSWERS_5XX), 5);

    const { funnel } = createTelemetry(a.ctx, gw.clock.now);
    const collector = createCollector(a.ctx, {
      funnel,
      catalogue: new Catalogue(a.ctx.config.file),
      now: gw.clock.now,
    });
    const exact = (await collector.collectNow('cli')) as { confiabilidade: unknown };
    assert.deepEqual(exact.confiabilidade, { sem_5xx_pct: 80, respostas: 25, build: buildId() });
    const published = (await (await fetch(`${a.url}/api/vitrine`)).json()) as { confiabilidade: unknown };
    assert.deepEqual(published.confiabilidade, { sem_5xx_pct: 80, respostas: 25, build: buildId() });
  });

  it('counts impressions and clicks per configured sponsor from the funnel', async () => {
    const [a, b] = gw.list as [Instance, Instance];
    assert.equal(
      (
        await sponsorBatch(a, [
          ['impressao', 'acme'],
          ['impressao', 'acme'],
          ['clique', 'acme'],
          ['impressao', 'desconhecido'],
        ])
      ).status,
      202,
    );
    assert.equal((await sponsorBatch(b, [['impressao', 'acme']])).status, 202);
    const { funnel } = createTelemetry(a.ctx, gw.clock.now);
    const collector = createCollector(a.ctx, {
      funnel,
      catalogue: new Catalogue(a.ctx.config.file),
      now: gw.clock.now,
    });
    await collector.collectNow('cli');
    const published = (await (await fetch(`${a.url}/api/vitrine`)).json()) as { apoio: unknown };
    assert.deepEqual(published.apoio, [
      { patrocinador: 'acme', nome: 'Acme Ltda', impressoes: 3, cliques: 1 },
    ]);
    const operator = (await (
      await fetch(`${a.url}/api/vitrine/operador`, { headers: { authorization: `Bearer ${OPERATOR_TOKEN}` } })
    ).json()) as { operador: { apoio: unknown } };
    assert.deepEqual(operator.operador.apoio, published.apoio);
  });
});

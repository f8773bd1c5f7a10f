// POST /api/contact: every field, alias and enum of the interface, each refusal a 400 whose
// `code` names the field; bad HTTP input gets its documented 4xx; nothing refused is
// queued. GET /api/partners: the document from configuration, cached for an hour.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startSmtp, type SmtpPeer } from '../../helpers/smtp.js';
import type { Wire } from '../../fakes/upstream.js';
import { contactConfig, listening, postContact } from './helpers.js';

const VALID = { name: 'Ana', email: 'ana@exemplo.com.br', message: 'Olá!' };

describe('POST /api/contact: fields', () => {
  let gw: Awaited<ReturnType<typeof listening>>;
  let smtp: SmtpPeer;
  before(async () => {
    smtp = await startSmtp();
    gw = await listening({ SMTP_URL: smtp.url, SVC_CONFIG: contactConfig() });
  });
  after(async () => {
    await gw.dispose();
    await smtp.close();
  });

  const jobs = async () =>
    Number(
      (
        await gw.ctx.db.kysely
          .selectFrom('jobs' as never)
          .select((eb) => eb.fn.countAll().as('n'))
          .where('kind' as never, '=', 'contact.send' as never)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('refuses each bad field with a 400 naming it', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ email: 'a@b.co', message: 'x' }, 'name'],
      [{ ...VALID, name: '' }, 'name'],
      [{ ...VALID, name: '   ' }, 'name'],
      [{ ...VALID, name: 42 }, 'name'],
      [{ ...VALID, name: 'x'.repeat(121) }, 'name'],
      [{ ...VALID, name: 'Ana\nBcc: x@y.z' }, 'name'],
      [{ email: 'a@b.co', message: 'x', nome: 7 }, 'nome'],
      [{ name: 'Ana', message: 'x' }, 'email'],
      [{ ...VALID, email: 'sem-arroba' }, 'email'],
      [{ ...VALID, email: ['a@b.co'] }, 'email'],
      [{ ...VALID, email: `${'a'.repeat(250)}@b.co` }, 'email'],
      [{ name: 'Ana', email: 'a@b.co' }, 'message'],
      [{ ...VALID, message: 'x'.repeat(5001) }, 'message'],
      [{ ...VALID, message: 'ok\u0000' }, 'message'],
      [{ name: 'Ana', email: 'a@b.co', mensagem: false }, 'mensagem'],
      [{ ...VALID, tipo: 'doacao' }, 'tipo'],
      [{ ...VALID, tipo: 1 }, 'tipo'],
      [{ ...VALID, tipo: 'parceria', empresa: 'x'.repeat(201) }, 'empresa'],
      [{ ...VALID, empresa: 3 }, 'empresa'],
      [{ ...VALID, site: 'tem espaço.com' }, 'site'],
      [{ ...VALID, site: 'x'.repeat(501) }, 'site'],
      [{ ...VALID, tipo: 'anuncio', orcamento: '1_milhao' }, 'orcamento'],
      [{ ...VALID, tipo: 'anuncio', espaco: 'rodape' }, 'espaco'],
      [{ ...VALID, tipo: 'anuncio', espaco: ['nao-existe'] }, 'espaco'],
      [{ ...VALID, tipo: 'anuncio', espaco: [1] }, 'espaco'],
      [
        {
          ...VALID,
          tipo: 'anuncio',
          espaco: ['rodape', 'espaco-a', 'espaco-b', 'espaco-c', 'espaco-d', 'espaco-e', 'espaco-f'],
        },
        'espaco',
      ],
      [{ ...VALID, tipo: 'anuncio', duracao: 60 }, 'duracao'],
      [{ ...VALID, tipo: 'anuncio', duracao: '7' }, 'duracao'],
      [{ ...VALID, tipo: 'anuncio', duracao: true }, 'duracao'],
      [{ ...VALID, tipo: 'anuncio', pagamento: 'pix' }, 'pagamento'],
      // Proposal fields need tipo.
      [{ ...VALID, orcamento: 'ate_100' }, 'tipo'],
      [{ ...VALID, espaco: ['rodape'] }, 'tipo'],
      [{ ...VALID, duracao: 30 }, 'tipo'],
      [{ ...VALID, pagamento: 'usdc' }, 'tipo'],
    ];
    const before = await jobs();
    for (const [body, field] of cases) {
      const res = await postContact(gw.origin, body);
      const json = (await res.json()) as Wire;
      assert.equal(res.status, 400, `${JSON.stringify(body).slice(0, 80)} → ${JSON.stringify(json)}`);
      assert.equal(json.code, field, JSON.stringify(body).slice(0, 80));
      assert.equal(json.error, 'invalid_request');
      assert.equal(typeof json.message, 'string');
      // The message never repeats what was sent.
      for (const v of Object.values(body)) {
        if (typeof v === 'string' && v.length > 3) assert.ok(!json.message.includes(v), json.message);
      }
    }
    assert.equal(await jobs(), before, 'nothing refused was queued');
  });

  it('accepts every field, alias and enum value', async () => {
    const bodies: Record<string, unknown>[] = [
      VALID,
      { nome: 'Ana', email: 'ana@exemplo.com.br', mensagem: 'Olá' },
      { ...VALID, name: null, nome: 'Ana' },
      { ...VALID, empresa: 'ACME', site: 'acme.example' },
    ];
    for (const tipo of ['patrocinio', 'parceria', 'anuncio']) bodies.push({ ...VALID, tipo });
    for (const orcamento of ['ate_100', '100_500', '500_2000', '2000_mais', 'a_combinar'])
      bodies.push({ ...VALID, tipo: 'patrocinio', orcamento });
    for (const duracao of [30, 90, 365, '30', '90', '365'])
      bodies.push({ ...VALID, tipo: 'anuncio', duracao });
    for (const pagamento of ['usdc', 'deposito', 'a_combinar'])
      bodies.push({ ...VALID, tipo: 'parceria', pagamento });
    bodies.push({
      ...VALID,
      tipo: 'patrocinio',
      espaco: ['rodape', 'espaco-a', 'espaco-b', 'espaco-c', 'espaco-d', 'espaco-e'],
      empresa: 'ACME',
      site: 'https://acme.example',
      orcamento: '500_2000',
      duracao: 365,
      pagamento: 'usdc',
    });
    const before = await jobs();
    for (const body of bodies) {
      const res = await postContact(gw.origin, body);
      assert.equal(res.status, 200, JSON.stringify(body));
      assert.deepEqual(await res.json(), { ok: true });
    }
    assert.equal(await jobs(), before + bodies.length);
  });

  it('answers bad HTTP input with its 4xx', async () => {
    const malformed = await postContact(gw.origin, '{"name": "Ana",');
    assert.equal(malformed.status, 400);
    assert.equal(((await malformed.json()) as Wire).error, 'invalid_json');
    for (const body of ['[]', '"texto"', '12', 'null']) {
      const res = await postContact(gw.origin, body);
      assert.equal(res.status, 400, body);
    }
    const array = await postContact(gw.origin, '[1]');
    assert.equal(((await array.json()) as Wire).code, 'body');
    const form = await postContact(gw.origin, 'name=Ana', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    assert.equal(form.status, 415);
    const big = await postContact(gw.origin, { ...VALID, message: 'x'.repeat(70 * 1024) });
    assert.equal(big.status, 413);
    const get = await fetch(`${gw.origin}/api/contact`);
    assert.equal(get.status, 405);
  });
});

describe('GET /api/partners', () => {
  let gw: Awaited<ReturnType<typeof listening>>;
  before(async () => {
    gw = await listening({ SVC_CONFIG: contactConfig(), PUBLIC_ORIGIN: 'https://svc.example' });
  });
  after(() => gw.dispose());

  it('serves the partners document from configuration, cached for an hour', async () => {
    const res = await fetch(`${gw.origin}/api/partners`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('cache-control'), 'public, max-age=3600');
    const doc = (await res.json()) as Wire;
    for (const field of [
      'status',
      'produto',
      'idioma',
      'titulo',
      'descricao',
      'publico',
      'modalidades',
      'placements',
      'house_bundle',
      'parcerias',
      'current_sponsors',
      'stats',
      'payment',
      'contact',
      'politica',
      '_links',
    ]) {
      assert.ok(field in doc, field);
    }
    assert.equal(doc.status, 'sob_consulta');
    assert.equal(doc.titulo, 'Patrocine o svc');
    assert.deepEqual(
      doc.modalidades.map((m: { id: string }) => m.id),
      ['patrocinio', 'parceria', 'anuncio'],
    );
    const [rodape, a] = doc.placements;
    assert.deepEqual(Object.keys(rodape).sort(), [
      'disponivel',
      'exclusivo',
      'exposure',
      'formato',
      'id',
      'medicao',
      'nome',
      'onde',
      'price_usd_30d',
    ]);
    assert.deepEqual(rodape.exposure, [
      { dias: 30, price_usd: 50 },
      { dias: 90, price_usd: null },
      { dias: 365, price_usd: null },
    ]);
    assert.equal(a.price_usd_30d, null);
    assert.deepEqual(
      a.exposure.map((e: { dias: number }) => e.dias),
      [30, 90, 365],
    );
    assert.deepEqual(
      doc.current_sponsors.map((s: { id: string }) => s.id),
      ['vigente'],
    );
    assert.deepEqual(Object.keys(doc.current_sponsors[0]).sort(), [
      'ate',
      'espacos',
      'frase',
      'id',
      'nome',
      'url',
    ]);
    assert.deepEqual(Object.keys(doc.payment).sort(), [
      'alternativas',
      'ativo',
      'chain_id',
      'eip681',
      'nota',
      'pay_to',
      'rede',
    ]);
    assert.deepEqual(Object.keys(doc.contact).sort(), [
      'api_url',
      'campos',
      'campos_proposta',
      'email',
      'form_url',
      'instructions',
      'message_template',
    ]);
    assert.equal(doc.contact.api_url, 'https://svc.example/api/contact');
    assert.equal(doc.contact.email, null, 'the owner address is not published unless configured');
    assert.deepEqual(doc._links, {
      self: 'https://svc.example/api/partners',
      stats: 'https://svc.example/api/vitrine',
      page: 'https://svc.example/parcerias',
      contact: 'https://svc.example/api/contact',
      casa: 'https://svc.example',
    });
  });

  it('is served without a partners section too, with page null', async () => {
    const bare = await listening({});
    try {
      const doc = (await (await fetch(`${bare.origin}/api/partners`)).json()) as Wire;
      assert.deepEqual(doc.placements, []);
      assert.deepEqual(doc.current_sponsors, []);
      assert.equal(doc._links.page, null);
      // With no placements, no espaco id is valid — and contact is not configured here anyway.
      const res = await postContact(bare.origin, { ...VALID, tipo: 'anuncio', espaco: ['rodape'] });
      assert.equal(res.status, 503);
    } finally {
      await bare.dispose();
    }
  });
});

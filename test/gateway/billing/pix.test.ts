// Manual Pix end to end: the BR Code against the central bank's example, the offers, the
// multipart upload through a real HTTP client to a listening server, the proof e-mailed to
// a real SMTP server on loopback (attachment, reply address), every refusal of SPEC, and
// the owner's release and refusal through the operator routes and the `svc` CLI.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import jsqr from 'jsqr';
import sharp from 'sharp';
import { balanceOf } from '../../../src/gateway/billing/ledger.js';
import { buildBrCode, crc16 } from '../../../src/gateway/billing/pix/brcode.js';
import { listPixRequests } from '../../../src/gateway/billing/pix/requests.js';
import { findCreditToken, tokenWallet } from '../../../src/gateway/billing/tokens.js';
import { testGateway } from '../../helpers/gateway.js';
import { spawnSvc } from '../../helpers/process.js';
import { type SmtpPeer, startSmtp } from '../../helpers/smtp.js';
import { paymentsConfig } from './config.js';
import { attachmentOf, cliEnv, dumpAllTables, signedIn } from './pix-helpers.js';

type Gateway = Awaited<ReturnType<typeof testGateway>>;
// biome-ignore lint/suspicious/noExplicitAny: response bodies are checked field by field
const j = (res: Response): Promise<any> => res.json();
// jsqr is CommonJS: its default export arrives as the module object's `default`.
const jsQR = (jsqr as unknown as { default: typeof jsqr.default }).default;

const PIX = {
  chave: 'pagamentos@exemplo.com.br',
  nome: 'Exemplo Serviços Ltda',
  cidade: 'São Paulo',
  brl_por_usd: 5.5,
  owner_email: 'dono@exemplo.com.br',
};
const OPERATOR_TOKEN = 'operador-de-teste-0123456789abcdef';
// Seeded payer data: must reach the owner's mailbox and nothing else.
const PAYER_EMAIL = 'joana.pagadora@example.org';
const PAYER_NAME = 'Joana Pereira Quintela';
const PAYER_CPF = '529.982.247-25';

// A real image: proofs are decoded and encoded again before they are mailed.
const PNG = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#2a6' } })
  .png()
  .toBuffer();
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), Buffer.alloc(100)]);

async function listening(g: Gateway): Promise<string> {
  return g.app.listen({ port: 0, host: '127.0.0.1' });
}

function form(
  fields: Record<string, string>,
  proof?: { bytes: Buffer; name: string; type: string },
): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  if (proof) f.append('comprovante', new Blob([proof.bytes], { type: proof.type }), proof.name);
  return f;
}

const valid = (extra: Record<string, string> = {}) => ({ usd: '5', email: PAYER_EMAIL, ...extra });

describe('Pix BR Code', () => {
  it('CRC-16/CCITT-FALSE has the check value 29B1', () => {
    assert.equal(crc16('123456789'), '29B1');
  });

  it("rebuilds the central bank manual's example byte for byte (CRC 1D3D)", () => {
    const expected =
      '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';
    assert.equal(crc16(expected.slice(0, -4)), '1D3D');
    assert.equal(
      buildBrCode({ key: '123e4567-e12b-12d1-a456-426655440000', name: 'Fulano de Tal', city: 'BRASILIA' }),
      expected,
    );
  });

  it('builds the worked example with an amount and a txid (CRC 77A6)', () => {
    assert.equal(
      buildBrCode({
        key: 'pix@exemplo.com.br',
        name: 'EXEMPLO LTDA',
        city: 'SAO PAULO',
        amountCentavos: 2750,
        txid: 'CRED5USD',
      }),
      '00020126400014br.gov.bcb.pix0118pix@exemplo.com.br520400005303986540527.505802BR5912EXEMPLO LTDA6009SAO PAULO62120508CRED5USD630477A6',
    );
  });

  it('refuses a txid that is not 1 to 25 letters and digits', () => {
    assert.throws(() => buildBrCode({ key: 'k', name: 'n', city: 'c', txid: 'a-b' }), RangeError);
    assert.throws(() => buildBrCode({ key: 'k', name: 'n', city: 'c', txid: 'A'.repeat(26) }), RangeError);
  });
});

describe('manual Pix', () => {
  let smtp: SmtpPeer;
  let gw: Gateway;
  let base: string;
  let configEnv: Record<string, string>;

  before(async () => {
    smtp = await startSmtp();
    // One test client (one address) sends every request here: the pending limits are raised.
    configEnv = paymentsConfig(
      {},
      {
        pix: {
          ...PIX,
          review_queue_size: 50,
          daily_cap_per_network: 40,
          pending_per_address: 50,
          pending_per_network: 50,
        },
      },
    );
    gw = await testGateway({ ...configEnv, SMTP_URL: smtp.url, OPERATOR_TOKEN });
    base = await listening(gw);
  });
  after(async () => {
    await gw.dispose();
    await smtp.close();
  });

  const post = (body: FormData | string, headers: Record<string, string> = {}) =>
    fetch(`${base}/api/credito/pix`, { method: 'POST', body, headers });
  const operator = (path: string, method = 'POST') =>
    fetch(`${base}/api/operador/credito/pix${path}`, {
      method,
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    });

  it('the automatic Pix offers show prices in reais from the configured rate while Asaas is off', async () => {
    const offers = await j(await fetch(`${base}/api/credito/asaas`));
    assert.equal(offers.disponivel, false);
    assert.deepEqual(
      offers.pacotes.map((p: { usd: number; brl_centavos: number }) => [p.usd, p.brl_centavos]),
      [
        [1, 550],
        [5, 2750],
        [10, 5500],
        [25, 13750],
      ],
    );
  });

  it('GET shows the key, the rate, a valid BR Code and a readable QR per package', async () => {
    const res = await fetch(`${base}/api/credito/pix?navegador_id=6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f`);
    assert.equal(res.status, 200);
    const body = await j(res);
    assert.equal(body.chave, PIX.chave);
    assert.equal(body.brl_por_usd, 5.5);
    assert.equal(body.liberacao, 'manual');
    assert.deepEqual(body.comprovante, {
      tipos: ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'],
      max_bytes: 2 * 1024 * 1024,
    });
    assert.deepEqual(
      body.pacotes.map((p: { usd: number; brl_centavos: number }) => [p.usd, p.brl_centavos]),
      [
        [1, 550],
        [5, 2750],
        [10, 5500],
        [25, 13750],
      ],
    );
    for (const p of body.pacotes) {
      const code: string = p.copia_e_cola;
      assert.equal(code.slice(-8, -4), '6304');
      assert.equal(code.slice(-4), crc16(code.slice(0, -4)), 'CRC of the whole code');
      const amount = (p.brl_centavos / 100).toFixed(2);
      assert.ok(
        code.includes(`54${String(amount.length).padStart(2, '0')}${amount}`),
        'field 54 carries the amount',
      );
      assert.ok(code.includes('5921Exemplo Servicos Ltda'), 'name without accents');
      assert.ok(code.includes('6009Sao Paulo'));
      assert.match(p.txid, new RegExp(`^CRED${p.usd}USD6F1C2D3E4A5B$`));
      assert.ok(code.includes(`05${String(p.txid.length).padStart(2, '0')}${p.txid}`), 'txid in field 62');
      const png = Buffer.from(p.imagem.replace(/^data:image\/png;base64,/, ''), 'base64');
      const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      const decoded = jsQR(new Uint8ClampedArray(data), info.width, info.height);
      assert.equal(decoded?.data, code, 'the QR image holds the same BR Code');
    }
  });

  it('accepts a proof: pending token, the proof mailed to the owner with the payer as reply address', async () => {
    const before = smtp.messages.length;
    const res = await post(
      form(
        valid({
          nome: PAYER_NAME,
          descricao: `CPF do pagador ${PAYER_CPF}`,
          pagina: 'https://exemplo.com.br/precos',
          recurso: 'svc/rapido',
          preco_usd: '4.99',
          navegador_id: '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
        }),
        { bytes: PNG, name: 'comprovante.png', type: 'image/png' },
      ),
    );
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('cache-control'), 'no-store');
    const body = await j(res);
    assert.deepEqual(Object.keys(body).sort(), ['credito', 'estado', 'estado_em', 'id']);
    assert.match(body.id, /^[0-9a-f]{32}$/);
    assert.equal(body.estado, 'pendente');
    assert.match(body.credito, /^cred_/);
    assert.match(body.estado_em, /^\d{4}-\d\d-\d\dT/);

    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    assert.deepEqual(mail!.to, [PIX.owner_email]);
    assert.equal(mail!.header('reply-to'), PAYER_EMAIL);
    assert.ok(mail!.header('subject')?.includes(body.id));
    const attached = await sharp(attachmentOf(mail!.raw)).metadata();
    assert.deepEqual(
      [attached.format, attached.width, attached.height],
      ['png', 30, 20],
      'the proof is attached',
    );
    assert.match(mail!.raw, /Content-Type: image\/png/i);
    assert.match(mail!.raw, new RegExp(`filename=.?comprovante-${body.id}\\.png`));
    assert.ok(mail!.raw.includes('CRED5USD6F1C2D3E4A5B'), 'the txid the payer saw');

    // The token is known but not valid yet.
    const credit = await fetch(`${base}/api/credito`, { headers: { 'x-credito': body.credito } });
    assert.equal((await j(credit)).estado, 'pendente');
    const status = await j(await fetch(`${base}/api/credito/pix/${body.id}`));
    assert.deepEqual(status, { estado: 'pendente', usd: 5, decidido_em: null });

    // Release: the token becomes valid with the package; a second release changes nothing.
    const released = await operator(`/${body.id}/liberar`);
    assert.equal(released.status, 200);
    const view = await j(released);
    assert.equal(view.estado, 'liberado');
    assert.match(view.decidido_em, /^\d{4}-/);
    const again = await operator(`/${body.id}/liberar`);
    assert.equal(again.status, 200);
    assert.equal((await j(again)).decidido_em, view.decidido_em);
    const record = await findCreditToken(gw.ctx.db, body.credito, gw.ctx.secret);
    assert.equal(record?.state, 'ativo');
    assert.equal(await balanceOf(gw.ctx.db, tokenWallet(record!.id)), 5_000_000);
    const after = await j(await fetch(`${base}/api/credito/pix/${body.id}`));
    assert.equal(after.estado, 'liberado');
    assert.equal(after.decidido_em, view.decidido_em);
    // A refusal after the release is refused.
    assert.equal((await operator(`/${body.id}/recusar`)).status, 409);

    // No payer data anywhere but the mail: not in a row, not in a log line.
    const dump = await dumpAllTables(gw.ctx);
    for (const seeded of [
      PAYER_EMAIL,
      PAYER_NAME,
      PAYER_CPF,
      PAYER_CPF.replace(/\D/g, ''),
      PNG.toString('base64').slice(0, 40),
    ])
      assert.ok(!dump.includes(seeded), `database holds ${seeded}`);
    for (const seeded of [PAYER_EMAIL, PAYER_NAME, PAYER_CPF, body.credito])
      assert.ok(!gw.ctx.logs.text.includes(seeded), `log holds ${seeded}`);
  });

  it('judges the proof by its bytes: a PDF named .png is a PDF; an executable named .pdf is refused', async () => {
    const before = smtp.messages.length;
    const pdf = await post(form(valid(), { bytes: PDF, name: 'foto.png', type: 'image/png' }));
    assert.equal(pdf.status, 200);
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    assert.match(mail!.raw, /Content-Type: application\/pdf/i);
    assert.match(mail!.raw, /\.pdf/);

    const rows = (await listPixRequests(gw.ctx.db)).length;
    const exe = await post(form(valid(), { bytes: ELF, name: 'comprovante.pdf', type: 'application/pdf' }));
    assert.equal(exe.status, 415);
    assert.equal((await j(exe)).error, 'unsupported_media_type');
    assert.equal((await listPixRequests(gw.ctx.db)).length, rows, 'nothing recorded');
    assert.equal(smtp.messages.length, before + 1, 'nothing mailed');
  });

  it('accepts JPEG and WebP proofs', async () => {
    const jpeg = await sharp(PNG).jpeg().toBuffer();
    const webp = await sharp(PNG).webp().toBuffer();
    for (const bytes of [jpeg, webp]) {
      const res = await post(
        form(valid({ usd: '1' }), { bytes, name: 'x.bin', type: 'application/octet-stream' }),
      );
      assert.equal(res.status, 200);
    }
  });

  it('413 for a proof above 2 MB, read no further', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const res = await post(form(valid(), { bytes: big, name: 'grande.png', type: 'image/png' }));
    assert.equal(res.status, 413);
    assert.equal((await j(res)).error, 'payload_too_large');
    const exact = await post(
      form(valid(), {
        bytes: Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 - PNG.length)]),
        name: 'a.png',
        type: 'image/png',
      }),
    );
    assert.equal(exact.status, 200, 'exactly 2 MB is accepted');
  });

  it('400 for every missing or invalid field, naming it', async () => {
    const proof = { bytes: PNG, name: 'c.png', type: 'image/png' };
    const cases: [FormData, string, string][] = [
      [form({ email: PAYER_EMAIL }, proof), 'invalid_package', 'usd'],
      [form(valid({ usd: '3' }), proof), 'invalid_package', 'usd'],
      [form(valid({ usd: '5.0' }), proof), 'invalid_package', 'usd'],
      [form({ usd: '5' }, proof), 'invalid_email', 'email'],
      [form(valid({ email: 'nao-e-email' }), proof), 'invalid_email', 'email'],
      [form(valid()), 'invalid_request', 'comprovante'],
      [
        form(valid(), { bytes: Buffer.alloc(0), name: 'v.png', type: 'image/png' }),
        'invalid_request',
        'comprovante',
      ],
      [form(valid({ pagina: 'p'.repeat(2001) }), proof), 'invalid_request', 'pagina'],
      [form(valid({ recurso: 'r'.repeat(2001) }), proof), 'invalid_request', 'recurso'],
      [form(valid({ descricao: 'd'.repeat(301) }), proof), 'invalid_request', 'descricao'],
      [form(valid({ preco_usd: 'cinco' }), proof), 'invalid_request', 'preco_usd'],
      [form(valid({ navegador_id: 'nao-uuid' }), proof), 'invalid_request', 'navegador_id'],
    ];
    for (const [body, error, param] of cases) {
      const res = await post(body);
      assert.equal(res.status, 400, `${error}/${param}`);
      const json = await j(res);
      assert.equal(json.error, error);
      assert.equal(json.code, param);
      assert.match(json.message, /\S/);
    }
    // At the limits: accepted.
    const ok = await post(
      form(valid({ pagina: 'p'.repeat(2000), recurso: 'é'.repeat(2000), descricao: 'd'.repeat(300) }), proof),
    );
    assert.equal(ok.status, 200);
  });

  it('415 for a body that is not multipart; 400 for broken multipart', async () => {
    const json = await post(JSON.stringify({ usd: 5 }), { 'content-type': 'application/json' });
    assert.equal(json.status, 415);
    const text = await post('usd=5', { 'content-type': 'text/plain' });
    assert.equal(text.status, 415);
    const broken = await post(
      '--x\r\nContent-Disposition: form-data; name="usd"\r\n\r\n5\r\n--x\r\nContent-Disposition: form-data; name="comprovante"; filename="a.png"\r\n\r\n\x89PNG',
      {
        'content-type': 'multipart/form-data; boundary=x',
      },
    );
    assert.equal(broken.status, 400);
    assert.equal((await j(broken)).error, 'invalid_request');
  });

  it('records the account of a session cookie, from the console only (Origin and CSRF)', async () => {
    const session = await signedIn(gw.ctx);
    const proof = () => form(valid({ usd: '10' }), { bytes: PNG, name: 'c.png', type: 'image/png' });
    const foreign = await post(proof(), { cookie: session.cookie, origin: 'https://atacante.example' });
    assert.equal(foreign.status, 403);
    assert.equal((await j(foreign)).error, 'invalid_origin');
    const noToken = await post(proof(), { cookie: session.cookie, origin: gw.ctx.origins.primary });
    assert.equal(noToken.status, 403);
    assert.equal((await j(noToken)).error, 'invalid_csrf');
    const res = await post(proof(), session.write);
    assert.equal(res.status, 200);
    const { id } = await j(res);
    const listed = await operator(`?estado=pendente`, 'GET');
    const { pedidos } = await j(listed);
    assert.equal(pedidos.find((p: { id: string }) => p.id === id)?.conta, session.accountId);
  });

  it('refusal: the token never becomes valid; release after refusal is 409', async () => {
    const res = await post(form(valid({ usd: '25' }), { bytes: PNG, name: 'c.png', type: 'image/png' }));
    const { id, credito } = await j(res);
    const refused = await operator(`/${id}/recusar`);
    assert.equal(refused.status, 200);
    assert.equal((await j(refused)).estado, 'recusado');
    assert.equal((await operator(`/${id}/recusar`)).status, 200, 'refusing twice is harmless');
    assert.equal((await operator(`/${id}/liberar`)).status, 409);
    const record = await findCreditToken(gw.ctx.db, credito, gw.ctx.secret);
    assert.equal(record?.state, 'recusado');
    assert.equal(await balanceOf(gw.ctx.db, tokenWallet(record!.id)), 0);
    const status = await j(await fetch(`${base}/api/credito/pix/${id}`));
    assert.equal(status.estado, 'recusado');
    assert.match(status.decidido_em, /^\d{4}-/);
  });

  it('404 for an unknown or malformed request id; operator routes need the operator token', async () => {
    assert.equal((await fetch(`${base}/api/credito/pix/${'0'.repeat(32)}`)).status, 404);
    assert.equal((await fetch(`${base}/api/credito/pix/xyz`)).status, 404);
    assert.equal((await operator(`/${'0'.repeat(32)}/liberar`)).status, 404);
    const anon = await fetch(`${base}/api/operador/credito/pix/${'0'.repeat(32)}/liberar`, {
      method: 'POST',
    });
    assert.equal(anon.status, 401);
    const wrong = await fetch(`${base}/api/operador/credito/pix`, {
      headers: { authorization: 'Bearer errado' },
    });
    assert.equal(wrong.status, 401);
  });

  it('502 when the owner cannot be mailed: the request is recorded falhou, its token never valid', async () => {
    smtp.failWith = { code: 554, message: `rejeitado ${PAYER_EMAIL}` };
    try {
      const res = await post(form(valid(), { bytes: PNG, name: 'c.png', type: 'image/png' }));
      assert.equal(res.status, 502);
      const body = await j(res);
      assert.equal(body.error, 'mail_failed');
      assert.ok(!JSON.stringify(body).includes(PAYER_EMAIL));
    } finally {
      smtp.failWith = null;
    }
    const [failed] = await listPixRequests(gw.ctx.db, 'falhou');
    assert.ok(failed, 'recorded as falhou');
    assert.ok(!gw.ctx.logs.text.includes(PAYER_EMAIL));
    // Its token was refused: never valid, even if someone tried to release the request.
    assert.equal((await operator(`/${failed.id}/liberar`)).status, 409);
  });

  it('the CLI lists, releases and refuses', async () => {
    const made: { id: string; credito: string }[] = [];
    for (let i = 0; i < 2; i++)
      made.push(
        await j(
          await post(form(valid({ usd: '1' }), { bytes: PDF, name: 'c.pdf', type: 'application/pdf' })),
        ),
      );
    const env = cliEnv(gw.ctx, configEnv);
    const run = async (args: string[]) => {
      const child = spawnSvc(args, env);
      const code = await child.exit();
      return { code, out: child.stdout.join('\n'), err: child.stderr.join('\n') };
    };
    // Independent runs go in parallel: each is a whole process start.
    const [listed, bad] = await Promise.all([
      run(['credit', 'list', '--state', 'pendente']),
      run(['credit', 'release', 'nao-e-id']),
    ]);
    assert.equal(listed.code, 0, listed.err);
    const ids = (JSON.parse(listed.out).pedidos as { id: string; estado: string }[]).map((p) => p.id);
    for (const m of made) assert.ok(ids.includes(m.id));
    assert.equal(bad.code, 2);

    const [released, refused] = await Promise.all([
      run(['credit', 'release', made[0]!.id]),
      run(['credit', 'refuse', made[1]!.id]),
    ]);
    assert.equal(released.code, 0, released.err);
    assert.equal(JSON.parse(released.out).estado, 'liberado');
    assert.equal(refused.code, 0, refused.err);
    assert.equal(JSON.parse(refused.out).estado, 'recusado');

    const [twice, afterRefusal] = await Promise.all([
      run(['credit', 'release', made[0]!.id]),
      run(['credit', 'release', made[1]!.id]),
    ]);
    assert.equal(twice.code, 0, 'releasing twice is harmless');
    assert.equal(JSON.parse(twice.out).decidido_em, JSON.parse(released.out).decidido_em);
    assert.equal(afterRefusal.code, 1);
    assert.match(afterRefusal.err, /não está pendente/);
    const token = await findCreditToken(gw.ctx.db, made[0]!.credito, gw.ctx.secret);
    assert.equal(await balanceOf(gw.ctx.db, tokenWallet(token!.id)), 1_000_000);
    assert.equal((await findCreditToken(gw.ctx.db, made[1]!.credito, gw.ctx.secret))?.state, 'recusado');
  });
});

describe('manual Pix limits', () => {
  let smtp: SmtpPeer;
  before(async () => {
    smtp = await startSmtp();
  });
  after(async () => smtp.close());

  const png = () => form(valid(), { bytes: PNG, name: 'c.png', type: 'image/png' });

  it('429 once the network sent the day’s requests; failed ones do not count', async () => {
    const gw = await testGateway({
      ...paymentsConfig({}, { pix: { ...PIX, daily_cap_per_network: 2 } }),
      SMTP_URL: smtp.url,
    });
    try {
      const base = await listening(gw);
      const send = () => fetch(`${base}/api/credito/pix`, { method: 'POST', body: png() });
      smtp.failWith = { code: 451, message: 'depois' };
      assert.equal((await send()).status, 502);
      smtp.failWith = null;
      assert.equal((await send()).status, 200);
      assert.equal((await send()).status, 200);
      const third = await send();
      assert.equal(third.status, 429);
      assert.equal((await j(third)).error, 'daily_limit');
    } finally {
      smtp.failWith = null;
      await gw.dispose();
    }
  });

  it('the daily cap holds under concurrency: 12 requests at once against a cap of 3 admit 3', async () => {
    const gw = await testGateway({
      ...paymentsConfig({}, { pix: { ...PIX, daily_cap_per_network: 3, pending_per_address: 10 } }),
      SMTP_URL: smtp.url,
    });
    try {
      const base = await listening(gw);
      const statuses = await Promise.all(
        Array.from({ length: 12 }, () =>
          fetch(`${base}/api/credito/pix`, { method: 'POST', body: png() }).then((r) => r.status),
        ),
      );
      assert.deepEqual(statuses.filter((s) => s === 200).length, 3, `statuses: ${statuses.join(',')}`);
      assert.equal(statuses.filter((s) => s === 429).length, 9);
    } finally {
      await gw.dispose();
    }
  });

  it('503 when the review queue is full', async () => {
    const gw = await testGateway({
      ...paymentsConfig({}, { pix: { ...PIX, review_queue_size: 1 } }),
      SMTP_URL: smtp.url,
    });
    try {
      const base = await listening(gw);
      const send = () => fetch(`${base}/api/credito/pix`, { method: 'POST', body: png() });
      assert.equal((await send()).status, 200);
      const full = await send();
      assert.equal(full.status, 503);
      assert.equal((await j(full)).error, 'review_queue_full');
    } finally {
      await gw.dispose();
    }
  });

  it('503 when Pix or mail is not configured', async () => {
    const noPix = await testGateway({ ...paymentsConfig(), SMTP_URL: smtp.url });
    const noMail = await testGateway(paymentsConfig({}, { pix: PIX }));
    const none = await testGateway();
    try {
      for (const g of [noPix, none]) {
        const base = await listening(g);
        const get = await fetch(`${base}/api/credito/pix`);
        assert.equal(get.status, 503);
        assert.equal((await j(get)).error, 'pix_unavailable');
        const res = await fetch(`${base}/api/credito/pix`, { method: 'POST', body: png() });
        assert.equal(res.status, 503);
      }
      const base = await listening(noMail);
      const res = await fetch(`${base}/api/credito/pix`, { method: 'POST', body: png() });
      assert.equal(res.status, 503);
      assert.equal((await j(res)).error, 'pix_unavailable');
    } finally {
      await Promise.all([noPix.dispose(), noMail.dispose(), none.dispose()]);
    }
  });
});

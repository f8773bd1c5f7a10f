// A fake Asaas (API v3) on loopback: a real HTTP server with the v3 shapes automatic Pix
// uses — customers, Pix payments with our externalReference, the Pix QR code, payment
// reads — plus what a test needs to steer it: payment status changes, create calls that
// fail before or after making the charge, an outage, and webhook deliveries to the
// gateway with Asaas's header token.
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// biome-ignore lint/suspicious/noExplicitAny: a fake reads arbitrary wire JSON
type Wire = any;

export interface FakePayment {
  id: string;
  customer: string;
  value: number;
  status: string;
  billingType: 'PIX';
  dueDate: string;
  description?: string;
  externalReference: string | null;
  deleted: boolean;
  dateCreated: string;
}

export interface AsaasCall {
  method: string;
  path: string;
  raw: string;
  body: Wire;
}

export interface FakeAsaas {
  url: string;
  apiKey: string;
  calls: AsaasCall[];
  customers: Map<string, { id: string; name: string; cpfCnpj: string; email?: string }>;
  payments: Map<string, FakePayment>;
  /** The next N `POST /payments` answer 500 without making a charge. */
  failCreates: number;
  /** The next N `POST /payments` make the charge, then answer 500 (a reply lost on the way back). */
  createThenFail: number;
  /** Every call answers 503. */
  down: boolean;
  setStatus(paymentId: string, status: string): void;
  paymentsFor(externalReference: string): FakePayment[];
  /** Delivers an event to the gateway's webhook as Asaas would; answers the status. */
  deliver(
    webhookUrl: string,
    token: string,
    event: { id?: string; event: string; payment: FakePayment | { id: string } },
  ): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

const json = (res: import('node:http').ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

export async function startFakeAsaas(
  apiKey = `$aact_test_${randomBytes(8).toString('hex')}`,
): Promise<FakeAsaas> {
  const fake: FakeAsaas = {
    url: '',
    apiKey,
    calls: [],
    customers: new Map(),
    payments: new Map(),
    failCreates: 0,
    createThenFail: 0,
    down: false,
    setStatus(id, status) {
      const p = fake.payments.get(id);
      if (!p) throw new Error(`no payment ${id}`);
      p.status = status;
    },
    paymentsFor: (ref) => [...fake.payments.values()].filter((p) => p.externalReference === ref),
    async deliver(webhookUrl, token, event) {
      const res = await fetch(webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'asaas-access-token': token },
        body: JSON.stringify({
          id: event.id ?? `evt_${randomBytes(8).toString('hex')}`,
          event: event.event,
          dateCreated: new Date().toISOString().slice(0, 19).replace('T', ' '),
          payment: event.payment,
        }),
      });
      return { status: res.status, body: await res.text() };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: Wire = null;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        return json(res, 400, { errors: [{ code: 'invalid_json', description: 'JSON inválido' }] });
      }
      const url = new URL(req.url ?? '/', 'http://fake');
      fake.calls.push({ method: req.method ?? '', path: url.pathname + url.search, raw, body });
      if (fake.down)
        return json(res, 503, { errors: [{ code: 'unavailable', description: 'indisponível' }] });
      if (req.headers.access_token !== apiKey)
        return json(res, 401, { errors: [{ code: 'invalid_access_token', description: 'chave inválida' }] });
      route(req.method ?? '', url, body, res);
    });
  });

  function route(method: string, url: URL, body: Wire, res: import('node:http').ServerResponse) {
    const path = url.pathname.replace(/^\/v3/, '');
    if (method === 'GET' && path === '/customers') {
      const doc = url.searchParams.get('cpfCnpj');
      const data = [...fake.customers.values()].filter((c) => c.cpfCnpj === doc);
      return json(res, 200, {
        object: 'list',
        hasMore: false,
        totalCount: data.length,
        limit: 10,
        offset: 0,
        data,
      });
    }
    if (method === 'POST' && path === '/customers') {
      if (typeof body?.name !== 'string' || typeof body?.cpfCnpj !== 'string')
        return json(res, 400, {
          errors: [{ code: 'invalid_customer', description: `dados inválidos: ${body?.name}` }],
        });
      const c = {
        object: 'customer',
        id: `cus_${randomBytes(6).toString('hex')}`,
        name: body.name,
        cpfCnpj: body.cpfCnpj,
        email: body.email,
      };
      fake.customers.set(c.id, c);
      return json(res, 200, c);
    }
    if (method === 'POST' && path === '/payments') {
      if (fake.failCreates > 0) {
        fake.failCreates--;
        return json(res, 500, { errors: [{ code: 'internal', description: 'erro interno' }] });
      }
      if (
        !fake.customers.has(body?.customer) ||
        body?.billingType !== 'PIX' ||
        typeof body?.value !== 'number'
      )
        return json(res, 400, { errors: [{ code: 'invalid_payment', description: 'cobrança inválida' }] });
      const p: FakePayment = {
        id: `pay_${randomBytes(6).toString('hex')}`,
        customer: body.customer,
        value: body.value,
        status: 'PENDING',
        billingType: 'PIX',
        dueDate: body.dueDate,
        description: body.description,
        externalReference: body.externalReference ?? null,
        deleted: false,
        dateCreated: new Date().toISOString().slice(0, 10),
      };
      fake.payments.set(p.id, p);
      if (fake.createThenFail > 0) {
        fake.createThenFail--;
        return json(res, 502, { errors: [{ code: 'gateway', description: 'erro' }] });
      }
      return json(res, 200, { object: 'payment', ...p });
    }
    if (method === 'GET' && path === '/payments') {
      const ref = url.searchParams.get('externalReference');
      const data = [...fake.payments.values()].filter((p) => ref === null || p.externalReference === ref);
      return json(res, 200, {
        object: 'list',
        hasMore: false,
        totalCount: data.length,
        limit: 10,
        offset: 0,
        data,
      });
    }
    const qr = /^\/payments\/([^/]+)\/pixQrCode$/.exec(path);
    if (method === 'GET' && qr) {
      const p = fake.payments.get(decodeURIComponent(qr[1]!));
      if (!p) return json(res, 404, { errors: [{ code: 'not_found', description: 'não encontrada' }] });
      return json(res, 200, {
        encodedImage: Buffer.from(`png:${p.id}`).toString('base64'),
        payload: `00020101021226800014br.gov.bcb.pix2558pix.asaas.com/qr/${p.id}5204000053039865802BR6304ABCD`,
        expirationDate: `${p.dueDate} 23:59:59`,
      });
    }
    const one = /^\/payments\/([^/]+)$/.exec(path);
    if (method === 'GET' && one) {
      const p = fake.payments.get(decodeURIComponent(one[1]!));
      if (!p) return json(res, 404, { errors: [{ code: 'not_found', description: 'não encontrada' }] });
      return json(res, 200, { object: 'payment', ...p });
    }
    json(res, 404, { errors: [{ code: 'not_found', description: 'rota desconhecida' }] });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v3`;
  return fake;
}

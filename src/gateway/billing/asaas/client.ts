// The few Asaas v3 calls automatic Pix needs (docs/payments.md "Automatic Pix"). Every
// failure — network, timeout, non-2xx, a body of the wrong shape — is one AsaasError whose
// message names the call and the status only: Asaas echoes request fields (name, CPF) in
// its error descriptions, so its bodies are never logged or passed on.
import type { AsaasConfig } from '../config.js';

export class AsaasError extends Error {
  constructor(
    readonly call: string,
    readonly status: number | 'network',
  ) {
    super(`asaas ${call} failed: ${status}`);
    this.name = 'AsaasError';
  }
}

export interface AsaasPayment {
  id: string;
  status: string;
  externalReference?: string | null;
  deleted?: boolean;
  value?: number;
}

export interface AsaasQr {
  encodedImage: string;
  payload: string;
  expirationDate: string;
}

export interface AsaasClient {
  findCustomer(cpfCnpj: string): Promise<string | undefined>;
  createCustomer(input: { name: string; cpfCnpj: string; email?: string }): Promise<string>;
  createPayment(input: {
    customer: string;
    value: number;
    dueDate: string;
    description: string;
    externalReference: string;
  }): Promise<AsaasPayment>;
  findPaymentByReference(externalReference: string): Promise<AsaasPayment | undefined>;
  getPayment(id: string): Promise<AsaasPayment>;
  pixQrCode(id: string): Promise<AsaasQr>;
}

const TIMEOUT_MS = 15_000;

export function createAsaasClient(config: AsaasConfig, fetchImpl: typeof fetch = fetch): AsaasClient {
  const base = config.base_url.replace(/\/+$/, '');
  async function call<T>(name: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    let res: Response;
    try {
      res = await fetchImpl(base + path, {
        method,
        headers: {
          access_token: config.api_key,
          'content-type': 'application/json',
          'user-agent': 'svc-gateway',
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw new AsaasError(name, 'network');
    }
    if (!res.ok) {
      await res.body?.cancel().catch(() => {});
      throw new AsaasError(name, res.status);
    }
    try {
      return (await res.json()) as T;
    } catch {
      throw new AsaasError(name, res.status);
    }
  }
  const payment = (name: string, p: unknown): AsaasPayment => {
    const v = p as AsaasPayment | null;
    if (!v || typeof v.id !== 'string' || typeof v.status !== 'string') throw new AsaasError(name, 200);
    return v;
  };
  return {
    async findCustomer(cpfCnpj) {
      const r = await call<{ data?: { id?: string; deleted?: boolean }[] }>(
        'customers.find',
        'GET',
        `/customers?cpfCnpj=${encodeURIComponent(cpfCnpj)}`,
      );
      return r.data?.find((c) => typeof c.id === 'string' && !c.deleted)?.id;
    },
    async createCustomer(input) {
      const r = await call<{ id?: string }>('customers.create', 'POST', '/customers', input);
      if (typeof r.id !== 'string') throw new AsaasError('customers.create', 200);
      return r.id;
    },
    async createPayment(input) {
      return payment(
        'payments.create',
        await call('payments.create', 'POST', '/payments', { ...input, billingType: 'PIX' }),
      );
    },
    async findPaymentByReference(ref) {
      const r = await call<{ data?: unknown[] }>(
        'payments.find',
        'GET',
        `/payments?externalReference=${encodeURIComponent(ref)}`,
      );
      const found = (r.data ?? []).map((p) => payment('payments.find', p)).filter((p) => !p.deleted);
      return found[0];
    },
    async getPayment(id) {
      return payment(
        'payments.get',
        await call('payments.get', 'GET', `/payments/${encodeURIComponent(id)}`),
      );
    },
    async pixQrCode(id) {
      const r = await call<AsaasQr>(
        'payments.pixQrCode',
        'GET',
        `/payments/${encodeURIComponent(id)}/pixQrCode`,
      );
      if (typeof r.payload !== 'string' || typeof r.encodedImage !== 'string')
        throw new AsaasError('payments.pixQrCode', 200);
      return r;
    },
  };
}

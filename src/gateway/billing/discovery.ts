// How to pay, for a client that has never read our docs: the Quota, x402 configuration and
// Credit objects of the payment schemas. `GET /api/pagamento` serves them, and every 402
// quote carries them beside `accepts` (x402 clients ignore the extra fields), so an agent
// that meets a 402 learns in the same answer what is free, what costs what, and the two
// ways to pay (x402 per call or package; a `cred_` token in `X-Credito`).
import type { Context } from '../../platform/context.js';
import type { X402Config } from './config.js';
import { DEFAULT_MONTHLY_QUOTA, DEFAULT_REQUESTS_PER_MINUTE } from '../limits/index.js';
import { PACKAGES_USD } from './tokens.js';
import { chainOf } from './x402/requirements.js';

export interface QuotaDocument {
  free: { o_que: string; limite: number; janela: string | null }[];
  paid: { o_que: string; price_usd: number }[];
  how_to_pay: string;
  live: string | null;
  free_now: string[];
  trial?: { days: number; how: string };
}

export interface X402Document {
  provider: 'x402';
  mode: 'live' | 'dev';
  network: 'base' | 'base-sepolia';
  chain_id: number;
  pay_to: string | null;
  homolog: boolean;
  dev: boolean;
  dev_gate: boolean;
  gratis: string[];
  facilitator: string;
  asset: 'USDC';
  asset_address: string;
  faucet: string | null;
  wallets: Record<string, string>;
}

export interface CreditDocument {
  url: string;
  header: 'X-Credito';
}

export interface PaymentDocument {
  quota: QuotaDocument;
  x402: X402Document | null;
  credito: CreditDocument | null;
}

export const DISCOVERY_PATH = '/api/pagamento';

/** Wallets that hold USDC on Base and sign x402 authorisations. */
const WALLETS = {
  coinbase: 'https://www.coinbase.com/wallet',
  metamask: 'https://metamask.io',
  rabby: 'https://rabby.io',
};

/** Circle's faucet gives test USDC on Base Sepolia only. */
const SEPOLIA_FAUCET = 'https://faucet.circle.com';

/** Every SKU: the catalogue's models and the priced worker capabilities. */
function skus(ctx: Context): { sku: string; price: number | null; label: string }[] {
  const file = ctx.config.file;
  const models = (file.models ?? []).map((m) => ({
    sku: m.id,
    price: m.price ? m.price.input_per_mtok_usd : null,
    label: m.price
      ? `${m.id}: milhão de tokens de entrada (saída: US$ ${m.price.output_per_mtok_usd})`
      : m.id,
  }));
  const jobs = Object.entries(file.payments?.job_prices_usd ?? {}).map(([capability, usd]) => ({
    sku: capability,
    price: usd > 0 ? usd : null,
    label: `${capability}: um trabalho`,
  }));
  return [...models, ...jobs];
}

function quotaOf(ctx: Context, origin: string): QuotaDocument {
  const file = ctx.config.file;
  const payments = file.payments;
  // What the gateway enforces, whether the file sets it or the defaults do: requests per
  // minute per key always; model tokens per organisation and month when there is a quota.
  const free: QuotaDocument['free'] = [
    {
      o_que: 'requisições por chave de API',
      limite: file.limits?.requests_per_minute ?? DEFAULT_REQUESTS_PER_MINUTE,
      janela: 'minuto',
    },
  ];
  const monthly = file.limits?.monthly_quota ?? DEFAULT_MONTHLY_QUOTA;
  if (monthly > 0) free.push({ o_que: 'tokens de modelo por organização', limite: monthly, janela: 'mês' });
  const all = skus(ctx);
  const paid = all
    .filter((s) => s.price !== null)
    .map((s) => ({ o_que: s.label, price_usd: s.price as number }));
  if (payments) {
    for (const usd of PACKAGES_USD) paid.push({ o_que: `pacote de crédito de US$ ${usd}`, price_usd: usd });
  }
  return {
    free,
    paid,
    how_to_pay: howToPay(ctx, origin),
    live: `${origin}${DISCOVERY_PATH}`,
    // In dev mode every call passes unpaid (the 402 is simulated).
    free_now: payments?.mode === 'dev' ? all.map((s) => s.sku) : [],
  };
}

function howToPay(ctx: Context, origin: string): string {
  const payments = ctx.config.file.payments;
  if (!payments) return 'Este servidor não cobra: as chamadas de modelo são gratuitas para contas com chave.';
  const ways = [
    'Organizações pré-pagas gastam o saldo da organização.',
    `Um token cred_ comprado em ${origin}/api/credito vai no cabeçalho X-Credito.`,
  ];
  if (payments.x402) {
    ways.push('Sem crédito, a resposta 402 é uma cotação x402: pague em USDC e reenvie com X-PAYMENT.');
  }
  if (payments.pix) ways.push(`Pix com comprovante: ${origin}/api/credito/pix.`);
  if (payments.asaas) ways.push(`Pix automático: ${origin}/api/credito/asaas.`);
  return ways.join(' ');
}

function x402Of(ctx: Context, config: X402Config, mode: 'live' | 'dev'): X402Document {
  const chain = chainOf(config);
  const gratis = skus(ctx)
    .filter((s) => s.price === null)
    .map((s) => s.sku);
  return {
    provider: 'x402',
    mode,
    network: chain.network,
    chain_id: chain.chainId,
    pay_to: config.pay_to,
    homolog: chain.network === 'base-sepolia',
    dev: mode === 'dev',
    // The simulated 402 of dev mode is a gate that grants nothing by itself.
    dev_gate: mode === 'dev',
    gratis,
    facilitator: config.facilitator_url,
    asset: 'USDC',
    asset_address: chain.asset,
    faucet: chain.network === 'base-sepolia' ? SEPOLIA_FAUCET : null,
    wallets: { ...WALLETS },
  };
}

/** Which ways to buy this server offers (the console shows only those, asking nothing else). */
export function meansOf(ctx: Context): { x402: boolean; pix: boolean; asaas: boolean } {
  const payments = ctx.config.file.payments;
  return { x402: Boolean(payments?.x402), pix: Boolean(payments?.pix), asaas: Boolean(payments?.asaas) };
}

/** The document, built once per context: it follows from the configuration alone. */
const cache = new WeakMap<Context, PaymentDocument>();

export function paymentDocument(ctx: Context): PaymentDocument {
  const known = cache.get(ctx);
  if (known) return known;
  const origin = ctx.origins.primary;
  const payments = ctx.config.file.payments;
  const doc: PaymentDocument = {
    quota: quotaOf(ctx, origin),
    x402: payments?.x402 ? x402Of(ctx, payments.x402, payments.mode) : null,
    credito: payments ? { url: `${origin}/api/credito`, header: 'X-Credito' } : null,
  };
  cache.set(ctx, doc);
  return doc;
}

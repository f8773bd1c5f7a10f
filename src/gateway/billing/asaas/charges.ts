// Automatic Pix charges (SPEC "Automatic Pix charge"): the offer, the payer checked and
// forwarded to Asaas (never stored), the charge created with our id as externalReference
// — looked up before any retry, so a retried create never makes a second charge — and
// its QR code. A package's token is issued now, pending, and becomes valid when paid.
import type { Context } from '../../../platform/context.js';
import type { AsaasConfig } from '../config.js';
import { isEmailAddress } from '../../../platform/identity/email.js';
import { isValidCnpj, isValidCpf } from '../../../privacy/checks.js';
import { invalidPackage } from '../errors.js';
import type { DbLike } from '../../../platform/db/transactions.js';
import { utcDay } from '../../../platform/days.js';
import type { Kysely } from 'kysely';
import { iso } from '../network.js';
import { HOUR_MS, type PendingLimits } from '../pending.js';
import {
  type Admission,
  failPurchase,
  type IssuedToken,
  issuePendingToken,
  openPurchase,
  packageCentavos,
  type PurchasePlace,
  purchasePlace,
} from '../pending-purchase.js';
import { isPackage, PACKAGES_USD } from '../tokens.js';
import { type AsaasClient, AsaasError, type AsaasPayment } from './client.js';
import {
  asaasFailed,
  asaasUnavailable,
  balanceForbidden,
  balanceNeedsAccount,
  dailyCharges,
  invalidAmount,
  invalidDocument,
  invalidEmail,
  invalidName,
  invalidOffer,
  tooManyPending,
} from './errors.js';
import { acrossFolders } from '../../tables.js';
import { type BillingTables, type ChargeState, kyselyOf } from '../tables.js';

export const DEFAULT_ASAAS_DAILY_CAP = 10;
export const DEFAULT_MAX_PENDING = 100;
/** Charges awaiting payment per address and per network: 20 flooding addresses leave room in 100. */
export const ASAAS_PENDING = { hours: 24, perAddress: 3, perNetwork: 6 } as const;

export function asaasPendingLimits(config: AsaasConfig): PendingLimits {
  return {
    ttlMs: (config.pending_hours ?? ASAAS_PENDING.hours) * HOUR_MS,
    perAddress: config.pending_per_address ?? ASAAS_PENDING.perAddress,
    perNetwork: config.pending_per_network ?? ASAAS_PENDING.perNetwork,
  };
}
/** Balance purchases: R$ 10 to R$ 5 000. */
export const SALDO_MIN_CENTAVOS = 1_000;
export const SALDO_MAX_CENTAVOS = 500_000;

export interface AsaasSetup {
  config: AsaasConfig;
  brlPorUsd: number;
}

export function asaasSetupOf(ctx: Context): AsaasSetup | undefined {
  const payments = ctx.config.file.payments;
  const config = payments?.asaas;
  const brlPorUsd = config?.brl_por_usd ?? payments?.pix?.brl_por_usd;
  return config && brlPorUsd ? { config, brlPorUsd } : undefined;
}

export type Offer = { kind: 'pacote'; usd: number } | { kind: 'saldo'; centavos: number };

export interface Payer {
  documento?: string;
  nome?: string;
  email?: string;
}

export interface ChargeInput {
  offer: Offer;
  payer: Payer;
  pagina?: string;
  navegadorId?: string;
  accountId?: string;
  address: string;
}

/** Reads `oferta`, and the payer keys from `pagador` or, when absent there, the top level. */
export function readChargeBody(body: Record<string, unknown>): Omit<ChargeInput, 'accountId' | 'address'> {
  const oferta = body.oferta as Record<string, unknown> | undefined;
  if (!oferta || typeof oferta !== 'object' || Array.isArray(oferta)) throw invalidOffer();
  const keys = Object.keys(oferta);
  if (keys.length !== 1) throw invalidOffer();
  let offer: Offer;
  if (keys[0] === 'pacote') {
    const usd = (oferta.pacote as { usd?: unknown } | null)?.usd;
    if (!isPackage(usd)) throw invalidPackage();
    offer = { kind: 'pacote', usd };
  } else if (keys[0] === 'saldo') {
    const centavos = (oferta.saldo as { centavos?: unknown } | null)?.centavos;
    if (
      typeof centavos !== 'number' ||
      !Number.isInteger(centavos) ||
      centavos < SALDO_MIN_CENTAVOS ||
      centavos > SALDO_MAX_CENTAVOS
    )
      throw invalidAmount(SALDO_MIN_CENTAVOS, SALDO_MAX_CENTAVOS);
    offer = { kind: 'saldo', centavos };
  } else throw invalidOffer();
  const nested = (body.pagador ?? {}) as Record<string, unknown>;
  const pick = (name: string, bad: () => Error): string | undefined => {
    const v = nested[name] ?? body[name];
    if (v === undefined || v === null || v === '') return undefined;
    if (typeof v !== 'string') throw bad();
    return v.trim();
  };
  return {
    offer,
    payer: {
      documento: pick('documento', invalidDocument),
      nome: pick('nome', invalidName),
      email: pick('email', invalidEmail),
    },
    pagina: typeof body.pagina === 'string' && body.pagina !== '' ? body.pagina : undefined,
    navegadorId:
      typeof body.navegador_id === 'string' && body.navegador_id !== ''
        ? body.navegador_id.toLowerCase()
        : undefined,
  };
}

/** Digits of a valid CPF or CNPJ (the barrier's check digits), else 400. */
export function checkedDocument(documento: string | undefined): string {
  const plain = (documento ?? '').replace(/[.\-/\s]/g, '').toUpperCase();
  if (/^\d{11}$/.test(plain) && isValidCpf(plain)) return plain;
  if (/^[0-9A-Z]{12}\d{2}$/.test(plain) && isValidCnpj(plain)) return plain;
  throw invalidDocument();
}

/** A payer Asaas does not know yet: document and name required, e-mail optional. */
interface NewPayer {
  documento: string;
  nome: string;
  email?: string;
}

function checkEmail(email: string | undefined): void {
  if (email !== undefined && (email.length > 254 || !isEmailAddress(email))) throw invalidEmail();
}

function checkedPayer(payer: Payer): NewPayer {
  checkEmail(payer.email);
  const documento = checkedDocument(payer.documento);
  const nome = payer.nome?.replace(/\s+/g, ' ');
  if (!nome || nome.length < 2 || nome.length > 120 || !/\p{L}/u.test(nome)) throw invalidName();
  return { documento, nome, email: payer.email };
}

/** The organisation whose balance an account may top up: the first it owns or administers. */
export async function buyerOrganization(
  db: DbLike,
  accountId: string | undefined,
): Promise<string | undefined> {
  if (!accountId) return undefined;
  const row = await acrossFolders(db)
    .selectFrom('memberships')
    .select('organization_id')
    .where('account_id', '=', accountId)
    .where('role', 'in', ['owner', 'admin'])
    .orderBy('created_at')
    .orderBy('organization_id')
    .executeTakeFirst();
  return row?.organization_id;
}

async function knownCustomer(db: DbLike, accountId: string | undefined): Promise<string | undefined> {
  if (!accountId) return undefined;
  const row = await kyselyOf(db)
    .selectFrom('asaas_customers')
    .select('customer_id')
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return row?.customer_id;
}

const dueDate = (now: number) => utcDay(now + 24 * 3_600_000);
const reais = (centavos: number) => Math.round(centavos) / 100;

export interface ChargeAnswer {
  id: string;
  credito: string | null;
  pix: { copia_e_cola: string; imagem: string; expira_em: string };
  estado_em: string;
}

/** What admits one more charge: the network's daily cap, the pending limits, the total waiting. */
function chargeAdmission(config: AsaasConfig): Admission {
  return {
    table: 'asaas_charges',
    dailyCap: config.daily_cap_per_network ?? DEFAULT_ASAAS_DAILY_CAP,
    overDailyCap: dailyCharges,
    // An overdue charge may still be paid late: it keeps its place until pending_hours pass.
    waiting: ['pendente', 'vencido'],
    limits: asaasPendingLimits(config),
    maxPending: config.max_pending ?? DEFAULT_MAX_PENDING,
    overMaxPending: tooManyPending,
  };
}

/** Who buys: the organisation a balance goes to, and the account's Asaas customer or the payer to make one of. */
type Buyer = { organizationId?: string } & ({ customer: string } | { customer?: undefined; payer: NewPayer });

async function buyerOf(ctx: Context, input: ChargeInput): Promise<Buyer> {
  let organizationId: string | undefined;
  if (input.offer.kind === 'saldo') {
    organizationId = await buyerOrganization(ctx.db, input.accountId);
    // No session: 401. A valid session whose account administers no organisation: 403.
    if (!organizationId) throw input.accountId ? balanceForbidden() : balanceNeedsAccount();
  }
  const customer = await knownCustomer(ctx.db, input.accountId);
  // A returning account's customer is known to Asaas: the payer need not be sent again.
  if (customer !== undefined && input.payer.documento === undefined) {
    checkEmail(input.payer.email);
    return { organizationId, customer };
  }
  const payer = checkedPayer(input.payer);
  return customer !== undefined ? { organizationId, customer } : { organizationId, payer };
}

/** What the payer pays (centavos) and what is credited (micro-dollars). */
function priceOf(offer: Offer, brlPorUsd: number): { centavos: number; creditMicros: number } {
  if (offer.kind === 'pacote')
    return { centavos: packageCentavos(offer.usd, brlPorUsd), creditMicros: offer.usd * 1_000_000 };
  return { centavos: offer.centavos, creditMicros: Math.floor((offer.centavos * 10_000) / brlPorUsd) };
}

/** The charge's row and, for a package, its pending token: in the admission's transaction. */
async function insertCharge(
  trx: Kysely<BillingTables>,
  secret: string,
  place: PurchasePlace,
  input: ChargeInput,
  buyer: Buyer,
  price: { centavos: number; creditMicros: number },
): Promise<IssuedToken | undefined> {
  const { offer } = input;
  const issued =
    offer.kind === 'pacote' ? await issuePendingToken(trx, secret, 'asaas', place, offer.usd) : undefined;
  await kyselyOf(trx)
    .insertInto('asaas_charges')
    .values({
      ...place,
      state: 'pendente',
      offer: offer.kind,
      usd: offer.kind === 'pacote' ? offer.usd : null,
      brl_centavos: price.centavos,
      credit_micros: price.creditMicros,
      token_id: issued?.id ?? null,
      organization_id: buyer.organizationId ?? null,
      account_id: input.accountId ?? null,
      payment_id: null,
      asaas_status: null,
      expires_at: null,
      pagina: input.pagina?.slice(0, 2000) ?? null,
      navegador_id: input.navegadorId?.slice(0, 64) ?? null,
      paid_at: null,
    })
    .execute();
  return issued;
}

/** The account's Asaas customer: the one it had, else found or made by document (and remembered). */
async function customerOf(
  ctx: Context,
  client: AsaasClient,
  accountId: string | undefined,
  buyer: Buyer,
  now: number,
): Promise<string> {
  if (buyer.customer !== undefined) return buyer.customer;
  const { documento, nome, email } = buyer.payer;
  const customer =
    (await client.findCustomer(documento)) ??
    (await client.createCustomer({ name: nome, cpfCnpj: documento, ...(email ? { email } : {}) }));
  if (accountId)
    await kyselyOf(ctx.db)
      .insertInto('asaas_customers')
      .values({ account_id: accountId, customer_id: customer, created_at: now })
      .onConflict((oc) => oc.column('account_id').doNothing())
      .execute();
  return customer;
}

/** The Asaas payment (made once, see createPaymentOnce), its id kept on the charge. */
async function requestPayment(
  ctx: Context,
  client: AsaasClient,
  id: string,
  customer: string,
  offer: Offer,
  centavos: number,
  now: number,
): Promise<AsaasPayment> {
  const payment = await createPaymentOnce(client, {
    customer,
    value: reais(centavos),
    dueDate: dueDate(now),
    description: offer.kind === 'pacote' ? `Crédito US$ ${offer.usd}` : 'Saldo pré-pago',
    externalReference: id,
  });
  await kyselyOf(ctx.db)
    .updateTable('asaas_charges')
    .set({ payment_id: payment.id, asaas_status: payment.status })
    .where('id', '=', id)
    .execute();
  return payment;
}

/** The payment's Pix QR code, its expiry kept on the charge (null when Asaas gives none we can read). */
async function fetchQrCode(
  ctx: Context,
  client: AsaasClient,
  id: string,
  paymentId: string,
): Promise<{ payload: string; encodedImage: string; expires: number | null }> {
  const qr = await client.pixQrCode(paymentId);
  const parsed = Date.parse(qr.expirationDate.replace(' ', 'T'));
  const expires = Number.isFinite(parsed) ? parsed : null;
  await kyselyOf(ctx.db)
    .updateTable('asaas_charges')
    .set({ expires_at: expires })
    .where('id', '=', id)
    .execute();
  return { payload: qr.payload, encodedImage: qr.encodedImage, expires };
}

/**
 * The steps of a charge: who buys, the price, the admission and the row (one transaction,
 * pending-purchase.ts), then the Asaas calls — customer, payment, QR code. When an Asaas
 * call fails the charge is rolled back in one place (failPurchase) and answered 502.
 */
export async function createCharge(
  ctx: Context,
  client: AsaasClient,
  input: ChargeInput,
  now = Date.now(),
): Promise<ChargeAnswer> {
  const setup = asaasSetupOf(ctx);
  if (!setup) throw asaasUnavailable();
  const buyer = await buyerOf(ctx, input);
  const price = priceOf(input.offer, setup.brlPorUsd);
  const place = purchasePlace(ctx.secret, input.address, now);
  const { id } = place;
  const token = await openPurchase(ctx, chargeAdmission(setup.config), place, (trx) =>
    insertCharge(trx, ctx.secret, place, input, buyer, price),
  );
  try {
    const customer = await customerOf(ctx, client, input.accountId, buyer, now);
    const payment = await requestPayment(ctx, client, id, customer, input.offer, price.centavos, now);
    const qr = await fetchQrCode(ctx, client, id, payment.id);
    ctx.logger.info({ asaas_charge: id, offer: input.offer.kind }, 'asaas charge pending');
    return {
      id,
      credito: token?.token ?? null,
      pix: {
        copia_e_cola: qr.payload,
        imagem: `data:image/png;base64,${qr.encodedImage}`,
        expira_em: new Date(qr.expires ?? now + 24 * 3_600_000).toISOString(),
      },
      estado_em: new Date(now).toISOString(),
    };
  } catch (err) {
    if (!(err instanceof AsaasError)) throw err;
    await failPurchase(ctx, 'asaas_charges', id, token);
    ctx.logger.warn({ asaas_charge: id, call: err.call, status: err.status }, 'asaas charge not generated');
    throw asaasFailed();
  }
}

/**
 * Creates the payment, trying twice. Before the second try (and after it fails) the
 * payment is looked up by our id: a create that failed on the way back may have made the
 * charge, and a second create would charge twice.
 */
async function createPaymentOnce(
  client: AsaasClient,
  input: Parameters<AsaasClient['createPayment']>[0],
): Promise<AsaasPayment> {
  try {
    return await client.createPayment(input);
  } catch (first) {
    if (!(first instanceof AsaasError)) throw first;
    const made = await client.findPaymentByReference(input.externalReference);
    if (made) return made;
    if (typeof first.status === 'number' && first.status >= 400 && first.status < 500) throw first;
    try {
      return await client.createPayment(input);
    } catch (second) {
      if (!(second instanceof AsaasError)) throw second;
      const later = await client.findPaymentByReference(input.externalReference);
      if (later) return later;
      throw second;
    }
  }
}

export async function chargeState(
  db: DbLike,
  id: string,
): Promise<{ estado: ChargeState; pago_em: string | null } | undefined> {
  const row = await kyselyOf(db)
    .selectFrom('asaas_charges')
    .select(['state', 'paid_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row && { estado: row.state, pago_em: row.paid_at === null ? null : iso(Number(row.paid_at)) };
}

export async function asaasOffers(ctx: Context, accountId: string | undefined) {
  const setup = asaasSetupOf(ctx);
  // The prices show in reais whenever a rate is configured, also while Asaas is off; without
  // a rate nothing is priced in reais (never R$ 0,00): no packages are listed.
  const payments = ctx.config.file.payments;
  const rate = setup?.brlPorUsd ?? payments?.asaas?.brl_por_usd ?? payments?.pix?.brl_por_usd;
  const known = await knownCustomer(ctx.db, accountId);
  return {
    disponivel: setup !== undefined,
    pacotes: rate ? PACKAGES_USD.map((usd) => ({ usd, brl_centavos: packageCentavos(usd, rate) })) : [],
    saldo: {
      min_centavos: SALDO_MIN_CENTAVOS,
      max_centavos: SALDO_MAX_CENTAVOS,
      pode_comprar: setup !== undefined && (await buyerOrganization(ctx.db, accountId)) !== undefined,
    },
    precisa_documento: known === undefined,
  };
}

// The `payments` section of the SVC_CONFIG file (docs/payments.md, docs/configuration.md).
// Absent: every credit route answers "not configured" and model calls stay free.
import { type Static, Type } from '@sinclair/typebox';
import type { ConfigSection } from '../../platform/config/index.js';

const Address = Type.String({ pattern: '^0x[0-9a-fA-F]{40}$' });
const HttpUrl = Type.String({ pattern: '^https?://' });

export const X402Schema = Type.Object(
  {
    network: Type.Union([Type.Literal('base'), Type.Literal('base-sepolia')]),
    /** The house wallet that receives the USDC. */
    pay_to: Address,
    /** x402 v1 facilitator: POST /verify and /settle. */
    facilitator_url: HttpUrl,
    /** Overrides for a test chain; by default they follow from `network`. */
    asset: Type.Optional(Address),
    chain_id: Type.Optional(Type.Integer({ minimum: 1 })),
    eip712: Type.Optional(
      Type.Object(
        { name: Type.String({ minLength: 1 }), version: Type.String({ minLength: 1 }) },
        { additionalProperties: false },
      ),
    ),
    /** How long a signed authorisation may take to reach us (x402 `maxTimeoutSeconds`). */
    max_timeout_seconds: Type.Optional(Type.Integer({ minimum: 10, maximum: 3600 })),
    /** Each facilitator call's deadline; past it the payment counts as unpaid. */
    facilitator_timeout_ms: Type.Optional(Type.Integer({ minimum: 100, maximum: 120_000 })),
    /** US dollars of credit sold through x402 per UTC day; 0 or absent = no cap. */
    daily_cap_usd: Type.Optional(Type.Integer({ minimum: 0 })),
    /** How often each instance finishes payments a crash left unfinished (also once at start); default 60. */
    reconcile_every_seconds: Type.Optional(Type.Integer({ minimum: 1, maximum: 3600 })),
  },
  { additionalProperties: false },
);

/** Pending requests or charges (gateway/billing/pending.ts): how long they count, and where from. */
const pendingSettings = {
  /** Hours a pending one counts against the limits (default 24). */
  pending_hours: Type.Optional(Type.Integer({ minimum: 1, maximum: 720 })),
  /** Pending ones per client address (IPv4, IPv6 /64) before 429 `pending_limit`. */
  pending_per_address: Type.Optional(Type.Integer({ minimum: 1 })),
  /** Pending ones per network (IPv4 /24, IPv6 /48) before 429 `pending_limit`. */
  pending_per_network: Type.Optional(Type.Integer({ minimum: 1 })),
};

export const PixSchema = Type.Object(
  {
    /** The Pix key payments go to (e-mail, phone, CPF/CNPJ or random key). */
    chave: Type.String({ minLength: 1, maxLength: 77 }),
    /** Receiver name and city as the BR Code carries them (EMV fields 59 and 60). */
    nome: Type.String({ minLength: 1, maxLength: 25 }),
    cidade: Type.String({ minLength: 1, maxLength: 15 }),
    /** Fixed exchange rate: reais per US dollar. */
    brl_por_usd: Type.Number({ exclusiveMinimum: 0 }),
    /** Where the proofs of payment are e-mailed for review. */
    owner_email: Type.String({ minLength: 3, pattern: '^[^@\\s]+@[^@\\s]+$' }),
    /** Requests waiting for review before new ones get 503. */
    review_queue_size: Type.Optional(Type.Integer({ minimum: 1 })),
    /** Requests per network (client address) per UTC day before 429. */
    daily_cap_per_network: Type.Optional(Type.Integer({ minimum: 1 })),
    ...pendingSettings,
  },
  { additionalProperties: false },
);

export const AsaasSchema = Type.Object(
  {
    base_url: HttpUrl,
    api_key: Type.String({ minLength: 1 }),
    /** Asaas sends it in the `asaas-access-token` header of every webhook. */
    webhook_token: Type.String({ minLength: 16 }),
    /** Charges per network (client address) per UTC day before 429. */
    daily_cap_per_network: Type.Optional(Type.Integer({ minimum: 1 })),
    /** Charges awaiting payment before new ones get 503. */
    max_pending: Type.Optional(Type.Integer({ minimum: 1 })),
    ...pendingSettings,
    /** Reais per US dollar for packages and balance; absent: `pix.brl_por_usd`. */
    brl_por_usd: Type.Optional(Type.Number({ exclusiveMinimum: 0 })),
  },
  { additionalProperties: false },
);

export const PaymentsSchema = Type.Object(
  {
    /** `dev`: calls pass unpaid and the 402 is simulated; `live`: real payments. */
    mode: Type.Union([Type.Literal('dev'), Type.Literal('live')]),
    x402: Type.Optional(X402Schema),
    pix: Type.Optional(PixSchema),
    asaas: Type.Optional(AsaasSchema),
    /**
     * US dollars per worker job, by capability (`svc.ocr`, …), charged to prepaid
     * organisations: reserved when the job is submitted, kept when it completes, given back
     * when it fails, is cancelled or expires. A capability without a price is free.
     */
    job_prices_usd: Type.Optional(
      Type.Record(
        Type.String({ pattern: '^svc\\.[a-z][a-z.]*$' }),
        Type.Number({ minimum: 0, maximum: 1000 }),
      ),
    ),
  },
  { additionalProperties: false },
);

export type PaymentsConfig = Static<typeof PaymentsSchema>;
export type X402Config = Static<typeof X402Schema>;
export type PixConfig = Static<typeof PixSchema>;
export type AsaasConfig = Static<typeof AsaasSchema>;

/** Asaas charges are in reais: without a rate of its own or the Pix one, every package would cost R$ 0,00. */
function checkRates(payments: PaymentsConfig, problems: string[]): void {
  if (payments.asaas && !payments.asaas.brl_por_usd && !payments.pix)
    problems.push(
      'SVC_CONFIG /payments/asaas/brl_por_usd: required when payments.pix (and its rate) is absent',
    );
}

export const PAYMENTS_SECTION: ConfigSection<typeof PaymentsSchema> = {
  schema: PaymentsSchema,
  check: checkRates,
};

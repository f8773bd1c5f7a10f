// The config file's `contact` and `partners` sections: where contact messages go, and the
// editorial content of the partners document (GET /api/partners). docs/operator.md has an
// example. Everything in `partners` is optional: without it the document is published with
// no placements and no sponsors.
import { type Static, Type } from '@sinclair/typebox';

const Id = Type.String({ pattern: '^[a-z0-9][a-z0-9_-]{0,39}$' });
const Url = Type.String({ pattern: '^https?://', maxLength: 2000 });
const Price = Type.Union([Type.Number({ minimum: 0 }), Type.Null()]);

export const ContactSchema = Type.Object(
  {
    /** Where contact messages are e-mailed (the sender's address is the reply-to). */
    to: Type.String({ pattern: '^[^@\\s]+@[^@\\s]+$', maxLength: 254 }),
  },
  { additionalProperties: false },
);

export const PlacementSchema = Type.Object(
  {
    id: Id,
    nome: Type.String({ minLength: 1 }),
    onde: Type.String(),
    formato: Type.String(),
    exclusivo: Type.Boolean(),
    medicao: Type.String(),
    /** Null: on request. */
    price_usd_30d: Price,
    /** Prices for 30, 90 and 365 days; absent: the 30-day price, the others on request. */
    exposure: Type.Optional(
      Type.Array(
        Type.Object(
          {
            dias: Type.Union([Type.Literal(30), Type.Literal(90), Type.Literal(365)]),
            price_usd: Price,
          },
          { additionalProperties: false },
        ),
        { maxItems: 3 },
      ),
    ),
    disponivel: Type.Boolean(),
  },
  { additionalProperties: false },
);

export const SponsorSchema = Type.Object(
  {
    id: Id,
    nome: Type.String({ minLength: 1 }),
    url: Url,
    frase: Type.String(),
    espacos: Type.Array(Id),
    /** Last day of the sponsorship (YYYY-MM-DD); the document lists it until that day ends. */
    ate: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
  },
  { additionalProperties: false },
);

export const PartnerPaymentSchema = Type.Object(
  {
    rede: Type.String(),
    chain_id: Type.Integer({ minimum: 1 }),
    ativo: Type.Boolean(),
    pay_to: Type.Union([Type.String(), Type.Null()]),
    eip681: Type.Union([Type.String(), Type.Null()]),
    alternativas: Type.Array(Type.String()),
    nota: Type.String(),
  },
  { additionalProperties: false },
);

export const PartnersSchema = Type.Object(
  {
    titulo: Type.Optional(Type.String()),
    descricao: Type.Optional(Type.String()),
    publico: Type.Optional(Type.String()),
    placements: Type.Optional(Type.Array(PlacementSchema, { maxItems: 50 })),
    /** The house bundle offer, as the operator describes it (free form), or null. */
    house_bundle: Type.Optional(Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()])),
    parcerias: Type.Optional(Type.Array(Type.String())),
    current_sponsors: Type.Optional(Type.Array(SponsorSchema)),
    /** Figures the operator chooses to show (free form); links to the live ones are added. */
    stats: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    payment: Type.Optional(PartnerPaymentSchema),
    politica: Type.Optional(Type.String()),
    /** A public address shown in the document (null: none; messages still reach `contact.to`). */
    contact_email: Type.Optional(Type.Union([Type.String({ maxLength: 254 }), Type.Null()])),
    form_url: Type.Optional(Type.Union([Url, Type.Null()])),
    /** The partners page, once it exists. */
    page_url: Type.Optional(Type.Union([Url, Type.Null()])),
    /** The product's home; PUBLIC_ORIGIN when absent. */
    casa_url: Type.Optional(Url),
  },
  { additionalProperties: false },
);

export type ContactConfig = Static<typeof ContactSchema>;
export type PartnersConfig = Static<typeof PartnersSchema>;
export type PlacementConfig = Static<typeof PlacementSchema>;

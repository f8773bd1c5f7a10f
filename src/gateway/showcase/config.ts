// `showcase` section of the SVC_CONFIG file. Its presence turns the collector on (the
// "control plane" of the operator's showcase routes, docs/operator.md).
import { type Static, Type } from '@sinclair/typebox';

export const SHOWCASE_DEFAULTS = { intervaloMinutos: 60 } as const;

export const ShowcaseConfigSchema = Type.Object(
  {
    /** Display name in the document (`nome`); default: the product id. */
    nome: Type.Optional(Type.String({ minLength: 1, maxLength: 80 })),
    /** false: no periodic collector; only `svc vitrine collect` publishes (e.g. from cron). */
    periodico: Type.Optional(Type.Boolean()),
    /** Minutes between two periodic collections. */
    intervaloMinutos: Type.Optional(Type.Integer({ minimum: 1, maximum: 1440 })),
    /** First day (YYYY-MM-DD) from which the series is valid; earlier days are left out. */
    desde: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })),
  },
  { additionalProperties: false },
);

export type ShowcaseConfig = Static<typeof ShowcaseConfigSchema>;

// `funnel` section of the SVC_CONFIG file: the archive's ceilings (docs/telemetry.md).
import { type Static, Type } from '@sinclair/typebox';

export const FUNNEL_DEFAULTS = { bytesDia: 64 * 1024 * 1024, dias: 90 } as const;

export const FunnelConfigSchema = Type.Object(
  {
    /** Bytes of NDJSON stored per UTC day; batches beyond it are ignored (204). */
    bytesDia: Type.Optional(Type.Integer({ minimum: 1024, maximum: 4 * 1024 * 1024 * 1024 })),
    /** Days kept, today included; older days are purged. */
    dias: Type.Optional(Type.Integer({ minimum: 1, maximum: 3660 })),
  },
  { additionalProperties: false },
);

export type FunnelConfig = Static<typeof FunnelConfigSchema>;

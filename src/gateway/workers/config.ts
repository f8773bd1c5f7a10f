// The `workers` section of SVC_CONFIG: how the gateway runs worker jobs (waits, leases,
// limits, retention; docs/workers.md) and, under `reference`, what the reference worker
// (`svc worker`) forwards to.
import { type Static, Type } from '@sinclair/typebox';

const Seconds = (max: number) => Type.Number({ minimum: 0, maximum: max });

const ForwardSchema = Type.Object(
  {
    /** An OpenAI-compatible server, e.g. https://api.openai.com/v1 */
    base_url: Type.String({ pattern: '^https?://' }),
    api_key: Type.Optional(Type.String()),
    model: Type.String({ minLength: 1 }),
  },
  { additionalProperties: false },
);

export const WorkersSchema = Type.Object(
  {
    /** Synchronous waits (s) before a 202; 0 = answer 202 at once. */
    waits: Type.Optional(
      Type.Object(
        {
          embeddings: Type.Optional(Seconds(600)),
          speech: Type.Optional(Seconds(600)),
          ocr: Type.Optional(Seconds(600)),
        },
        { additionalProperties: false },
      ),
    ),
    /** How long a lease lasts without a heartbeat (s). */
    lease_seconds: Type.Optional(Type.Number({ minimum: 0.2, maximum: 3600 })),
    /** Leases per job before it fails (an expired lease counts). */
    max_attempts: Type.Optional(Type.Integer({ minimum: 1, maximum: 20 })),
    /** Longest long poll a worker may ask for (s). */
    max_poll_seconds: Type.Optional(Type.Number({ minimum: 0, maximum: 60 })),
    /** A worker counts as available if seen within this many seconds. */
    fresh_seconds: Type.Optional(Type.Number({ minimum: 1, maximum: 3600 })),
    /** Finished jobs (status, result) are deleted this long after they finish (s). */
    result_ttl_seconds: Type.Optional(Type.Integer({ minimum: 60 })),
    /** A job no worker leased within this time fails with `expired` (s). */
    queue_ttl_seconds: Type.Optional(Type.Integer({ minimum: 10 })),
    /** The reference worker's upstreams, per capability. */
    reference: Type.Optional(
      Type.Object(
        {
          embeddings: Type.Optional(ForwardSchema),
          transcription: Type.Optional(ForwardSchema),
          /** svc.documents.review: the gateway model and the API key (svck_…) the worker calls it with. */
          review: Type.Optional(
            Type.Object(
              { model: Type.String({ minLength: 1 }), api_key: Type.String({ minLength: 1 }) },
              { additionalProperties: false },
            ),
          ),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

export type WorkersConfig = Static<typeof WorkersSchema>;

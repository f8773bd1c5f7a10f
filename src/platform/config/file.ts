// The SVC_CONFIG file (JSON or YAML): providers and the model catalogue.
import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { AUTO_ID, ECO_ID } from '../model-ids.js';
import { TranscriptionSchema } from './transcription.js';
import { ExtractionSchema } from './extraction.js';

/** Per-model price in the catalogue (`models[].price`): US dollars per million tokens. */
export const PriceSchema = Type.Object(
  {
    input_per_mtok_usd: Type.Number({ minimum: 0 }),
    output_per_mtok_usd: Type.Number({ minimum: 0 }),
  },
  { additionalProperties: false },
);

export const ProviderSchema = Type.Object(
  {
    type: Type.Union([Type.Literal('openai'), Type.Literal('anthropic')]),
    base_url: Type.String({ pattern: '^https?://' }),
    api_key: Type.Optional(Type.String()),
    /** Send the call's W3C trace context (traceparent) to this provider when tracing is on. */
    propagate_trace: Type.Optional(Type.Boolean()),
    /**
     * `openai` only: the provider serves the Responses API (`POST {base_url}/responses`), so
     * `/v1/responses` calls pass through in that format instead of being translated to chat.
     */
    responses_api: Type.Optional(Type.Boolean()),
    /**
     * Where the provider processes the data (e.g. `us`, `eu`, `br`): the request log and the
     * record of processing show it for the assessment of international transfers (LGPD art. 33).
     */
    region: Type.Optional(Type.String({ pattern: '^[a-z]{2}(-[a-z0-9-]{1,30})?$' })),
  },
  { additionalProperties: false },
);

/** A model name as clients send it: no spaces, at most 200 characters, not in the `svc/` namespace. */
export const ALIAS_PATTERN = '^(?!svc/)[^\\s]{1,200}$';

/** What a model entry gets when it leaves out the descriptive fields. */
export const MODEL_DEFAULTS = { context_window: 128_000 } as const;

export const ModelSchema = Type.Object(
  {
    id: Type.String({ pattern: '^svc/[a-z0-9][a-z0-9._-]*$' }),
    provider: Type.String({ minLength: 1 }),
    upstream_model: Type.String({ minLength: 1 }),
    /** `embedding`: served by `POST /v1/embeddings` (OpenAI-type providers only); default `chat`. */
    kind: Type.Optional(Type.Union([Type.Literal('chat'), Type.Literal('embedding')])),
    /**
     * Other names callers may use for this model (drop-in names such as `gpt-4o-mini`); the
     * upstream model name is one too when no other model claims it (gateway/pipeline/catalogue.ts).
     */
    aliases: Type.Optional(Type.Array(Type.String({ pattern: ALIAS_PATTERN }))),
    /** Defaults (MODEL_DEFAULTS): the upstream model name, 128000, a sentence naming model and provider. */
    display_name: Type.Optional(Type.String({ minLength: 1 })),
    context_window: Type.Optional(Type.Integer({ minimum: 1 })),
    description: Type.Optional(Type.String()),
    /** What a prepaid organisation pays for this model (docs/payments.md); absent = free. */
    price: Type.Optional(PriceSchema),
    /** Hints for svc/auto (docs/gateway.md); absent = tier 2, tools yes, any language. */
    auto: Type.Optional(
      Type.Object(
        {
          tier: Type.Optional(Type.Integer({ minimum: 1, maximum: 3 })),
          tools: Type.Optional(Type.Boolean()),
          code: Type.Optional(Type.Boolean()),
          languages: Type.Optional(Type.Array(Type.String({ minLength: 2 }))),
          max_output_tokens: Type.Optional(Type.Integer({ minimum: 1 })),
          exclude: Type.Optional(Type.Boolean()),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

/** The settings every process knows; the sections of other modules come from the caller (ConfigSection). */
const platformSettings = {
  providers: Type.Optional(Type.Record(Type.String(), ProviderSchema)),
  models: Type.Optional(Type.Array(ModelSchema)),
  /** `false` hides the built-in svc/eco; by default it stays beside the configured models. */
  eco: Type.Optional(Type.Boolean()),
  /** Gateway limits where the organisation sets none (docs/gateway.md "Limits"). */
  limits: Type.Optional(
    Type.Object(
      {
        requests_per_minute: Type.Optional(Type.Integer({ minimum: 1 })),
        /** Model tokens (in + out) per organisation and calendar month (UTC); 0 = no quota. */
        monthly_quota: Type.Optional(Type.Integer({ minimum: 0 })),
        /** Prefix of the counters' keys in Redis (REDIS_URL), for instances sharing a Redis. */
        redis_prefix: Type.Optional(Type.String({ minLength: 1 })),
      },
      { additionalProperties: false },
    ),
  ),
  transcription: Type.Optional(TranscriptionSchema),
  extraction: Type.Optional(ExtractionSchema),
};

/**
 * A top-level section of the file that a module outside the platform owns (src/config.ts lists
 * them): its schema, and the checks across its settings that a schema cannot say, which run
 * once the whole file is valid and push one line per problem.
 */
export interface ConfigSection<S extends TSchema = TSchema> {
  schema: S;
  check?(value: Static<S>, problems: string[]): void;
}

export type ConfigSections = Readonly<Record<string, ConfigSection>>;

/** Each section optional, typed by its schema. */
export type SectionValues<T extends ConfigSections> = {
  [K in keyof T]?: T[K] extends ConfigSection<infer S> ? Static<S> : never;
};

/**
 * The sections of other modules as the rest of the code reads them (`config.file.payments`):
 * empty here, filled in by the module that lists the sections (src/config.ts), so the type
 * and the list the loader validates against come from one place.
 */
// biome-ignore lint/suspicious/noEmptyInterface: declaration merging fills it in.
export interface FileSections {}

/** The file's schema with the caller's sections beside the platform's settings. */
export function fileConfigSchema(sections: ConfigSections) {
  const extra = Object.fromEntries(
    Object.entries(sections).map(([key, section]) => [key, Type.Optional(section.schema)]),
  );
  return Type.Object({ ...platformSettings, ...extra }, { additionalProperties: false });
}

const PlatformFileSchema = Type.Object(platformSettings);

export type FileConfig = Static<typeof PlatformFileSchema> & FileSections;
export type ProviderConfig = Static<typeof ProviderSchema>;
export type ModelConfig = Static<typeof ModelSchema>;

/** Ids the service defines itself; a catalogue entry may not take them. */
export const RESERVED_MODEL_IDS = new Set([AUTO_ID, ECO_ID]);

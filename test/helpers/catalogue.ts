// Catalogue entries and the OpenAI-compatible vendor that serves them, as tests write them
// into SVC_CONFIG: each test names what it depends on (id, price, context window, vendor
// address) and the rest is filler that no assertion reads.
import type { FileConfig, ModelConfig } from '../../src/platform/config/index.js';

export type Price = NonNullable<ModelConfig['price']>;

/** 1000 micro-dollars per input token, 2000 per output token. */
export const PRICE: Price = { input_per_mtok_usd: 1000, output_per_mtok_usd: 2000 };
/** One micro-dollar a token, in and out. */
export const MICRO_A_TOKEN: Price = { input_per_mtok_usd: 1, output_per_mtok_usd: 1 };

export interface ModelOptions {
  /** Default `oa`, the provider of `openaiVendor`. */
  provider?: string;
  contextWindow?: number;
  /** Absent: a free model. */
  price?: Price;
}

/** A catalogue entry served as upstream model `g`. */
export function catalogueModel(id: string, options: ModelOptions = {}): ModelConfig {
  return {
    id,
    provider: options.provider ?? 'oa',
    upstream_model: 'g',
    display_name: 'G',
    context_window: options.contextWindow ?? 8192,
    description: 'd',
    ...(options.price ? { price: options.price } : {}),
  };
}

/** Provider `oa`, OpenAI-compatible at `origin` (a fake upstream), serving `models`. */
export function openaiVendor(
  origin: string,
  models: ModelConfig[],
): Pick<FileConfig, 'providers' | 'models'> {
  return { providers: { oa: { type: 'openai', base_url: `${origin}/v1` } }, models };
}

// Which cleaning applies: the one place that turns what an organisation chose (policy, name
// sensitivity, the categories it masks) and what a request asks for into the barrier's
// options. Every route that cleans asks here; none builds cleaner options of its own
// (test/gateway/orgs/cleaning-choice.test.ts holds the codebase to that). A key brings
// its organisation's settings (keys/auth.ts reads them with barrierOf); a session acting
// for an organisation does the same with that organisation's row; anything acting for no
// organisation (an account key, the CLI, the gateway's own logs) uses DEFAULT_BARRIER.
//
// A request may only tighten: placeholder < redact < block, balanced < strict. It cannot
// switch a category on or off: what an organisation masks is masked on every route.
import {
  CATEGORIES,
  type Category,
  type Cleaner,
  createCleaner,
  DEFAULT_SENSITIVITY,
  isCategory,
  isPolicy,
  isSensitivity,
  type Policy,
  type Sensitivity,
  strictest,
  strictestSensitivity,
} from '../../privacy/index.js';

/**
 * Images and PDFs in a model request: `refuse` them (400 unsupported_content), or `redact`
 * them (OCR, the personal data filled solid, then sent; docs/privacy.md "Images and PDFs").
 */
export type ImagesSetting = 'refuse' | 'redact';
export const IMAGES_SETTINGS: readonly ImagesSetting[] = ['refuse', 'redact'];
export const isImagesSetting = (v: unknown): v is ImagesSetting => v === 'refuse' || v === 'redact';

/** What an organisation chose for its barrier (an account without one gets the defaults). */
export interface BarrierSettings {
  policy: Policy;
  nameSensitivity: Sensitivity;
  /** The categories masked: every one of CATEGORIES unless the organisation switched some off. */
  categories: readonly Category[];
  images: ImagesSetting;
}

/** What a caller asks for on one request (headers, body or form fields, CLI flags). */
export interface CleaningAsk {
  policy?: Policy;
  nameSensitivity?: Sensitivity;
  /** `refuse`: this request's images are refused even where the organisation redacts them. */
  images?: ImagesSetting;
}

/** The barrier's options for one request (the answer to "which cleaning applies"): settings of the same shape. */
export type CleaningChoice = BarrierSettings;

/** An account without an organisation, the CLI, the internal services' key. */
export const DEFAULT_BARRIER: BarrierSettings = Object.freeze({
  policy: 'placeholder',
  nameSensitivity: DEFAULT_SENSITIVITY,
  categories: CATEGORIES,
  images: 'refuse',
});

/** The stricter of the settings and the request, for each of policy and sensitivity. */
export function chooseCleaning(settings: BarrierSettings, asked: CleaningAsk = {}): CleaningChoice {
  return {
    policy: strictest(settings.policy, asked.policy),
    nameSensitivity: strictestSensitivity(settings.nameSensitivity, asked.nameSensitivity),
    categories: settings.categories,
    images: asked.images === 'refuse' ? 'refuse' : settings.images,
  };
}

/** A cleaner for one request (one placeholder numbering), with the cleaning that applies. */
export function cleanerFor(
  settings: BarrierSettings,
  asked: CleaningAsk = {},
  extra: { includeBusinessPhones?: boolean } = {},
): Cleaner {
  return createCleaner({ ...findOptions(chooseCleaning(settings, asked)), ...extra });
}

/** The detectors' options of a choice (the barrier's, and the OCR finder's on images). */
export function findOptions(choice: CleaningChoice): {
  policy: Policy;
  nameSensitivity: Sensitivity;
  categories: readonly Category[] | undefined;
} {
  // Every category is the engine's default: left unsaid, it skips choosing detectors per text.
  const all = choice.categories === CATEGORIES || CATEGORIES.every((c) => choice.categories.includes(c));
  return {
    policy: choice.policy,
    nameSensitivity: choice.nameSensitivity,
    categories: all ? undefined : choice.categories,
  };
}

/** The columns an organisation's barrier settings are stored in (also on worker jobs). */
export interface StoredBarrier {
  privacy_policy: string | null;
  name_sensitivity: string | null;
  /** JSON array of the categories NOT masked; null or empty: every category is masked. */
  unmasked_categories: string | null;
  /** Absent where it is not stored (worker jobs carry no images): `refuse`. */
  images?: string | null;
}

/**
 * Settings from their stored form. The organisation keeps the categories it switched off,
 * not those it masks, so a category added in a later version is masked from the start; an
 * unreadable or unknown value falls back to the strict side (masked, default policy).
 */
export function barrierOf(row: StoredBarrier | null | undefined): BarrierSettings {
  if (!row) return DEFAULT_BARRIER;
  const off = parseCategories(row.unmasked_categories);
  return {
    policy: isPolicy(row.privacy_policy) ? row.privacy_policy : DEFAULT_BARRIER.policy,
    nameSensitivity: isSensitivity(row.name_sensitivity) ? row.name_sensitivity : DEFAULT_SENSITIVITY,
    categories: off.length === 0 ? CATEGORIES : CATEGORIES.filter((c) => !off.includes(c)),
    images: row.images === 'redact' ? 'redact' : 'refuse',
  };
}

/** The stored form of the categories switched off, given those masked (null: none off). */
export function unmaskedColumn(masked: readonly Category[]): string | null {
  const off = CATEGORIES.filter((c) => !masked.includes(c));
  return off.length === 0 ? null : JSON.stringify(off);
}

function parseCategories(json: string | null): Category[] {
  if (!json) return [];
  try {
    const list: unknown = JSON.parse(json);
    return Array.isArray(list) ? list.filter(isCategory) : [];
  } catch {
    return [];
  }
}

// The barrier settings of `svc org set` besides --policy: --names strict|balanced (how
// readily words are taken for person names), --mask / --unmask (which categories of
// personal data the organisation masks) and --images refuse|redact (images and PDFs in
// model requests). docs/privacy.md has what each means.
import type { OrganizationSettings } from '../gateway/orgs/store.js';
import { type BarrierSettings, IMAGES_SETTINGS, unmaskedColumn } from '../gateway/orgs/cleaning-choice.js';
import { CATEGORIES, type Category, isCategory, SENSITIVITIES } from '../privacy/index.js';
import { oneOf } from './args.js';
import { UsageError } from './command.js';

export const BARRIER_OPTIONS = {
  names: { type: 'string' },
  mask: { type: 'string' },
  unmask: { type: 'string' },
  images: { type: 'string' },
} as const;

export const BARRIER_USAGE = `--names: name detection, balanced (the default) or strict (masks more words as names).
--unmask CAT,…: stop masking these categories (each is personal data under the LGPD: the
model vendor will receive them). --mask CAT,…|all: mask them again (all: every category,
the default). Categories: ${CATEGORIES.join(', ')}.
--images: images and PDFs in model requests, refuse (the default: 400 unsupported_content)
or redact (read by OCR, the personal data blacked out before the vendor receives them).`;

/** The column's new value, or undefined when the option was not given. */
export function namesSetting(value: string | undefined): Pick<OrganizationSettings, 'name_sensitivity'> {
  const chosen = oneOf('names', value, SENSITIVITIES);
  return chosen === undefined ? {} : { name_sensitivity: chosen };
}

/** --images refuse|redact, or undefined when the option was not given. */
export function imagesSetting(value: string | undefined): Pick<OrganizationSettings, 'images'> {
  const chosen = oneOf('images', value, IMAGES_SETTINGS);
  return chosen === undefined ? {} : { images: chosen };
}

function categoryList(flag: string, value: string): Category[] {
  const items = value.split(',').map((s) => s.trim());
  const bad = items.find((c) => !isCategory(c));
  if (bad !== undefined)
    throw new UsageError(`--${flag}: "${bad}" is not a category (${CATEGORIES.join(', ')})`);
  return items as Category[];
}

/**
 * --mask then --unmask, checked now (before any storage is opened), applied to the
 * organisation's current settings later; undefined when neither was given. A category
 * named in both is refused.
 */
export function categoriesChange(
  mask: string | undefined,
  unmask: string | undefined,
): ((current: BarrierSettings) => Pick<OrganizationSettings, 'unmasked_categories'>) | undefined {
  if (mask === undefined && unmask === undefined) return undefined;
  const masking = mask === undefined ? [] : mask === 'all' ? [...CATEGORIES] : categoryList('mask', mask);
  const unmasking = unmask === undefined ? [] : categoryList('unmask', unmask);
  const both = masking.find((c) => unmasking.includes(c));
  if (both !== undefined) throw new UsageError(`--mask and --unmask both name "${both}"`);
  return (current) => {
    const masked = CATEGORIES.filter(
      (c) => !unmasking.includes(c) && (masking.includes(c) || current.categories.includes(c)),
    );
    return { unmasked_categories: unmaskedColumn(masked) };
  };
}

// The detector registry: every category of personal data is one detector module under
// detectors/, listed once below. The category list, placeholder labels, findings order,
// overlap priorities, context words and the placeholder pattern all derive from it.
import { Analysis } from './analysis.js';
import { ContextWords, SHARED_CONTEXT } from './context.js';
import { cnpjDetector } from './detectors/cnpj.js';
import { cpfDetector } from './detectors/cpf.js';
import { emailDetector } from './detectors/email.js';
import { nameDetector } from './detectors/nome.js';
import { phoneDetector } from './detectors/telefone.js';
import type { MappedText } from './normalize.js';
import type { Detector } from './types.js';

/** Every detector; the order here is irrelevant (each declares its own orders). */
const DETECTORS = [cpfDetector, cnpjDetector, emailDetector, phoneDetector, nameDetector] as const;

/** Categories of personal data, as they appear in findings. */
export type Category = (typeof DETECTORS)[number]['category'];

const byOrder = (DETECTORS as readonly Detector[]).slice().sort((a, b) => a.order - b.order);
const byCategory = new Map<string, Detector>(byOrder.map((d) => [d.category, d]));

function assertDistinct(what: string, values: readonly (string | number)[]): void {
  const seen = new Set<string | number>();
  for (const v of values) {
    if (seen.has(v)) throw new Error(`privacy registry: two detectors share the ${what} ${v}`);
    seen.add(v);
  }
}
assertDistinct(
  'category',
  byOrder.map((d) => d.category),
);
assertDistinct(
  'label',
  byOrder.map((d) => d.label),
);
assertDistinct(
  'findings order',
  byOrder.map((d) => d.order),
);
assertDistinct(
  'priority',
  byOrder.map((d) => d.priority),
);

/** Every category, in findings order. */
export const CATEGORIES: readonly Category[] = byOrder.map((d) => d.category);

export function isCategory(v: unknown): v is Category {
  return typeof v === 'string' && byCategory.has(v);
}

/** The detector of a category. */
export function detectorOf(category: Category): Detector {
  return byCategory.get(category)!;
}

/** Placeholder label per category: [CPF_1], [TELEFONE_1], [NOME_1] … */
export const LABEL = Object.fromEntries(byOrder.map((d) => [d.category, d.label])) as Readonly<
  Record<Category, string>
>;

/** Overlap tie-break per category: at equal length, the lower value wins. */
export const PRIORITY = Object.fromEntries(byOrder.map((d) => [d.category, d.priority])) as Readonly<
  Record<Category, number>
>;

/** A placeholder of any category: `[CPF_12]`. Global: use with replace/matchAll. */
export const PLACEHOLDER = new RegExp(`\\[(?:${byOrder.map((d) => d.label).join('|')})_[0-9]{1,9}\\]`, 'g');

/** The detectors of the chosen categories (all when none are chosen), in findings order. */
export function detectorsFor(categories: readonly Category[] | undefined): readonly Detector[] {
  if (categories === undefined) return byOrder;
  return byOrder.filter((d) => categories.includes(d.category));
}

const CONTEXT = new ContextWords({
  ...SHARED_CONTEXT,
  ...Object.fromEntries(byOrder.filter((d) => d.context.length > 0).map((d) => [d.category, d.context])),
});

/** The analysis of `text`, read through its normalised view when one is given. */
export function analyse(text: string, view: MappedText | null = null): Analysis {
  return new Analysis(view ? view.text : text, view, CONTEXT);
}

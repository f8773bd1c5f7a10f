// The detector registry: every category of personal data is one detector module under
// detectors/, listed once below. The category list, placeholder labels, findings order,
// overlap priorities, context words and the placeholder pattern all derive from it.
import { Analysis, readClusters } from './analysis.js';
import type { Cluster } from './clusters.js';
import { ContextWords, SHARED_CONTEXT } from './context.js';
import { cardDetector } from './detectors/cartao.js';
import { pixKeyDetector } from './detectors/chave-pix.js';
import { cnhDetector } from './detectors/cnh.js';
import { cnpjDetector } from './detectors/cnpj.js';
import { cnsDetector } from './detectors/cns.js';
import { bankAccountDetector } from './detectors/conta-bancaria.js';
import { cpfDetector } from './detectors/cpf.js';
import { birthDateDetector } from './detectors/data-nascimento.js';
import { emailDetector } from './detectors/email.js';
import { addressDetector } from './detectors/endereco.js';
import { ipDetector } from './detectors/ip.js';
import { nameDetector } from './detectors/nome.js';
import { passportDetector } from './detectors/passaporte.js';
import { pisDetector } from './detectors/pis.js';
import { plateDetector } from './detectors/placa.js';
import { renavamDetector } from './detectors/renavam.js';
import { rgDetector } from './detectors/rg.js';
import { phoneDetector } from './detectors/telefone.js';
import { tituloEleitorDetector } from './detectors/titulo-eleitor.js';
import { type MappedText, normalisedView } from './normalize.js';
import { hidesDigits, hidesDigitsIn, respacedDigits } from './normalize-digits.js';
import type { ClusterReader, Detector, FindOptions } from './types.js';

/** Every detector; the order here is irrelevant (each declares its own orders). */
const DETECTORS = [
  cpfDetector,
  cnpjDetector,
  rgDetector,
  cnhDetector,
  pisDetector,
  tituloEleitorDetector,
  cnsDetector,
  renavamDetector,
  passportDetector,
  emailDetector,
  phoneDetector,
  cardDetector,
  bankAccountDetector,
  pixKeyDetector,
  plateDetector,
  addressDetector,
  birthDateDetector,
  ipDetector,
  nameDetector,
] as const;

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

const CONTEXT = new ContextWords(
  {
    ...SHARED_CONTEXT,
    ...Object.fromEntries(byOrder.filter((d) => d.context.length > 0).map((d) => [d.category, d.context])),
  },
  byOrder.flatMap((d) => d.contextAfter ?? []),
);

/** What findAll reads: the analysis of a text, and per detector its cluster reader (or null). */
export interface Reading {
  a: Analysis;
  readers: (ClusterReader | null)[];
}

/**
 * The analysis analyseText() gives, with the clusters read by the detectors' readers in
 * the same walk that looks for digits spelled apart or broken across lines; only when it
 * finds some and the view changes are the clusters of the rebuilt view read again.
 */
export function readText(text: string, detectors: readonly Detector[], options: FindOptions): Reading {
  const view = normalisedView(text);
  const a = analyse(text, view);
  let hides = false;
  const readers = readAll(a, detectors, options, (c) => {
    if (!hides) hides = hidesDigitsIn(a.text, c);
  });
  const joined = hides ? respacedDigits(a.text, view) : null;
  if (joined === null) return { a, readers };
  const b = analyse(text, joined);
  return { a: b, readers: readAll(b, detectors, options, null) };
}

function readAll(
  a: Analysis,
  detectors: readonly Detector[],
  options: FindOptions,
  watch: ((c: Cluster) => void) | null,
): (ClusterReader | null)[] {
  const readers = detectors.map((d) => d.reader?.(a, options) ?? null);
  readClusters(
    a.text,
    readers.filter((r) => r !== null),
    watch,
  );
  return readers;
}

/** The analysis of `text`, read through `view` when one is given. */
export function analyse(text: string, view: MappedText | null = null): Analysis {
  return new Analysis(view ? view.text : text, view, CONTEXT);
}

/**
 * The analysis the detectors read: the normalised view of `text`, and when its digit
 * clusters show digits spelled apart or broken across lines, the view with them joined.
 */
export function analyseText(text: string): Analysis {
  const view = normalisedView(text);
  const a = analyse(text, view);
  if (!hidesDigits(a.text, a.clusters)) return a;
  const joined = respacedDigits(a.text, view);
  return joined === null ? a : analyse(text, joined);
}

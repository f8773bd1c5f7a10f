// The shared vocabulary of the privacy barrier. Everything in src/privacy is pure:
// no I/O (except the name model loader), no framework imports.
import type { Analysis, Run } from './analysis.js';
import type { Cluster } from './clusters.js';
import type { NameMemory, Sensitivity } from './names/index.js';
import type { Category } from './registry.js';

/** Categories of personal data, as they appear in findings: one per detector of the registry. */
export type { Category };

/** Policies, from least to most strict. */
export type Policy = 'placeholder' | 'redact' | 'block';

/** Where a detector found a value, in offsets of the text it read; end exclusive. */
export interface Span {
  start: number;
  end: number;
  /**
   * The normalised value, read from the normalised view (ASCII digits only for
   * documents and phones, whatever digits or separators were typed; case-folded for
   * e-mail; the name model's folded form for names). Equal keys get the same placeholder number.
   * Never leaves the process: not logged, not returned, not stored.
   */
  key: string;
}

/**
 * One occurrence of personal data in a text. Offsets are UTF-16 code units of the
 * text as given (findAll maps them back from the normalised view), end exclusive.
 */
export interface Match extends Span {
  category: Category;
}

export interface FindOptions {
  /** Detect only these categories. Default: every category of the registry. */
  categories?: readonly Category[];
  /** Also report business telephone numbers (0800, 0300, 4004-xxxx …). Default false. */
  includeBusinessPhones?: boolean;
  /** Run the person-name model (category `nome`). Default true. */
  names?: boolean;
  /** How readily words are taken for names (names/sensitivity.ts). Default `balanced`. */
  nameSensitivity?: Sensitivity;
  /** Name words found in earlier texts of the same request: their later mentions are names too. */
  nameMemory?: NameMemory;
}

/**
 * A detector finds one category of personal data; each lives in its own module under
 * detectors/ and is listed once in registry.ts, which derives everything else from it.
 */
export interface Detector<C extends string = Category> {
  readonly category: C;
  /** Placeholder label, Portuguese, upper case: `RG` gives `[RG_1]` and `[RG removido]`. */
  readonly label: string;
  /** When two detectors claim spans of equal length, the lower priority wins. */
  readonly priority: number;
  /** Position of the category in findings (lower first). */
  readonly order: number;
  /** Folded words (lower case, no accents) that say a nearby value is of this category. */
  readonly context: readonly string[];
  /** Those of `context` that label only a value before them ("SSP/SP" after an RG). */
  readonly contextAfter?: readonly string[];
  /** The check-digit or format rule on a key, where one exists. */
  readonly validate: ((key: string) => boolean) | null;
  /** Every value of the category in the analysed text, in the text's offsets. */
  detect(a: Analysis, options: FindOptions): Span[];
  /**
   * For a detector that reads the digit clusters: its reader of one text, with the same
   * per-cluster code as detect(). On a long text findAll hands each cluster to every
   * reader in one walk that keeps none (registry.ts, readText); on a short one each
   * detector's own walk is cheaper (a loop per detector calls one function, not a dozen).
   */
  readonly reader?: (a: Analysis, options: FindOptions) => ClusterReader;
}

/** A detector's reading of one text's digit clusters, one cluster at a time, in text order. */
export interface ClusterReader {
  /**
   * Clusters with fewer digits hold nothing this reader reads: they are not handed to it
   * (most clusters are a few digits, and a dozen calls per cluster add up).
   */
  readonly minDigits: number;
  /** One cluster and its runs (analysis.ts, runsIn). */
  read(c: Cluster, runs: readonly Run[]): void;
  /** The values found, after the last cluster (and any reading of the text beyond them). */
  done(): Span[];
}

/** Declares a detector, keeping its category as a literal type (the registry derives Category from it). */
export function defineDetector<const C extends string>(d: Detector<C>): Detector<C> {
  return d;
}

/** One findings item per category: never a value, never an offset. */
export interface Finding {
  category: Category;
  count: number;
  action: Policy;
}

// The per-text analysis every detector reads: the normalised view, its digit clusters,
// the runs of digit groups that may be one number, and its context words, each computed
// at most once per text however many detectors ask.
import { type Cluster, clustersOf, softAfter } from './clusters.js';
import { type Context, type ContextKind, type ContextWords, labelledAs } from './context.js';
import type { MappedText } from './normalize.js';

/**
 * Groups i..j of a cluster that may be one number: joined by spaces, '.' or '-', and
 * ending where a number may end.
 */
export interface Run {
  c: Cluster;
  i: number;
  j: number;
  /** The run's digits, filled by the first reader that needs them. */
  digits?: string;
  /** Its group lengths ("3,3,3,2"), filled by the first reader that needs them. */
  shape?: string;
}

/** Shortest number the run index keeps (an RG of seven digits). */
export const MIN_RUN_DIGITS = 7;
/** Longest number the run index keeps (a 19-digit card). */
export const MAX_RUN_DIGITS = 19;
/** Most groups a number of the run index is written in. */
export const MAX_RUN_GROUPS = 5;

export class Analysis {
  #clusters: Cluster[] | null = null;
  #runs: Run[][] | null = null;

  constructor(
    /** The text detectors read: the normalised view, or the text itself when the view is null. */
    readonly text: string,
    /** The view's map back to the original text; null when the view equals the text. */
    readonly view: MappedText | null,
    private readonly words: ContextWords,
  ) {}

  /** Digit clusters of the text (clusters.ts), computed on first use. */
  get clusters(): Cluster[] {
    if (this.#clusters === null) this.#clusters = clustersOf(this.text);
    return this.#clusters;
  }

  /**
   * Runs of whole groups with `digits` digits in total (at most MAX_RUN_GROUPS groups),
   * ending where a number may end; whether one may start there, and with which
   * separators, is each reader's rule.
   */
  runsOf(digits: number): readonly Run[] {
    if (this.#runs === null) this.#runs = indexRuns(this.clusters);
    return this.#runs[digits] ?? [];
  }

  /** Context words around text[start, end) (context.ts). */
  context(start: number, end: number): Context {
    return this.words.around(this.text, start, end);
  }

  /** Cheap test before context(): whether any word of `kind` is in the window at all. */
  mentions(kind: ContextKind, start: number, end: number): boolean {
    return this.words.mentions(this.text, kind, start, end);
  }

  /** A word of `kind` (or of a related kind) labels text[start, end) (context.ts, labelledAs). */
  labelled(kind: ContextKind, start: number, end: number, friends?: readonly ContextKind[]): boolean {
    return this.mentions(kind, start, end) && labelledAs(this.context(start, end), kind, friends);
  }
}

/** Spaces and at most one '.' or '-': how documents and cards are grouped (not "1,5", "3/4", "(11)"). */
function plainSep(sep: string): boolean {
  let marks = 0;
  for (let k = 0; k < sep.length; k++) {
    const c = sep.charCodeAt(k);
    if (c === 46 || c === 45) marks++;
    else if (c !== 32 && c !== 0xa0) return false;
  }
  return marks <= 1;
}

function indexRuns(clusters: readonly Cluster[]): Run[][] {
  const out: Run[][] = Array.from({ length: MAX_RUN_DIGITS + 1 }, () => []);
  for (let ci = 0; ci < clusters.length; ci++) {
    const c = clusters[ci]!;
    // Most clusters are a few digits (prices, dates, counts): no run of them is long enough.
    if (c.digits < MIN_RUN_DIGITS) continue;
    const g = c.groups;
    for (let i = 0; i < g.length; i++) {
      let total = 0;
      for (let j = i; j < g.length && j < i + MAX_RUN_GROUPS; j++) {
        if (j > i && !plainSep(g[j]!.sep)) break;
        total += g[j]!.end - g[j]!.start;
        if (total > MAX_RUN_DIGITS) break;
        if (total >= MIN_RUN_DIGITS && softAfter(c, j)) out[total]!.push({ c, i, j });
      }
    }
  }
  return out;
}

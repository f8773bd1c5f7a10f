// The per-text analysis every detector reads: the normalised view, its digit clusters,
// the runs of digit groups that may be one number, and its context words, each computed
// at most once per text however many detectors ask.
import { type Cluster, clustersOf, eachCluster, softAfter } from './clusters.js';
import { type Context, type ContextKind, type ContextWords, labelledAs } from './context.js';
import type { MappedText } from './normalize.js';
import type { ClusterReader } from './types.js';

/**
 * Groups i..j of a cluster that may be one number: joined by spaces, '.' or '-', and
 * ending where a number may end.
 */
export interface Run {
  c: Cluster;
  i: number;
  j: number;
  /** Digits in groups i..j. */
  n: number;
  /** The run's digits, filled by the first reader that needs them. */
  digits: string | undefined;
  /** Its group lengths ("3,3,3,2"), filled by the first reader that needs them. */
  shape: string | undefined;
}

/** Shortest number the run index keeps (an RG of seven digits). */
export const MIN_RUN_DIGITS = 7;
/** Longest number the run index keeps (a 19-digit card). */
export const MAX_RUN_DIGITS = 19;
/** Most groups a number of the run index is written in. */
export const MAX_RUN_GROUPS = 5;

export class Analysis {
  #clusters: Cluster[] | null = null;
  #runs: (readonly Run[])[] | null = null;

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

  /** The runs of clusters[k] (runsIn), computed once for all the detectors that read them. */
  runsAt(k: number): readonly Run[] {
    this.#runs ??= this.clusters.map(runsIn);
    return this.#runs[k]!;
  }

  /** Context words around text[start, end) (context.ts). */
  context(start: number, end: number): Context {
    return this.words.around(this.text, start, end);
  }

  /** Cheap test before context(): whether any word of `kind` is in the window at all. */
  mentions(kind: ContextKind, start: number, end: number): boolean {
    return this.words.mentions(this.text, kind, start, end);
  }

  /** The category whose label `word` (folded) is ("renavan", "celular"), or null: shared kinds are none. */
  labelOf(word: string): ContextKind | null {
    return this.words.categoryOf(word);
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

const NO_RUNS: readonly Run[] = [];

/**
 * The runs of a cluster: whole groups with MIN_RUN_DIGITS to MAX_RUN_DIGITS digits in
 * total (at most MAX_RUN_GROUPS groups), ending where a number may end, by first group
 * then last; whether one may start there, and with which separators, is each reader's rule.
 */
export function runsIn(c: Cluster): readonly Run[] {
  // Most clusters are a few digits (prices, dates, counts): no run of them is long enough.
  if (c.digits < MIN_RUN_DIGITS) return NO_RUNS;
  const out: Run[] = [];
  const g = c.groups;
  for (let i = 0; i < g.length; i++) {
    let total = 0;
    for (let j = i; j < g.length && j < i + MAX_RUN_GROUPS; j++) {
      if (j > i && !plainSep(g[j]!.sep)) break;
      total += g[j]!.end - g[j]!.start;
      if (total > MAX_RUN_DIGITS) break;
      if (total >= MIN_RUN_DIGITS && softAfter(c, j))
        out.push({ c, i, j, n: total, digits: undefined, shape: undefined });
    }
  }
  return out;
}

/**
 * Hands every cluster of `text`, with its runs, to `watch` and to each reader: one walk
 * over the clusters for all the detectors that read them, keeping none. A walk per
 * detector over clusters kept for the whole text read each cluster a dozen times, and on
 * a long text kept them alive long enough for the garbage collector to copy them twice.
 */
export function readClusters(
  text: string,
  readers: readonly ClusterReader[],
  watch: ((c: Cluster) => void) | null,
): void {
  eachCluster(text, new Walk(readers, watch), false);
}

/**
 * One walk's hand-out of clusters. A class, not a closure per text: its method is one
 * function for every text, so the call in eachCluster can be inlined.
 */
class Walk {
  readonly least: number[];
  constructor(
    readonly readers: readonly ClusterReader[],
    readonly watch: ((c: Cluster) => void) | null,
  ) {
    this.least = readers.map((r) => r.minDigits);
  }

  visit(c: Cluster): void {
    this.watch?.(c);
    const runs = runsIn(c);
    const readers = this.readers;
    for (let r = 0; r < readers.length; r++) if (c.digits >= this.least[r]!) readers[r]!.read(c, runs);
  }
}

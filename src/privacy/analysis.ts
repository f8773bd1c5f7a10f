// The per-text analysis every detector reads: the normalised view, its digit clusters and
// its context words, each computed at most once per text however many detectors ask.
import { type Cluster, clustersOf } from './clusters.js';
import type { Context, ContextWords } from './context.js';
import type { MappedText } from './normalize.js';

export class Analysis {
  #clusters: Cluster[] | null = null;

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

  /** Context words around text[start, end) (context.ts). */
  context(start: number, end: number): Context {
    return this.words.around(this.text, start, end);
  }
}

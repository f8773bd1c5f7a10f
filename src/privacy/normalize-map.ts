// The offset map behind the normalised view: the view is a list of segments, each
// either a copy of an input span or a replacement for one. Detectors read the view;
// replacements are made on the original through this map, so everything outside a
// match stays as it was. Building costs one entry per change, not per character.

/** A text derived from an input (the original, or another MappedText: `base`). */
export interface MappedText {
  text: string;
  /** View offset where each segment starts (ascending). */
  at: number[];
  /** Input span of each segment. */
  from: number[];
  to: number[];
  /** Copy segments map unit by unit; replacements map every unit to the whole span. */
  copied: boolean[];
  base: MappedText | null;
}

export class MapBuilder {
  /**
   * The view's pieces, joined once in done(): one copy of the text. Appending to a string
   * instead builds a rope of thousands of pieces, which the first regex over the view
   * then has to flatten.
   */
  readonly #parts: string[] = [];
  readonly #at: number[] = [];
  readonly #from: number[] = [];
  readonly #to: number[] = [];
  readonly #copied: boolean[] = [];
  #length = 0;
  #last = -1;

  constructor(
    private readonly input: string,
    private readonly base: MappedText | null,
  ) {}

  /** Input units [from, to) unchanged. */
  copy(from: number, to: number): void {
    if (to <= from) return;
    const last = this.#at.length - 1;
    if (last >= 0 && this.#copied[last] && this.#to[last] === from) this.#to[last] = to;
    else this.#segment(from, to, true);
    this.#parts.push(this.input.slice(from, to));
    this.#length += to - from;
    this.#last = this.input.charCodeAt(to - 1);
  }

  /** `s` in place of input units [from, to). */
  emit(s: string, from: number, to: number): void {
    if (s.length === 0) return;
    this.#segment(from, to, false);
    this.#parts.push(s);
    this.#length += s.length;
    this.#last = s.charCodeAt(s.length - 1);
  }

  #segment(from: number, to: number, copied: boolean): void {
    this.#at.push(this.#length);
    this.#from.push(from);
    this.#to.push(to);
    this.#copied.push(copied);
  }

  /** The last unit written so far, or -1. */
  lastCode(): number {
    return this.#last;
  }

  done(): MappedText {
    return {
      text: this.#parts.join(''),
      at: this.#at,
      from: this.#from,
      to: this.#to,
      copied: this.#copied,
      base: this.base,
    };
  }
}

function segmentOf(v: MappedText, i: number): number {
  let lo = 0;
  let hi = v.at.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (v.at[mid]! <= i) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Original offset where view unit i's source starts. */
function startOf(v: MappedText, i: number): number {
  const k = segmentOf(v, i);
  const s = v.copied[k] ? v.from[k]! + (i - v.at[k]!) : v.from[k]!;
  return v.base ? startOf(v.base, s) : s;
}

/** Original offset where view unit i's source ends. */
function endOf(v: MappedText, i: number): number {
  const k = segmentOf(v, i);
  const e = v.copied[k] ? v.from[k]! + (i - v.at[k]!) + 1 : v.to[k]!;
  return v.base ? endOf(v.base, e - 1) : e;
}

/** The original span of view span [start, end), end > start. */
export function originalSpan(view: MappedText, start: number, end: number): [number, number] {
  return [startOf(view, start), endOf(view, end - 1)];
}

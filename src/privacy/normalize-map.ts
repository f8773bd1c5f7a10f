// The offset map behind the normalised view: for every UTF-16 unit of the view, the
// span of the original text it came from. Detectors read the view; replacements are
// made on the original through this map, so everything outside a match stays as it was.

/** A text derived from an original, with each unit's source span in the original. */
export interface MappedText {
  text: string;
  /** Original start of the source of view unit i. */
  starts: Int32Array;
  /** Original end (exclusive) of the source of view unit i. */
  ends: Int32Array;
}

/**
 * Builds a MappedText piece by piece from an input that is either the original
 * (`base` null) or itself a MappedText, in which case the spans are composed.
 */
export class MapBuilder {
  #text = '';
  #starts: Int32Array;
  #ends: Int32Array;
  #n = 0;

  constructor(
    private readonly input: string,
    private readonly base: MappedText | null,
  ) {
    this.#starts = new Int32Array(input.length + 16);
    this.#ends = new Int32Array(input.length + 16);
  }

  #grow(need: number): void {
    if (this.#n + need <= this.#starts.length) return;
    const size = Math.max(this.#starts.length * 2, this.#n + need);
    const s = new Int32Array(size);
    const e = new Int32Array(size);
    s.set(this.#starts.subarray(0, this.#n));
    e.set(this.#ends.subarray(0, this.#n));
    this.#starts = s;
    this.#ends = e;
  }

  /** Input units [from, to) unchanged. */
  copy(from: number, to: number): void {
    if (to <= from) return;
    this.#grow(to - from);
    const b = this.base;
    for (let k = from; k < to; k++) {
      this.#starts[this.#n] = b ? b.starts[k]! : k;
      this.#ends[this.#n] = b ? b.ends[k]! : k + 1;
      this.#n++;
    }
    this.#text += this.input.slice(from, to);
  }

  /** `s` in place of input units [from, to); every unit of `s` maps to the whole span. */
  emit(s: string, from: number, to: number): void {
    if (s.length === 0) return;
    this.#grow(s.length);
    const start = this.base ? this.base.starts[from]! : from;
    const end = this.base ? this.base.ends[to - 1]! : to;
    for (let k = 0; k < s.length; k++) {
      this.#starts[this.#n] = start;
      this.#ends[this.#n] = end;
      this.#n++;
    }
    this.#text += s;
  }

  /** The last unit written so far, or -1. */
  lastCode(): number {
    return this.#text.length > 0 ? this.#text.charCodeAt(this.#text.length - 1) : -1;
  }

  done(): MappedText {
    return {
      text: this.#text,
      starts: this.#starts.subarray(0, this.#n),
      ends: this.#ends.subarray(0, this.#n),
    };
  }
}

/** The original span of view span [start, end), end > start. */
export function originalSpan(view: MappedText, start: number, end: number): [number, number] {
  return [view.starts[start]!, view.ends[end - 1]!];
}

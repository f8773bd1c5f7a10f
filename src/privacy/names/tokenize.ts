// Allocation-free tokenizer: one pass over the UTF-16 code units, writing token
// boundaries, a hash of the folded (lower-case, accent-free) form and a shape class
// into reusable typed arrays. Words keep inner apostrophes and hyphens
// ("D'Ávila", "Maria-José"); every punctuation character is its own token.
import {
  charClass,
  charInfo,
  classOf,
  DIGIT,
  fold,
  LOWER,
  PUNCT,
  SPACE,
  TABLE_SIZE,
  UPPER,
} from './chars.js';

/** Shape classes: how a token is written. Capitalisation is a feature, never a rule. */
export const SHAPE_LOWER = 0; // joao
export const SHAPE_CAP = 1; // João
export const SHAPE_UPPER = 2; // JOÃO
export const SHAPE_INITIAL = 3; // J (an abbreviated name)
export const SHAPE_MIXED = 4; // McDonald, iPhone
export const SHAPE_DIGIT = 5; // 2017, art5
export const SHAPE_PUNCT = 6; // . , : -
export const SHAPE_COUNT = 7;

const FNV_OFFSET = 0x811c9dc5 | 0;
const FNV_PRIME = 0x01000193;

/** FNV-1a over folded code units; the same function hashes gazetteer entries at training time. */
export function hashWord(s: string): number {
  let h = FNV_OFFSET;
  for (let i = 0; i < s.length; i++) {
    h = Math.imul(h ^ foldJoiner(s.charCodeAt(i)), FNV_PRIME);
  }
  return h;
}

/** The hashes of space-separated words: the rules' word lists. */
export function hashSet(words: string): Set<number> {
  return new Set(
    words
      .split(/\s+/)
      .filter((w) => w !== '')
      .map(hashWord),
  );
}

function foldJoiner(c: number): number {
  return c === 0x2019 ? 0x27 : fold(c);
}

function isJoiner(c: number): boolean {
  return c === 0x27 || c === 0x2019 || c === 0x2d;
}

/** Token arrays, grown on demand and reused between calls. */
export class Tokens {
  count = 0;
  start = new Int32Array(256);
  end = new Int32Array(256);
  hash = new Int32Array(256);
  shape = new Uint8Array(256);
  /** Words by shape, counted while tokenizing for the text's case (features.ts textCase). */
  lowerWords = 0;
  upperWords = 0;
  capWords = 0;
  /** Capitalised or mixed-case words right after another word: capitals inside sentences. */
  capsInside = 0;

  private grow(): void {
    const n = this.start.length * 2;
    const copyI = (a: Int32Array) => {
      const b = new Int32Array(n);
      b.set(a);
      return b;
    };
    this.start = copyI(this.start);
    this.end = copyI(this.end);
    this.hash = copyI(this.hash);
    const s = new Uint8Array(n);
    s.set(this.shape);
    this.shape = s;
  }

  private push(start: number, end: number, hash: number, shape: number): void {
    if (this.count === this.start.length) this.grow();
    const k = this.count++;
    this.start[k] = start;
    this.end[k] = end;
    this.hash[k] = hash;
    this.shape[k] = shape;
  }

  /** Tokenizes `text`, replacing the previous contents. */
  tokenize(text: string): void {
    this.count = 0;
    let lowerWords = 0;
    let upperWords = 0;
    let capWords = 0;
    let capsInside = 0;
    let prevWord = false;
    const n = text.length;
    // Locals, not the imported bindings: a module binding is reloaded on every use.
    const info = charInfo;
    const classes = charClass;
    let i = 0;
    while (i < n) {
      const c = text.charCodeAt(i);
      const cls = c < TABLE_SIZE ? classes[c]! : classOf(c);
      if (cls === SPACE) {
        i++;
        continue;
      }
      if (cls === PUNCT) {
        prevWord = false;
        this.push(i, i + 1, Math.imul(FNV_OFFSET ^ foldJoiner(c), FNV_PRIME), SHAPE_PUNCT);
        i++;
        continue;
      }
      // A word: letters and digits, with single inner apostrophes/hyphens.
      const start = i;
      let h = FNV_OFFSET;
      let uppers = 0;
      let lowers = 0;
      let digits = 0;
      const firstUpper = cls === UPPER;
      // Hot loop: table lookups inlined for the Latin range.
      while (i < n) {
        const d = text.charCodeAt(i);
        const x = d < TABLE_SIZE ? info[d]! : (classOf(d) << 16) | foldJoiner(d);
        const k = x >>> 16;
        if (k === LOWER) lowers++;
        else if (k === UPPER) uppers++;
        else if (k === DIGIT) digits++;
        else if (isJoiner(d) && i + 1 < n && i > start && isLetter(text.charCodeAt(i + 1))) {
          // inner apostrophe or hyphen: part of the word
        } else break;
        h = Math.imul(h ^ (x & 0xffff), FNV_PRIME);
        i++;
      }
      let shape: number;
      if (digits > 0) shape = SHAPE_DIGIT;
      else if (uppers === 0) shape = SHAPE_LOWER;
      else if (lowers === 0) shape = uppers === 1 ? SHAPE_INITIAL : SHAPE_UPPER;
      else if (firstUpper && uppers === 1) shape = SHAPE_CAP;
      else if (firstUpper && isCapitalisedParts(text, start, i)) shape = SHAPE_CAP;
      else shape = SHAPE_MIXED;
      if (shape === SHAPE_LOWER) lowerWords++;
      else if (shape === SHAPE_UPPER) upperWords++;
      else if (shape === SHAPE_CAP) capWords++;
      if (prevWord && (shape === SHAPE_CAP || shape === SHAPE_MIXED)) capsInside++;
      prevWord = shape !== SHAPE_DIGIT;
      this.push(start, i, h, shape);
    }
    this.lowerWords = lowerWords;
    this.upperWords = upperWords;
    this.capWords = capWords;
    this.capsInside = capsInside;
  }
}

function isLetter(c: number): boolean {
  const k = classOf(c);
  return k === LOWER || k === UPPER;
}

/** "Maria-José" and "D'Ávila" are capitalised words, not mixed case. */
function isCapitalisedParts(text: string, start: number, end: number): boolean {
  for (let i = start + 1; i < end; i++) {
    if (classOf(text.charCodeAt(i)) === UPPER && !isJoiner(text.charCodeAt(i - 1))) return false;
  }
  return true;
}

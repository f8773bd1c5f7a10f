// Character tables shared by the tokenizer and the key normaliser. Built once at
// module load so the hot loop does a single typed-array read per character instead
// of calling toLowerCase()/normalize() on strings.

/** Character classes used by the tokenizer. */
export const SPACE = 0;
export const LOWER = 1;
export const UPPER = 2;
export const DIGIT = 3;
export const PUNCT = 4;

/** Table covers Latin-1 and Latin Extended-A/B: all letters Portuguese names use. */
export const TABLE_SIZE = 0x250;

/** Class of each code point below TABLE_SIZE. */
export const charClass = new Uint8Array(TABLE_SIZE);
/** Lower-cased, accent-stripped code of each code point below TABLE_SIZE ('É' -> 'e'). */
export const foldCode = new Uint16Array(TABLE_SIZE);

for (let c = 0; c < TABLE_SIZE; c++) {
  const ch = String.fromCharCode(c);
  if (/\s/u.test(ch)) charClass[c] = SPACE;
  else if (/\p{Lu}/u.test(ch)) charClass[c] = UPPER;
  else if (/\p{L}/u.test(ch)) charClass[c] = LOWER;
  else if (/\p{Nd}/u.test(ch)) charClass[c] = DIGIT;
  else charClass[c] = PUNCT;
  // NFD splits 'Ç' into 'C' + combining cedilla; keep the base letter only.
  const base = ch.normalize('NFD').toLowerCase();
  foldCode[c] = base.length > 0 && base.charCodeAt(0) < TABLE_SIZE ? base.charCodeAt(0) : c;
}

/** Both tables in one read for the tokenizer's hot loop: class << 16 | folded code. */
export const charInfo = new Uint32Array(TABLE_SIZE);
for (let c = 0; c < TABLE_SIZE; c++) charInfo[c] = (charClass[c]! << 16) | foldCode[c]!;

/** Class of any UTF-16 code unit; outside the table, letters of other scripts count as lower case. */
export function classOf(c: number): number {
  if (c < TABLE_SIZE) return charClass[c]!;
  if (c === 0x3000 || (c >= 0x2000 && c <= 0x200b) || c === 0x2028 || c === 0x2029 || c === 0xfeff) {
    return SPACE;
  }
  // General punctuation (quotes, dashes), symbols, surrogates (emoji) and variation selectors.
  if ((c >= 0x200c && c <= 0x2bff) || (c >= 0xd800 && c <= 0xdfff) || (c >= 0xfe00 && c <= 0xfe0f)) {
    return PUNCT;
  }
  return LOWER;
}

/** Folded code of any UTF-16 code unit. */
export function fold(c: number): number {
  return c < TABLE_SIZE ? foldCode[c]! : c;
}

/** The match key of a name: lower case, no accents, whitespace collapsed to single spaces. */
export function nameKey(s: string): string {
  return s
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\s+/gu, ' ')
    .trim();
}

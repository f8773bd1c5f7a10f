// What OCR makes of the characters that matter most: the `@` of an e-mail address read as
// "op", "©", "(a)" or "&", and letters in place of digits in a number ("2S" for "25",
// "O3/07" for "03/07"). Each OCR word is given a reading the detectors understand; the
// word keeps its box, so what is found in the reading is filled where the word is.

/** Letters (and marks) OCR reads in place of a digit, and the digit they stand for. */
const DIGIT_OF: Record<string, string> = {
  O: '0',
  o: '0',
  Q: '0',
  D: '0',
  l: '1',
  I: '1',
  i: '1',
  '|': '1',
  '!': '1',
  S: '5',
  s: '5',
  B: '8',
  Z: '2',
  z: '2',
  G: '6',
  g: '9',
  q: '9',
  T: '7',
};

/** Separators printed inside numbers (masks, dates, money). */
const IN_NUMBER = new Set(['.', ',', '-', '/', ' ']);

/**
 * Runs of digits, confusable letters and separators that hold at least three real digits
 * and at most half as many confusable letters: the letters become the digits they stand
 * for, and a comma between digits a dot ("529,982,247-25"). Anything else is left as read.
 */
export function digitReading(word: string): string {
  const chars = [...word];
  let out = '';
  let i = 0;
  while (i < chars.length) {
    const c = chars[i]!;
    if (!isDigit(c) && DIGIT_OF[c] === undefined) {
      out += c;
      i++;
      continue;
    }
    let j = i;
    let digits = 0;
    let letters = 0;
    while (j < chars.length) {
      const d = chars[j]!;
      if (isDigit(d)) digits++;
      else if (DIGIT_OF[d] !== undefined) letters++;
      else if (!(IN_NUMBER.has(d) && j + 1 < chars.length && isNumberish(chars[j + 1]!))) break;
      j++;
    }
    const run = chars.slice(i, j);
    // A word of letters ("SOLO", "Bolsa") has no digits; "ISO9001" has too many letters.
    if (digits >= 3 && letters <= digits / 2)
      out += run.map((d, k) => DIGIT_OF[d] ?? (d === ',' && k > 0 ? '.' : d)).join('');
    else out += run.join('');
    i = j;
  }
  return out;
}

const isDigit = (c: string) => c >= '0' && c <= '9';
const isNumberish = (c: string) => isDigit(c) || DIGIT_OF[c] !== undefined;

/**
 * A word OCR glued to the number after it ("CONSUMIDOR387.800.251-37", a label without its
 * colon and space): a space between them, so the detectors see the number on its own.
 */
export function unglued(word: string): string {
  return word.replace(/(\p{L})(?=\d[\d.\-/]{6,})/u, '$1 ');
}

/** What OCR reads in place of `@`, longest first. */
const AT_READINGS = ['(a)', '(@)', '@@', 'op', '0p', '©', '®', '&', 'a)', '(a', '@'];

/** A domain after the `@`: dotted labels ending in an alphabetic top-level label. */
const DOMAIN = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\.[a-z]{2,}\.?$/i;
const LOCAL = /^[a-z0-9._%+-]*[a-z0-9_%+-]$/i;

/**
 * The word as an e-mail address when it is one with its `@` misread ("nome.sobrenomeop
 * exemplo.com.br"); null otherwise. A web address ("www.shopping.com.br") is not one.
 */
export function emailReading(word: string): string | null {
  if (word.includes('@') || /^(?:www\.|https?:)/i.test(word)) return null;
  for (const at of AT_READINGS) {
    for (let k = word.indexOf(at, 1); k > 0; k = word.indexOf(at, k + 1)) {
      const local = word.slice(0, k);
      const domain = word.slice(k + at.length);
      if (LOCAL.test(local) && DOMAIN.test(domain)) return `${local}@${domain}`;
    }
  }
  return null;
}

/** A word alone that OCR made of an `@` set apart by spaces ("nome op exemplo.com.br"). */
export function isLoneAt(word: string): boolean {
  return AT_READINGS.includes(word);
}

export function isLocalPart(word: string): boolean {
  return LOCAL.test(word) && /[a-z]/i.test(word);
}

export function isDomain(word: string): boolean {
  return DOMAIN.test(word) && !/^www\./i.test(word);
}

// Passports (category 'passaporte'): the Brazilian passport number, two letters and six
// digits (FZ123456, "AB 123456" in capitals), always with a word of the category nearby:
// the shape alone is shared by product codes and order references. "pass." counts as
// the word ("pass. FZ123456", as forms abbreviate it), "pass" does not: a boarding
// pass or a booking code has the same shape.
import type { Analysis } from '../analysis.js';
import type { Cluster } from '../clusters.js';
import { defineDetector, type Span } from '../types.js';

const isUpper = (c: number) => c >= 65 && c <= 90;
const isLetter = (c: number) => isUpper(c) || (c >= 97 && c <= 122);
const isAlnum = (c: number) => isLetter(c) || (c >= 48 && c <= 57);

export const passportDetector = defineDetector({
  category: 'passaporte',
  label: 'PASSAPORTE',
  priority: 17,
  order: 27,
  context: ['passaporte', 'passaportes', 'passport', 'pasaporte', 'pass.'],
  validate: (key) => /^[A-Z]{2}[0-9]{6}$/.test(key),
  detect(a: Analysis): Span[] {
    const out: Span[] = [];
    const clusters = a.clusters;
    for (let k = 0; k < clusters.length; k++) passportIn(a, clusters[k]!, out);
    return out;
  },
  reader(a: Analysis) {
    const out: Span[] = [];
    return { minDigits: 6, read: (c: Cluster) => passportIn(a, c, out), done: () => out };
  },
});

/** The passport number whose digits are one cluster, if any. */
function passportIn(a: Analysis, c: Cluster, out: Span[]): void {
  const text = a.text;
  const g = c.groups[0]!;
  if (g.end - g.start !== 6 || c.gluedAfter) return;
  if (c.groups.length > 1 && !c.groups[1]!.sep.includes(' ')) return;
  // Letters glued to the digits, or capitals one space before them.
  const spaced = text.charCodeAt(g.start - 1) === 32;
  const at = spaced ? g.start - 3 : g.start - 2;
  if (at < 0 || isAlnum(text.charCodeAt(at - 1))) return;
  const l1 = text.charCodeAt(at);
  const l2 = text.charCodeAt(at + 1);
  if (spaced ? !(isUpper(l1) && isUpper(l2)) : !(isLetter(l1) && isLetter(l2))) return;
  if (!a.labelled('passaporte', at, g.end)) return;
  out.push({
    start: at,
    end: g.end,
    key: (text.slice(at, at + 2) + text.slice(g.start, g.end)).toUpperCase(),
  });
}

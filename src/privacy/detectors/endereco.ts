// Street addresses (category 'endereco'): a street type, the street's name, the house
// number ("s/n" too), then any complement (apto, bloco, casa, sala…) and a CEP written
// right after — "Rua das Flores, 120, apto 31, CEP 01234-567", "Av. Paulista 1578",
// "rua sete de setembro nº 45". The neighbourhood and city after it stay, and so does a
// CEP alone: it names a street, not a person. A number the sentence goes on counting
// ("a rua tem 120 metros") is not a house number: after the number only punctuation, a
// complement, a CEP, a capitalised word or a connective ("e", "perto"…) may follow, and a
// number separated only by a space needs a capitalised name before it.
import type { Analysis } from '../analysis.js';
import { sectorAddressEnd, sectorStart } from './address-df.js';
import { PROPERTY, ruralAddressEnd, ruralCues } from './address-rural.js';
import { addressTail } from './address-tail.js';
import { fold } from '../context.js';
import type { Cluster } from '../clusters.js';
import { defineDetector, type Span } from '../types.js';

/** Street types, their abbreviations, at a word start. */
const STREET =
  /(?:^|[^A-Za-z\u00c0-\u024f0-9])(rua|r\.|avenida|av\.?|travessa|trav\.|tv\.|alameda|pra[cç]a|p[cç]a\.?|estrada|estr\.|rodovia|rod\.|largo|ladeira|viela|beco|servid[aã]o)(?=\s)/gi;
/** How far before its number a street type may be: the type, a long name and the separator. */
const REACH = 72;

const COMPLEMENT = String.raw`(?:[ \t]*[,-]?[ \t]*(?:apartamento|apto?\.?|ap\.?|bloco|bl\.?|casa|sala|sl\.?|conjunto|conj\.?|cj\.?|lote|lt\.?|quadra|qd\.?|andar|loja|torre|fundos|frente)[ \t]*(?:n[º°.]?[ \t]*)?[0-9]{0,5}[A-Za-z]?(?![\p{L}\p{N}]))*`;
const CEP = String.raw`(?:[ \t]*[,-]?[ \t]*(?:cep:?[ \t]*)?[0-9]{5}-?[0-9]{3}(?![\p{L}\p{N}]))?`;
/**
 * After the street type: the name (1–7 words, "7 de Setembro" included, or a street's
 * number alone before a comma or "nº": "Rua 7, 45", "Rua 12 nº 300"), separator, number,
 * complement, CEP.
 */
const REST = new RegExp(
  String.raw`\s+((?:(?!n[º°o.]?\s+[0-9])(?:\p{L}[\p{L}'’.-]*|[0-9]{1,2}(?=\s+d[eo]s?\s))\s*){1,7}?|[0-9]{1,3}(?=,\s*(?:n[º°o.]?\s*)?[0-9]|\s+n[º°o.]\s*[0-9]))` +
    String.raw`(,\s*(?:n[º°o.]?\s*)?|\s+n[º°o.]\s*|\s*-\s*|\s+)` +
    String.raw`([0-9]{1,5}[A-Za-z]?|s\/n|s\.n\.?)(?![\p{L}\p{N}])` +
    `(${COMPLEMENT}${CEP})`,
  'iuy',
);
/** Words that may follow a house number in running text. */
const CONNECTIVE = new Set([
  'e',
  'em',
  'no',
  'na',
  'ao',
  'à',
  'perto',
  'proximo',
  'próximo',
  'desde',
  'ate',
  'até',
  'mas',
  'que',
  'onde',
  'bairro',
  'centro',
  'cidade',
]);
const NEXT_WORD = /\s*(\p{L}+)/uy;

function isUpper(ch: string): boolean {
  return ch !== ch.toLowerCase() && ch === ch.toUpperCase();
}

/** What follows a house number: punctuation, the end, a capitalised word or a connective. */
function endsWell(text: string, end: number): boolean {
  let k = end;
  while (k < text.length && (text[k] === ' ' || text[k] === '\t')) k++;
  if (k >= text.length) return true;
  const ch = text[k]!;
  if (/[0-9]/.test(ch)) return false;
  NEXT_WORD.lastIndex = end;
  const m = NEXT_WORD.exec(text);
  if (m === null || m.index + m[0].length - m[1]!.length !== k) return true;
  return isUpper(ch) || CONNECTIVE.has(m[1]!.toLowerCase());
}

export const addressDetector = defineDetector({
  category: 'endereco',
  label: 'ENDERECO',
  priority: 60,
  order: 60,
  context: [],
  validate: null,
  detect(a: Analysis): Span[] {
    const found = new Candidates();
    const clusters = a.clusters;
    for (let k = 0; k < clusters.length; k++) nearNumber(a.text, clusters[k]!, found);
    return found.addresses(a.text);
  },
  reader(a: Analysis) {
    const found = new Candidates();
    return {
      minDigits: 1,
      read: (c: Cluster) => nearNumber(a.text, c, found),
      done: () => found.addresses(a.text),
    };
  },
});

/** Where the addresses of one text may be, gathered cluster by cluster. */
class Candidates {
  /** Ranges where a street type before a house number may start. */
  near: [number, number][] = [];
  /** Ranges where a rural property before a kilometre may start. */
  rural: [number, number][] = [];
  /** Brasília addresses: where the sector code starts and its number ends. */
  sectors: [number, number][] = [];

  addresses(text: string): Span[] {
    const noNumber: number[] = [];
    noNumberCues(text, noNumber);
    const streets = addresses(text, withCues(this.near, noNumber));
    const rural = ruralWindows(text, this.rural, noNumber);
    if (this.sectors.length === 0 && rural.length === 0) return streets;
    const out = streets.concat(sectorAddresses(text, this.sectors), ruralAddresses(text, rural));
    return out.sort((x, y) => x.start - y.start);
  }
}

/** The ranges before a cluster where an address's start may be: a street type, a sector code, a rural property. */
function nearNumber(text: string, c: Cluster, found: Candidates): void {
  const g = c.groups[0]!;
  const n = g.end - g.start;
  if (n > 5) return;
  if (n <= 4 && c.groups.length === 1) {
    const sector = sectorStart(text, g.start);
    if (sector >= 0) found.sectors.push([sector, g.end]);
  }
  if (c.gluedBefore) return;
  if (afterKm(text, g.start)) addWindow(found.rural, g.start);
  if (mayBeHouseNumber(text, g.start, g.end)) addWindow(found.near, g.start);
}

/** "km 12", "KM12": a kilometre of a road, where a rural property may be. */
function afterKm(text: string, at: number): boolean {
  const k = text.charCodeAt(at - 1) === 32 ? at - 1 : at;
  return (text.charCodeAt(k - 1) | 32) === 109 && (text.charCodeAt(k - 2) | 32) === 107;
}

/** Brasília addresses at the sector codes found before numbers. */
function sectorAddresses(text: string, sectors: readonly [number, number][]): Span[] {
  const out: Span[] = [];
  let from = 0;
  for (const [start, numberEnd] of sectors) {
    if (start < from) continue;
    const end = sectorAddressEnd(text, start, numberEnd);
    if (end < 0) continue;
    out.push({ start, end, key: fold(text.slice(start, end)).replace(/\s+/g, ' ') });
    from = end;
  }
  return out;
}

/** The windows before each rural cue and "s/n", merged with those before kilometres. */
function ruralWindows(
  text: string,
  out: [number, number][],
  noNumber: readonly number[],
): [number, number][] {
  const cues: number[] = [];
  ruralCues(text, cues);
  return withCues(out, cues.concat(noNumber));
}

/** The rural addresses whose property type starts in one of `near`. */
function ruralAddresses(text: string, near: readonly [number, number][]): Span[] {
  const out: Span[] = [];
  let from = 0;
  for (const [lo, hi] of near) {
    const s0 = Math.max(lo, from);
    if (s0 >= hi) continue;
    const w = text.slice(s0, hi);
    PROPERTY.lastIndex = 0;
    for (let m = PROPERTY.exec(w); m; m = PROPERTY.exec(w)) {
      const start = s0 + m.index + m[0].length - m[1]!.length;
      const end = ruralAddressEnd(text, start, m[1]!.length);
      if (end < 0) continue;
      out.push({ start, end, key: fold(text.slice(start, end)).replace(/\s+/g, ' ') });
      from = end;
      break;
    }
  }
  return out;
}

/** The addresses whose street type starts in one of `near`. */
function addresses(text: string, near: readonly [number, number][]): Span[] {
  const out: Span[] = [];
  // Every address has a house number (or "s/n"): only the text before a short number
  // that follows a word or a comma is searched for a street type.
  let from = 0;
  for (const [lo, hi] of near) {
    const s0 = Math.max(lo, from);
    if (s0 >= hi) continue;
    const w = text.slice(s0, hi);
    STREET.lastIndex = 0;
    for (let m = STREET.exec(w); m; m = STREET.exec(w)) {
      const start = s0 + m.index + m[0].length - m[1]!.length;
      const end = addressAt(text, start, m[1]!.length);
      if (end < 0) continue;
      out.push({ start, end, key: fold(text.slice(start, end)).replace(/\s+/g, ' ') });
      from = end;
      if (end - s0 >= w.length) break;
      STREET.lastIndex = end - s0;
    }
  }
  return out;
}

/** The end of the address whose street type at `start` is `typeLength` long, or -1. */
function addressAt(text: string, start: number, typeLength: number): number {
  REST.lastIndex = start + typeLength;
  const r = REST.exec(text);
  if (r === null) return -1;
  let lowerName = false;
  if (r[2]!.trim() === '') {
    // "Avenida Paulista 1578": only a capitalised name may meet its number without a
    // comma, or any name where nothing around is capitalised ("moro na rua tiradentes 450").
    const last = r[1]!.trim().split(/\s+/).pop()!;
    lowerName = !isUpper(last[0]!);
    if (lowerName && (COUNTING.has(last) || !uncapitalised(text, start))) return -1;
  }
  // A complement or a CEP after the number settles it ("casa 3" when the name is lower
  // case: "a rua de cima tem 3 lojas" is no address); a bare number must end the phrase.
  const bareWord = lowerName && !/[0-9]|\s[a-z](?![a-z])/i.test(r[4]!);
  const settled = (r[4]!.length > 0 && !bareWord) || /n/i.test(r[2]!);
  const end = bareWord ? REST.lastIndex - r[4]!.length : REST.lastIndex;
  return settled || endsWell(text, end) ? addressTail(text, end, /[0-9]{5}[-.]?[0-9]{3}/.test(r[4]!)) : -1;
}

/**
 * Whether the house number at `at` may follow a street's name: after ',' or "nº"/"n." or
 * " - ", or after a capitalised word ("Avenida Paulista 1578"). "de 15", "em 2024" and the
 * other numbers of running text do not start a search.
 */
function mayBeHouseNumber(text: string, at: number, end: number): boolean {
  let k = at - 1;
  while (k > 0 && (text.charCodeAt(k) === 32 || text.charCodeAt(k) === 9)) k--;
  const c = text.charCodeAt(k);
  if (c === 44 || c === 45 || c === 0xba || c === 0xb0) return true;
  // "n. 45", "no 45".
  if ((c === 46 || c === 111) && (text.charCodeAt(k - 1) | 32) === 110 && !isLetter(text.charCodeAt(k - 2)))
    return true;
  if (k === at - 1 || !isLetter(c)) return false;
  let w = k;
  while (w > 0 && isLetter(text.charCodeAt(w - 1))) w--;
  const first = text.charCodeAt(w);
  if ((first >= 65 && first <= 90) || (first >= 0xc0 && first <= 0xde)) return true;
  // After a lower-case word: a chat address, which a complement, a comma or the line's
  // end follows ("rua tiradentes 450 casa 3"); checked first, as it is cheaper.
  return chatNumberEnd(text, end) && !COUNTING.has(text.slice(w, k + 1)) && uncapitalised(text, at);
}

/** Words a count or a date follows ("de 12,5%", "ate as 13", "faz 10 dias"), never a street's name. */
const COUNTING = new Set(
  'a o as os ao aos de da do das dos e em no na nos nas com por para pra ate até faz há ha tem sao são mais menos que por cerca'.split(
    ' ',
  ),
);

/** Lower-case words that may follow a house number in chat: complements and "bairro". */
const CHAT_AFTER =
  /[ \t]*(?:[,.\n\r]|$|(?:casa|apto?|ap|bloco|bl|sala|lote|lt|quadra|qd|conj|andar|loja|fundos|bairro)(?![\p{L}]))/uy;

function chatNumberEnd(text: string, end: number): boolean {
  CHAT_AFTER.lastIndex = end;
  return CHAT_AFTER.test(text);
}

/**
 * Whether the line within REACH of `at` is written without capitals, as chat is: there
 * a street's name is lower case too. Bounded, so a long line costs no more than a short one.
 */
function uncapitalised(text: string, at: number): boolean {
  const from = Math.max(0, at - REACH);
  for (let k = at - 1; k >= from; k--) {
    const c = text.charCodeAt(k);
    if (c === 10) break;
    if (isCapital(c)) return false;
  }
  const to = Math.min(text.length, at + 16);
  for (let k = at; k < to; k++) {
    const c = text.charCodeAt(k);
    if (c === 10) break;
    if (isCapital(c)) return false;
  }
  return true;
}

function isCapital(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 0xc0 && c <= 0xde && c !== 0xd7);
}
function isLetter(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 0xc0 && c <= 0x24f);
}

/** The text range where a street type before a house number at `at` may start, merged with the last one when they touch. */
function addWindow(out: [number, number][], at: number): void {
  const lo = Math.max(0, at - REACH);
  const last = out[out.length - 1];
  if (last && lo <= last[1]) last[1] = at;
  else out.push([lo, at]);
}

/** Where "s/n", "S/n" or "S/N" is (its '/'): an address without a house number ends there. One scan, for the rare '/'. */
function noNumberCues(text: string, out: number[]): void {
  for (let p = text.indexOf('/'); p >= 0; p = text.indexOf('/', p + 1)) {
    const next = text.charCodeAt(p + 1);
    const before = text.charCodeAt(p - 1);
    if ((next === 110 && (before === 115 || before === 83)) || (next === 78 && before === 83)) out.push(p);
  }
}

/**
 * `out` (windows in text order) with the windows before each cue, sorted and merged: a
 * cue's window may fall before the last number's, so they are merged after sorting.
 */
function withCues(out: [number, number][], cues: number[]): [number, number][] {
  if (cues.length === 0) return out;
  const all = out.concat(cues.map((p): [number, number] => [Math.max(0, p - REACH), p]));
  all.sort((x, y) => x[0] - y[0]);
  const merged: [number, number][] = [];
  for (const w of all) {
    const last = merged[merged.length - 1];
    if (last && w[0] <= last[1]) last[1] = Math.max(last[1], w[1]);
    else merged.push([w[0], w[1]]);
  }
  return merged;
}

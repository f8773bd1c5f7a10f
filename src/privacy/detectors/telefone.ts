// Brazilian telephone detector (category 'telefone'). Reads dialled digits across the
// groups of a digit cluster: optional +55 / 55 / 0055, trunk 0, two-digit carrier code,
// DDD (one of the 67 area codes) and the subscriber number (mobile 9 + 8 digits,
// landline [2-5] + 7). The key is the national number: DDD + subscriber.
//
// Grouped numbers ("(11) 98765-4321", "+55 11 98765 4321") need no context: the last
// group must have at least 4 digits, which rules out CPF masks, dates and IPs.
// A bare digit run ("11987654321") or a number without DDD ("98765-4321") needs a
// telephone word nearby (see context.ts); "+5511987654321" counts as grouped.
// Business numbers (0800/0300/0500/0900, 4004-xxxx …) are skipped unless asked for.
import type { Analysis } from '../analysis.js';
import {
  isBusinessNational,
  isBusinessSubscriber,
  isNationalNumber,
  isSubscriber,
  isValidCpf,
  nationalNumber,
} from '../checks.js';
import { type Cluster, digitsOf, sepsWithin, softAfter, softBefore } from '../clusters.js';
import { isDocKind } from '../context.js';
import { defineDetector, type Detector, type Span } from '../types.js';

export interface PhoneOptions {
  /** Also report business numbers (0800, 0300, 4004-xxxx …). Default false. */
  includeBusiness?: boolean;
}

const PHONE_WORDS = [
  'telefone',
  'telefones',
  'tel',
  'tels',
  'fone',
  'fones',
  'celular',
  'cel',
  'whatsapp',
  'whats',
  'zap',
  'wpp',
  'zapzap',
  'ligar',
  'ligue',
  'liga',
  'ligacao',
  'ligou',
  'liguei',
  'ligaram',
  'ligando',
  'disque',
  'discar',
  'numero',
  'contato',
  'fixo',
  'movel',
  'sms',
  'chama',
  'chamar',
  'ramal',
  'telemovel',
];

const SEPS = ' .-()\u00a0\u2013\u2010\u2011';
const MAX_DIGITS = 15;

/** Whether a bare or DDD-less number reads as a telephone in its context. */
function phoneByContext(a: Analysis, start: number, end: number, digits: string): boolean {
  const ctx = a.context(start, end);
  // A Pix key ("pix 11987654321") is often a mobile number written bare, with its DDD;
  // a valid CPF there is the CPF's (cpf.ts).
  if (ctx.nearest === 'chave_pix' && !ctx.nearestAfter) return digits.length >= 10 && !isValidCpf(digits);
  if (!ctx.kinds.has('telefone')) return false;
  // The nearest word names something else: "pedido", "protocolo"…
  if (ctx.nearest !== 'telefone' && !isDocKind(ctx.nearest)) return false;
  // "cpf: 529…" wins over a farther "telefone" when the digits are a valid CPF.
  return !(isDocKind(ctx.nearest) && isValidCpf(digits));
}

interface Reading {
  j: number;
  key: string;
}

function read(
  a: Analysis,
  c: Cluster,
  i: number,
  plus: boolean,
  opts: PhoneOptions,
  start: number,
  anyCarrier = false,
): Reading | null {
  const g = c.groups;
  let total = 0;
  let best: Reading | null = null;
  for (let j = i; j < g.length; j++) {
    total += g[j]!.end - g[j]!.start;
    if (total > MAX_DIGITS) break;
    if (j > i && !sepsWithin(c, j - 1, j, SEPS)) break;
    if (total < 8 || !softAfter(c, j)) continue;
    const grouped = j > i || plus;
    if (grouped && g[j]!.end - g[j]!.start < 4) continue;
    const digits = digitsOf(a.text, c, i, j);
    const key = keyOf(digits, plus, opts, anyCarrier);
    if (key === null) continue;
    // Nobody splits an area code: "00. (44) 9…" is not 0 + carrier 04 + DDD 49.
    if (key.length >= 10 && splitsAt(c, i, j, digits.length - key.length + 1)) continue;
    // A number without DDD must stand alone: after "(36) " or "0055 23 " the groups are
    // the rest of a number with an invalid area code, not a local number.
    if (key.length < 10 && (i > 0 || start < g[i]!.start)) continue;
    // 4004-xxxx-style numbers only get here when business numbers were asked for.
    const business = isBusinessNational(key);
    if (!business && !subscriberShapeOk(c, i, j, key.length < 10 ? key.length : key.length - 2)) continue;
    const needsContext = !grouped || (key.length < 10 && !isBusinessSubscriber(key));
    if (needsContext && !phoneByContext(a, start, g[j]!.end, digits)) continue;
    best = { j, key };
  }
  return best;
}

/** Whether a group boundary of groups i..j falls after `at` digits. */
function splitsAt(c: Cluster, i: number, j: number, at: number): boolean {
  let total = 0;
  for (let k = i; k < j; k++) {
    total += c.groups[k]!.end - c.groups[k]!.start;
    if (total >= at) return total === at;
  }
  return false;
}

/**
 * How the subscriber digits are grouped: "98765-4321", "3456 7890", "9 8765-4321",
 * "9 87654321" or not at all. A boleto line ("84257.28997") or a code with a valid DDD
 * by chance is grouped otherwise.
 */
function subscriberShapeOk(c: Cluster, i: number, j: number, len: number): boolean {
  const g = c.groups;
  const parts: number[] = [];
  let left = len;
  for (let k = j; k >= i && left > 0; k--) {
    const n = Math.min(g[k]!.end - g[k]!.start, left);
    parts.unshift(n);
    left -= n;
  }
  if (parts.length === 1) return true;
  const last = parts[parts.length - 1];
  if (parts.length === 2) return last === 4 || (parts[0] === 1 && last === len - 1);
  return parts.length === 3 && parts[0] === 1 && parts[1] === 4 && last === 4;
}

/** `anyCarrier`: "0xx" was written before the digits, the carrier code left open. */
function keyOf(digits: string, plus: boolean, opts: PhoneOptions, anyCarrier: boolean): string | null {
  if (!plus && isBusinessNational(digits)) return opts.includeBusiness ? digits : null;
  const national = nationalNumber(digits, plus);
  if (national !== null) {
    // A capital number (4004-xxxx) is dialled alone; one dialled through a carrier code
    // ("0 31 77 4000 7856", "0xx21 4007-6529") is a long-distance call to an ordinary line.
    const viaCarrier = anyCarrier || digits.length === national.length + 3;
    if (!viaCarrier && isBusinessSubscriber(national.slice(2)) && !opts.includeBusiness) return null;
    return national;
  }
  // A number without DDD; only ever accepted with a telephone word (see read()).
  if (!plus && isSubscriber(digits)) {
    if (isBusinessSubscriber(digits)) return opts.includeBusiness ? digits : null;
    return digits;
  }
  return null;
}

/** Finds telephone numbers; business numbers only when `opts.includeBusiness`. */
/** Four groups of four digits (and a last short one): a card's layout, never a telephone's. */
function cardLayout(c: Cluster): boolean {
  const g = c.groups;
  if (g.length < 4 || g.length > 5) return false;
  for (let k = 0; k < 4; k++) if (g[k]!.end - g[k]!.start !== 4) return false;
  return g.length === 4 || g[4]!.end - g[4]!.start <= 3;
}

function phonesIn(a: Analysis, c: Cluster, opts: PhoneOptions, out: Span[]): void {
  const text = a.text;
  // Shorter than the shortest number read (eight digits without DDD).
  if (c.digits < 8 || cardLayout(c)) return;
  const g = c.groups;
  let i = 0;
  while (i < g.length) {
    if (i > 0 && !softBefore(c, i)) {
      i++;
      continue;
    }
    let start = g[i]!.start;
    const plus = text.charCodeAt(start - 1) === 43 || text.startsWith('+(', start - 2);
    // "0xx11 98765-4321", "(0XX31) 3456-7890": the old way to write "dial 0, any carrier".
    const anyCarrier = i === 0 && !plus && c.gluedBefore ? carrierPlaceholder(text, start) : -1;
    if (i === 0 && c.gluedBefore && anyCarrier < 0) {
      i++;
      continue;
    }
    if (plus) start = text.charCodeAt(start - 1) === 43 ? start - 1 : start - 2;
    else {
      if (anyCarrier >= 0) start = anyCarrier;
      if (text.charCodeAt(start - 1) === 40 && i + 1 < g.length && g[i + 1]!.sep.includes(')')) start -= 1;
    }
    const r = read(a, c, i, plus, opts, start, anyCarrier >= 0);
    if (r === null) {
      // "+1 212 555 0100": the groups after a foreign country code are not a Brazilian number.
      if (plus) break;
      i++;
      continue;
    }
    out.push({ start, end: g[r.j]!.end, key: r.key });
    i = r.j + 1;
  }
}

/** "0xx" (any case) right before a DDD, itself at a word start or after "(": where it starts, or -1. */
function carrierPlaceholder(text: string, ddd: number): number {
  const at = ddd - 3;
  if (at < 0 || text.charCodeAt(at) !== 48) return -1;
  if ((text.charCodeAt(at + 1) | 32) !== 120 || (text.charCodeAt(at + 2) | 32) !== 120) return -1;
  const before = text.charCodeAt(at - 1);
  return at === 0 || !(isAsciiAlnum(before) || before === 95 || before === 64) ? at : -1;
}

function isAsciiAlnum(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

const BUSINESS: PhoneOptions = { includeBusiness: true };
const PERSONAL: PhoneOptions = {};

/** The telephone detector with fixed options (the registry's reads them from FindOptions). */
export function createPhoneDetector(opts: PhoneOptions = {}): Detector<'telefone'> {
  return defineDetector({
    category: 'telefone',
    label: 'TELEFONE',
    priority: 40,
    order: 40,
    context: PHONE_WORDS,
    validate: (key) => isNationalNumber(key) || isSubscriber(key) || isBusinessNational(key),
    detect(a: Analysis, options: { includeBusinessPhones?: boolean } = {}): Span[] {
      const chosen = (opts.includeBusiness ?? options.includeBusinessPhones) ? BUSINESS : PERSONAL;
      const out: Span[] = [];
      const clusters = a.clusters;
      for (let k = 0; k < clusters.length; k++) phonesIn(a, clusters[k]!, chosen, out);
      return out;
    },
    reader(a: Analysis, options: { includeBusinessPhones?: boolean } = {}) {
      const chosen = (opts.includeBusiness ?? options.includeBusinessPhones) ? BUSINESS : PERSONAL;
      const out: Span[] = [];
      return {
        // The shortest number read: eight digits without DDD.
        minDigits: 8,
        read: (c: Cluster) => phonesIn(a, c, chosen, out),
        done: () => out,
      };
    },
  });
}

export const phoneDetector = createPhoneDetector();

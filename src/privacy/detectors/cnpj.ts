// CNPJ detector, numeric and alphanumeric (format in force since July 2026: the first
// 12 characters from [0-9A-Z], two numeric check digits; input case-insensitive).
// Accepted without context: the mask 11.222.333/0001-81 (also with spaces or without
// dots, as long as the '/' or the full 2-3-3-4-2 grouping is there). Unmasked
// candidates need a document word nearby: ~1% of random 14-character tokens pass the
// check digits.
import type { Analysis } from '../analysis.js';
import { isValidCnpj } from '../checks.js';
import { type Cluster, digitsOf, sepsWithin, softAfter, softBefore } from '../clusters.js';
import { hasDocContext, isDocKind } from '../context.js';
import { defineDetector, type Span } from '../types.js';
import { shapeOf } from './cpf.js';

/** A document word nearby, and none of another kind nearer. */
function cnpjByContext(a: Analysis, start: number, end: number): boolean {
  const ctx = a.context(start, end);
  return hasDocContext(ctx) && isDocKind(ctx.nearest);
}

function numeric(a: Analysis, c: Cluster, out: Span[]): void {
  const text = a.text;
  if (c.digits < 14) return;
  const g = c.groups;
  let i = 0;
  while (i < g.length) {
    if (!softBefore(c, i)) {
      i++;
      continue;
    }
    let total = 0;
    let found = -1;
    let slashAt8 = false;
    for (let j = i; j < g.length && j < i + 5; j++) {
      if (j > i && total === 8 && g[j]!.sep.includes('/')) slashAt8 = true;
      total += g[j]!.end - g[j]!.start;
      if (total > 14) break;
      if (total < 14 || !softAfter(c, j)) continue;
      if (!sepsWithin(c, i, j, './- \u00a0')) break;
      const digits = digitsOf(text, c, i, j);
      if (!isValidCnpj(digits)) break;
      const start = g[i]!.start;
      const end = g[j]!.end;
      const masked = slashAt8 || shapeOf(g, i, j) === '2,3,3,4,2';
      if (masked || cnpjByContext(a, start, end)) {
        out.push({ start, end, key: digits });
        found = j;
      }
      break;
    }
    i = found >= 0 ? found + 1 : i + 1;
  }
}

const AN = '[0-9A-Za-z]';
// Anchored at a '/': the root before it (dotted or not), branch and check digits after.
const ROOT_DOTTED = new RegExp(`${AN}{2}\\.${AN}{3}\\.${AN}{3}/`, 'y');
const ROOT_PLAIN = new RegExp(`${AN}{8}/`, 'y');
const BRANCH = new RegExp(`${AN}{4}[-.]?[0-9]{2}(?![0-9A-Za-z])`, 'y');
// Unmasked or partly masked tokens within 64 characters after a CNPJ word.
const CONTEXT_WORD = /cnpj|c\.n\.p\.j|raz[aã]o social|inscri[cç][aã]o|empresa/gi;
const TOKEN_AT = new RegExp(`${AN}{12}-?[0-9]{2}(?![0-9A-Za-z])`, 'y');
const WINDOW = 64;

function isAlnumAt(text: string, i: number): boolean {
  if (i < 0 || i >= text.length) return false;
  const c = text.charCodeAt(i);
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

function hasLetter(s: string): boolean {
  return /[A-Za-z]/.test(s);
}

function normalise(s: string): string {
  return s.replace(/[./-]/g, '').toUpperCase();
}

/** Alphanumeric CNPJs masked with a '/' only: numeric ones come from the digit clusters. */
function slashed(a: Analysis, out: Span[]): void {
  const text = a.text;
  for (let s = text.indexOf('/'); s >= 0; s = text.indexOf('/', s + 1)) {
    let start = -1;
    ROOT_DOTTED.lastIndex = s - 10;
    if (s >= 10 && ROOT_DOTTED.test(text)) start = s - 10;
    else {
      ROOT_PLAIN.lastIndex = s - 8;
      if (s >= 8 && ROOT_PLAIN.test(text)) start = s - 8;
    }
    if (start < 0 || isAlnumAt(text, start - 1) || text.charCodeAt(start - 1) === 46) continue;
    BRANCH.lastIndex = s + 1;
    if (!BRANCH.test(text)) continue;
    const end = BRANCH.lastIndex;
    const raw = text.slice(start, end);
    const key = normalise(raw);
    if (hasLetter(raw) && isValidCnpj(key)) out.push({ start, end, key });
  }
}

/**
 * An unmasked alphanumeric token ends with its two check digits, right after a letter or
 * a '-' glued to one: the end of a digit cluster glued before. Only those are read.
 */
function unmasked(a: Analysis, c: Cluster, out: Span[]): void {
  const text = a.text;
  if (!c.gluedBefore) return;
  const end = c.groups[0]!.end;
  if (isAlnumAt(text, end)) return;
  const start = text.charCodeAt(end - 3) === 45 ? end - 15 : end - 14;
  if (start < 0 || isAlnumAt(text, start - 1)) return;
  TOKEN_AT.lastIndex = start;
  if (!TOKEN_AT.test(text) || TOKEN_AT.lastIndex !== end) return;
  const raw = text.slice(start, end);
  const key = normalise(raw);
  if (!hasLetter(raw) || !isValidCnpj(key) || !wordBefore(text, start, end)) return;
  if (cnpjByContext(a, start, end)) out.push({ start, end, key });
}

/** A CNPJ word ending at most WINDOW characters before `end`, and before `start`. */
function wordBefore(text: string, start: number, end: number): boolean {
  const from = Math.max(0, end - WINDOW - 24);
  const before = text.slice(from, start);
  CONTEXT_WORD.lastIndex = 0;
  for (let m = CONTEXT_WORD.exec(before); m; m = CONTEXT_WORD.exec(before)) {
    if (from + m.index + m[0].length >= end - WINDOW) return true;
  }
  return false;
}

/** The numeric CNPJs, the masked alphanumeric ones, then the unmasked ones; each token once. */
function joined(a: Analysis, byCluster: Span[], glued: Span[]): Span[] {
  const out = byCluster;
  slashed(a, out);
  for (const m of glued) out.push(m);
  if (out.length < 2) return out;
  // The context pass may find a token twice (two CNPJ words before it).
  out.sort((a, b) => a.start - b.start);
  return out.filter((m, k) => k === 0 || m.start !== out[k - 1]!.start);
}

export const cnpjDetector = defineDetector({
  category: 'cnpj',
  label: 'CNPJ',
  priority: 10,
  order: 20,
  context: ['cnpj', 'c.n.p.j', 'cnpjs', 'razao social', 'empresa', 'pessoa juridica', 'pj'],
  validate: isValidCnpj,
  detect(a: Analysis): Span[] {
    const byCluster: Span[] = [];
    const glued: Span[] = [];
    const clusters = a.clusters;
    for (let k = 0; k < clusters.length; k++) {
      numeric(a, clusters[k]!, byCluster);
      unmasked(a, clusters[k]!, glued);
    }
    return joined(a, byCluster, glued);
  },
  reader(a: Analysis) {
    const byCluster: Span[] = [];
    const glued: Span[] = [];
    return {
      minDigits: 1,
      read(c: Cluster): void {
        numeric(a, c, byCluster);
        unmasked(a, c, glued);
      },
      done: () => joined(a, byCluster, glued),
    };
  },
});

// Overlapping matches of different detectors (an e-mail and the name inside it, a phone
// and a shorter reading of its digits) resolved to one disjoint, sorted list. Used by the
// barrier for one text and by parts.ts for the parts of one text.
import { PRIORITY } from './registry.js';
import type { Category, Match } from './types.js';

/**
 * Categories read from words, not from digits alone: overlapping another finding they
 * are a second finding (a name run into the e-mail under it), never a reading of the
 * same digits as another number (a CPF and a CNPJ over one run of digits are rivals).
 */
const TEXTUAL: ReadonlySet<Category> = new Set<Category>(['nome', 'email', 'endereco']);

/** Longer span wins; on equal length, the category with the lower priority (registry.ts). */
function better(a: Match, b: Match): boolean {
  const la = a.end - a.start;
  const lb = b.end - b.start;
  if (la !== lb) return la > lb;
  return PRIORITY[a.category] < PRIORITY[b.category];
}

/**
 * Overlap rule: within each group of overlapping matches, the best match is kept
 * first, then the next best that does not overlap anything kept, and so on. Best =
 * longest span (an e-mail over the name or digits inside it, "+55 11 98765-4321" over
 * a shorter reading); at equal length, the detectors' priorities decide (CNPJ > CPF >
 * e-mail > telephone > name). A match not kept that reaches beyond the kept ones keeps
 * its pieces outside them: the union is masked, never a part of one dropped (a name that
 * ran into the address under it loses only the address's part).
 * Result: disjoint, sorted by start.
 */
export function resolveOverlaps(matches: Match[], text?: string): Match[] {
  if (matches.length < 2) return matches;
  const sorted = matches.slice().sort((a, b) => a.start - b.start || b.end - a.end);
  const out: Match[] = [];
  let group: Match[] = [];
  let groupEnd = -1;
  const flush = () => {
    if (group.length === 1) out.push(group[0]!);
    else if (group.length > 1) out.push(...pickDisjoint(group, text));
  };
  for (const m of sorted) {
    if (m.start >= groupEnd) {
      flush();
      group = [];
    }
    group.push(m);
    groupEnd = Math.max(groupEnd, m.end);
  }
  flush();
  return out;
}

function pickDisjoint(group: Match[], text: string | undefined): Match[] {
  const ranked = group.slice().sort((a, b) => (better(a, b) ? -1 : better(b, a) ? 1 : a.start - b.start));
  const kept: Match[] = [];
  const dropped: Match[] = [];
  for (const m of ranked) {
    if (kept.every((k) => m.end <= k.start || m.start >= k.end)) kept.push(m);
    else dropped.push(m);
  }
  // What a dropped match covers beyond the kept ones is masked too, in its own category,
  // when the two are findings of different kinds: not two readings of the same digits.
  for (const m of dropped) {
    const rivals = kept.filter((k) => k.start < m.end && m.start < k.end);
    if (rivals.every((k) => TEXTUAL.has(k.category) || TEXTUAL.has(m.category)))
      kept.push(...outside(m, kept, text));
  }
  return kept.sort((a, b) => a.start - b.start);
}

/**
 * The pieces of `m` that no kept match covers, trimmed of spaces and punctuation when
 * the text is given, at least MIN_PIECE long. A piece keeps the whole match's key: the
 * same overlapping text gets the same placeholder.
 */
function outside(m: Match, kept: readonly Match[], text: string | undefined): Match[] {
  let pieces: Match[] = [m];
  for (const k of kept) {
    const next: Match[] = [];
    for (const p of pieces) {
      if (p.end <= k.start || p.start >= k.end) next.push(p);
      else {
        if (p.start < k.start) next.push({ ...p, end: k.start });
        if (p.end > k.end) next.push({ ...p, start: k.end });
      }
    }
    pieces = next;
  }
  if (text !== undefined) for (const p of pieces) trim(p, text);
  return pieces.filter((p) => p.end - p.start >= MIN_PIECE);
}

const VALUE_CHAR = /[\p{L}\p{N}]/u;

function trim(p: Match, text: string): void {
  while (p.start < p.end && !VALUE_CHAR.test(text[p.start]!)) p.start++;
  while (p.end > p.start && !VALUE_CHAR.test(text[p.end - 1]!)) p.end--;
}

/** A piece shorter than this is a separator or a stray letter, not part of a value. */
const MIN_PIECE = 2;

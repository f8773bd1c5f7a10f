// Overlapping matches of different detectors (an e-mail and the name inside it, a phone
// and a shorter reading of its digits) resolved to one disjoint, sorted list. Used by the
// barrier for one text and by parts.ts for the parts of one text.
import { PRIORITY } from './registry.js';
import type { Match } from './types.js';

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
 * e-mail > telephone > name).
 * Result: disjoint, sorted by start.
 */
export function resolveOverlaps(matches: Match[]): Match[] {
  if (matches.length < 2) return matches;
  const sorted = matches.slice().sort((a, b) => a.start - b.start || b.end - a.end);
  const out: Match[] = [];
  let group: Match[] = [];
  let groupEnd = -1;
  const flush = () => {
    if (group.length === 1) out.push(group[0]!);
    else if (group.length > 1) out.push(...pickDisjoint(group));
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

function pickDisjoint(group: Match[]): Match[] {
  const ranked = group.slice().sort((a, b) => (better(a, b) ? -1 : better(b, a) ? 1 : a.start - b.start));
  const kept: Match[] = [];
  for (const m of ranked) {
    if (kept.every((k) => m.end <= k.start || m.start >= k.end)) kept.push(m);
  }
  return kept.sort((a, b) => a.start - b.start);
}

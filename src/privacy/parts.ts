// Values split across parts (text blocks, messages of one role, list items): the parts
// are read as one text near each boundary, and every match is mapped back to the parts
// it covers. Pure: the detector run is passed in.
import { resolveOverlaps } from './overlaps.js';
import type { Match } from './types.js';

/**
 * A match in the concatenation of the parts. `original` is set where the reader saw a
 * space that is not in the parts ("Maria" + "Souza" read as "Maria Souza"); otherwise the
 * value is the concatenation's text.
 */
export interface PartsMatch extends Match {
  original?: string;
}

/**
 * The two readings of a boundary: the parts glued ("529.982." + "247-25") and with a
 * space between them ("Maria" + "Souza", "529.982.247" + "25"). Detectors accept both
 * inside a value, and neither creates a value the detectors would not accept in one text.
 * The spaced reading differs only where letters or digits meet at the boundary (glued
 * punctuation reads as it does spaced: "cpf:529…", "(11)98765…"), so it is made only there.
 */
const glued = (): string => '';
const spaced = (joined: string, cut: number): string => (wordsMeet(joined, cut) ? ' ' : '');
const WORD = /[\p{L}\p{N}]/u;
const LETTER = /\p{L}/u;
const wordsMeet = (joined: string, cut: number): boolean =>
  WORD.test(joined[cut - 1]!) && WORD.test(joined[cut]!);
/** Matches this close to a cut window edge are dropped: the cut may have changed their reading (context words reach 48 characters back). */
const MARGIN = 48;
/** Text read on each side of a boundary: a value may reach REACH − MARGIN characters past it. */
const REACH = 112;
/** How far a window edge moves outward to fall on whitespace instead of inside a word or number. */
const SNAP = 32;

/** Start offsets of each part in the concatenation, plus its total length. */
function offsetsOf(parts: readonly string[]): number[] {
  const starts = [0];
  for (const p of parts) starts.push(starts[starts.length - 1]! + p.length);
  return starts;
}

/** Ranges of the concatenation around the boundaries, merged when they touch. */
function windows(joined: string, cuts: readonly number[]): [number, number][] {
  const out: [number, number][] = [];
  for (const cut of cuts) {
    const a = snap(joined, Math.max(0, cut - REACH), -1);
    const b = snap(joined, Math.min(joined.length, cut + REACH), 1);
    const last = out[out.length - 1];
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

function snap(text: string, at: number, dir: -1 | 1): number {
  for (let i = 0, p = at; i < SNAP && p > 0 && p < text.length; i++, p += dir) {
    if (/\s/.test(text[dir < 0 ? p - 1 : p]!)) return p;
  }
  return at;
}

/**
 * Every match of the parts: each part read alone (as a single text would be), plus what
 * only the joined reading finds — a value across a boundary, or a value whose context
 * word sits in the previous part. A reading across a boundary never glues the next word
 * onto a part's own match that ends right there (extendsWhole); otherwise the longer
 * reading wins, as in one text. Disjoint, sorted, in offsets of the concatenation.
 */
export function findInParts(parts: readonly string[], find: (text: string) => Match[]): PartsMatch[] {
  const starts = offsetsOf(parts);
  const joined = parts.join('');
  const own: PartsMatch[] = [];
  parts.forEach((p, i) => {
    const at = starts[i]!;
    for (const m of find(p))
      own.push({ category: m.category, start: m.start + at, end: m.end + at, key: m.key });
  });
  const cuts = [...new Set(starts.slice(1, -1))].filter((c) => c > 0 && c < joined.length);
  // Boundaries where a part's own match starts or ends: a reading across one of them may
  // be gluing a word onto a whole value (extendsWhole).
  const ownEdges = new Set<number>();
  for (const o of own) ownEdges.add(o.start).add(o.end);
  const across: PartsMatch[] = [];
  for (const [a, b] of windows(joined, cuts)) {
    const inside = cuts.filter((c) => c > a && c < b);
    const readings = inside.some((c) => spaced(joined, c)) ? [glued, spaced] : [glued];
    for (const sep of readings) {
      for (const m of readWindow(joined, a, b, inside, sep, find)) {
        if (gluesOntoWhole(m, cuts, ownEdges, joined)) continue;
        across.push(m);
      }
    }
  }
  return across.length === 0 ? own : (resolveOverlaps([...own, ...across]) as PartsMatch[]);
}

/** The matches of one window read with `sep` at each boundary, in offsets of the concatenation. */
function readWindow(
  joined: string,
  a: number,
  b: number,
  inside: readonly number[],
  sep: (joined: string, cut: number) => string,
  find: (text: string) => Match[],
): PartsMatch[] {
  const pieces: string[] = [];
  // View offset of each separator, and the separator length inserted before it.
  const at: number[] = [];
  const before: number[] = [];
  let prev = a;
  let shift = 0;
  for (const c of inside) {
    const s = sep(joined, c);
    pieces.push(joined.slice(prev, c), s);
    if (s) {
      at.push(c - a + shift);
      before.push(shift);
    }
    shift += s.length;
    prev = c;
  }
  pieces.push(joined.slice(prev, b));
  const view = pieces.join('');
  // Separators are one space each; an offset on one maps to its boundary.
  const toJoined = (v: number): number => {
    const i = firstAbove(at, v) - 1; // the last separator at or before v
    if (i < 0) return a + v;
    return v === at[i] ? a + at[i]! - before[i]! : a + v - before[i]! - 1;
  };
  const lo = a === 0 ? 0 : MARGIN;
  const hi = b === joined.length ? view.length : view.length - MARGIN;
  const out: PartsMatch[] = [];
  for (const m of find(view)) {
    if (m.start < lo || m.end > hi) continue;
    const start = toJoined(m.start);
    const end = toJoined(m.end);
    if (end <= start) continue;
    const match: PartsMatch = { category: m.category, start, end, key: m.key };
    if (end - start !== m.end - m.start) match.original = view.slice(m.start, m.end);
    out.push(match);
  }
  return out;
}

/**
 * True when the match runs across a boundary where letters meet and a part's own match
 * ends or starts: the part already ended the value there, and reading the next word into
 * it is an artefact ("a@x.com.br" + "nada", "Maria" + "João"). Across digits (check
 * digits decide: "cpf 52998224" + "725"), punctuation or a space ("a@x.com" + ".br",
 * "Maria" + " Souza") the longer reading stands.
 */
function gluesOntoWhole(
  m: Match,
  cuts: readonly number[],
  ownEdges: ReadonlySet<number>,
  joined: string,
): boolean {
  for (let i = firstAbove(cuts, m.start); i < cuts.length && cuts[i]! < m.end; i++) {
    const c = cuts[i]!;
    if (ownEdges.has(c) && LETTER.test(joined[c - 1]!) && LETTER.test(joined[c]!)) return true;
  }
  return false;
}

/** Index of the first sorted value greater than `x` (binary search: runs of 1,000 items). */
function firstAbove(sorted: readonly number[], x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Applies disjoint matches to the parts. The split rule: a value's replacement goes where
 * the value starts, and its pieces in the following parts are removed, so the parts read
 * together hold the replacement once and no piece of the value.
 */
export function applyToParts(
  parts: readonly string[],
  matches: readonly PartsMatch[],
  replace: (m: PartsMatch, original: string) => string,
): string[] {
  const starts = offsetsOf(parts);
  const out = parts.map(() => '');
  const pos = starts.slice(0, -1);
  const emit = (i: number, upTo: number, text: string) => {
    out[i] += parts[i]!.slice(pos[i]! - starts[i]!, upTo - starts[i]!) + text;
  };
  for (const m of matches) {
    // The last part starting at or before the match (empty parts skipped), then onwards.
    const first = firstAbove(starts, m.start) - 1;
    let original = m.original;
    if (original === undefined) {
      original = '';
      for (let i = first; i < parts.length && starts[i]! < m.end; i++) {
        original += parts[i]!.slice(Math.max(0, m.start - starts[i]!), m.end - starts[i]!);
      }
    }
    const replacement = replace(m, original);
    for (let i = first; i < parts.length && starts[i]! < m.end; i++) {
      const s = Math.max(m.start, starts[i]!);
      const e = Math.min(m.end, starts[i + 1]!);
      if (s >= e) continue;
      emit(i, s, s === m.start ? replacement : '');
      pos[i] = e;
    }
  }
  parts.forEach((p, i) => {
    out[i] += p.slice(pos[i]! - starts[i]!);
  });
  return out;
}

// Shared helpers for the privacy tests: valid identifiers built from random bases, and
// a compact view of matches.
import { analyse } from '../../src/privacy/registry.js';
import type { Detector, Span } from '../../src/privacy/types.js';

/** [matched text, key] for each match, the shape most assertions compare. */
export function found(d: Detector<string> | ((t: string) => Span[]), text: string): [string, string][] {
  const ms = typeof d === 'function' ? d(text) : d.detect(analyse(text), {});
  return ms.map((m) => [text.slice(m.start, m.end), m.key]);
}

export function cpfFrom(base9: string): string {
  const d = base9.split('').map(Number);
  for (const len of [9, 10]) {
    let s = 0;
    for (let i = 0; i < len; i++) s += d[i]! * (len + 1 - i);
    d.push(((s * 10) % 11) % 10);
  }
  return d.join('');
}

export function cnpjFrom(base12: string): string {
  const v = base12.toUpperCase().split('');
  const w1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
  const w2 = [6, ...w1];
  for (const w of [w1, w2]) {
    let s = 0;
    for (let i = 0; i < w.length; i++) s += (v[i]!.charCodeAt(0) - 48) * w[i]!;
    const r = s % 11;
    v.push(String(r < 2 ? 0 : 11 - r));
  }
  return v.join('');
}

/** Changes the last check digit, making the number invalid. */
export function breakCheck(id: string): string {
  const last = Number(id[id.length - 1]);
  return id.slice(0, -1) + String((last + 1) % 10);
}

// Fills chat-style templates with names and distractors, recording the gold name spans.
// Slots: {first} a first name alone, {name} a first name or a full name, {full} a full
// name, {x} any key of the `fill` lists (distractors such as cities or months).
import type { Doc } from './data.js';
import type { Rng, Weighted } from './rng.js';

export interface NamePools {
  first: Weighted<string>;
  surnames: readonly string[];
  particles: readonly string[];
}

export function makeName(rng: Rng, pools: NamePools, kind: 'first' | 'name' | 'full'): string {
  const first = pools.first.draw(rng);
  if (kind === 'first' || (kind === 'name' && rng.chance(0.35))) return first;
  const parts = [first];
  if (rng.chance(0.15)) parts.push(pools.first.draw(rng));
  const r = rng.next();
  if (r < 0.25) parts.push(rng.pick(pools.particles), rng.pick(pools.surnames));
  else if (r < 0.4) parts.push(rng.pick(pools.surnames), rng.pick(pools.surnames));
  else if (r < 0.5) parts.push(rng.pick(pools.surnames), rng.pick(pools.particles), rng.pick(pools.surnames));
  else parts.push(rng.pick(pools.surnames));
  if (rng.chance(0.03)) parts.push(rng.pick(['filho', 'junior', 'neto']));
  return parts.join(' ');
}

export function fillTemplate(
  rng: Rng,
  template: string,
  pools: NamePools,
  fill: Record<string, readonly string[]>,
): Doc {
  let text = '';
  const spans: [number, number][] = [];
  const re = /\{(\w+)\}/g;
  let last = 0;
  for (let m = re.exec(template); m !== null; m = re.exec(template)) {
    text += template.slice(last, m.index);
    last = m.index + m[0].length;
    const slot = m[1]!;
    if (slot === 'first' || slot === 'name' || slot === 'full') {
      const name = makeName(rng, pools, slot);
      spans.push([text.length, text.length + name.length]);
      text += name;
    } else {
      const list = fill[slot];
      if (list === undefined) throw new Error(`unknown template slot {${slot}}`);
      text += rng.pick(list);
    }
  }
  text += template.slice(last);
  return { text, spans };
}

/** Lower case without accents, keeping the length (and so the spans) unchanged. */
export function chatCase(s: string): string {
  let out = '';
  for (const ch of s) {
    const f = ch.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    out += f.length === ch.length ? f : ch;
  }
  return out;
}

/** A template slot: how to draw its text and whether that text is a gold person name. */
export interface Slot {
  gold: boolean;
  draw: (rng: Rng) => string;
}

/** Fills `{slot}`s from `slots`, recording the spans of gold slots. */
export function fillSlots(rng: Rng, template: string, slots: Record<string, Slot>): Doc {
  let text = '';
  const spans: [number, number][] = [];
  const re = /\{(\w+)\}/g;
  let last = 0;
  for (let m = re.exec(template); m !== null; m = re.exec(template)) {
    text += template.slice(last, m.index);
    last = m.index + m[0].length;
    const slot = slots[m[1]!];
    if (slot === undefined) throw new Error(`unknown template slot {${m[1]}}`);
    const value = slot.draw(rng);
    if (slot.gold) spans.push([text.length, text.length + value.length]);
    text += value;
  }
  text += template.slice(last);
  return { text, spans };
}

/** Capitalises each word of a name except particles ("joao da silva" -> "Joao da Silva"). */
export function titleCase(name: string): string {
  return name
    .split(' ')
    .map((w) => (/^(da|de|do|das|dos|e|d)$/.test(w) ? w : w.charAt(0).toUpperCase() + w.slice(1)))
    .join(' ');
}

// The lexicon table's file format (models/lexicon.bin.gz): word hash -> lexicon byte
// (LEX_* in the model). Gzip of a header (magic, count), the hashes sorted as unsigned
// numbers and stored as varint deltas, then one byte per hash.
import { gunzipSync, gzipSync } from 'node:zlib';
import { LEX_FREQ_MASK } from '../../src/privacy/names/model.js';

const MAGIC = 0x3158454c; // "LEX1"

/** Zipf frequency (log10 of occurrences per billion words) -> level 1..7. */
export function freqLevel(zipf: number): number {
  if (zipf >= 5) return 7;
  if (zipf >= 4) return 6;
  if (zipf >= 3.5) return 5;
  if (zipf >= 3) return 4;
  if (zipf >= 2.5) return 3;
  if (zipf >= 2) return 2;
  return 1;
}

/** Two bytes of words that fold to the same hash: flags OR-ed, the higher frequency kept. */
export function mergeLex(a: number, b: number): number {
  const f = Math.max(a & LEX_FREQ_MASK, b & LEX_FREQ_MASK);
  return ((a | b) & ~LEX_FREQ_MASK) | f;
}

export function encodeLexicon(lex: Map<number, number>): Buffer {
  const keys = [...lex.keys()].map((k) => k >>> 0).sort((x, y) => x - y);
  const head = Buffer.alloc(8);
  head.writeUInt32LE(MAGIC, 0);
  head.writeUInt32LE(keys.length, 4);
  const deltas: number[] = [];
  let prev = 0;
  for (const k of keys) {
    let d = k - prev;
    prev = k;
    while (d >= 0x80) {
      deltas.push((d & 0x7f) | 0x80);
      d = Math.floor(d / 128);
    }
    deltas.push(d);
  }
  const vals = Buffer.from(keys.map((k) => lex.get(k | 0)!));
  return gzipSync(Buffer.concat([head, Buffer.from(deltas), vals]), { level: 9 });
}

export function decodeLexicon(file: Uint8Array): Map<number, number> {
  const raw = gunzipSync(file);
  if (raw.readUInt32LE(0) !== MAGIC) throw new Error('lexicon table: bad magic number');
  const count = raw.readUInt32LE(4);
  const keys: number[] = [];
  let p = 8;
  let prev = 0;
  for (let i = 0; i < count; i++) {
    let d = 0;
    let mul = 1;
    let b: number;
    do {
      b = raw[p++]!;
      d += (b & 0x7f) * mul;
      mul *= 128;
    } while (b & 0x80);
    prev += d;
    keys.push(prev | 0);
  }
  const out = new Map<number, number>();
  for (const [i, k] of keys.entries()) out.set(k, raw[p + i]!);
  return out;
}

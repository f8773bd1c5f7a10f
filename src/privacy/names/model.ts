// The trained model: hashed feature weights for three tags (O, B, I), a tag
// transition table and a gazetteer keyed by word hash. Serialised as one gzipped
// little-endian binary so it loads with a single read and no parsing of text.
import { gunzipSync, gzipSync } from 'node:zlib';

export const TAG_O = 0;
export const TAG_B = 1;
export const TAG_I = 2;
export const TAGS = 3;
/** Row of the transition table used for the position before the first token. */
export const TAG_START = 3;

/** Gazetteer flags, one Uint16 per word. Bits 0-2 hold a first-name frequency bucket. */
export const GAZ_FIRST_MASK = 7;
export const GAZ_SURNAME = 8;
/** Seen in lower case in ordinary (non-name) use in the training corpus. */
export const GAZ_COMMON = 16;
/** Name particles: da, de, do, dos, das, e, d', van, von... */
export const GAZ_PARTICLE = 32;
/** Words that announce a name: "nome", "sr", "dra", "ministro", "chamo"... */
export const GAZ_CONTEXT = 64;
/** Function words that never start a name on their own ("o", "a", "para"). */
export const GAZ_STOP = 128;
/* 256 and 512 are reserved: the feature extractor uses them for "before the text" and "after the text". */
/** Part of a place name (city, state) or of a shop or brand name: "aracaju", "horizonte", "marisa". */
export const GAZ_PLACE = 1024;
/** Heads a place, street, institution or shop often named after a person: "avenida", "escola", "sao". */
export const GAZ_HEAD = 2048;
/** A Portuguese verb form: "analisa", "revisa", "querem", "concebida". */
export const GAZ_VERB = 4096;
/** An international given name or surname (Schröder, Nguyen, Smith). */
export const GAZ_INTL = 8192;
/** Part of an organisation name, a currency word or a party / party-UF tag ("ltda", "reais", "dem-sp"). */
export const GAZ_ORG = 16384;
/**
 * Not a word's flag: the hash of a whole place name of two words or more ("serra
 * talhada"), looked up for a detection as a whole. No word hashes to one of these.
 */
export const GAZ_PLACE_NAME = 32768;
/** Any name list: first names, surnames, international names. */
export const NAME_BITS = GAZ_FIRST_MASK | GAZ_SURNAME | GAZ_INTL;
/** Ordinary words: verbs and words seen in lower case in ordinary text. */
export const WORD_BITS = GAZ_COMMON | GAZ_VERB;
/** What a list says is something other than a person's name: words, places, firms, roles, function words. */
export const NOT_PERSON_BITS =
  WORD_BITS | GAZ_PLACE | GAZ_ORG | GAZ_HEAD | GAZ_CONTEXT | GAZ_STOP | GAZ_PARTICLE;

/**
 * Lexicon byte, one per word beside the flags (derived from general word lists by
 * tools/build-lexicon.ts). Bits 0-1: what the Brazilian Portuguese spelling dictionary
 * says of the lower-case word — LEX_ORDINARY (accepted in lower case), LEX_PROPER (listed
 * with a capital only), both ("rosa" / "Rosa"), or neither (unknown to it). Bits 2-4: its
 * frequency level in general Portuguese text, 0 (unlisted) to 7 (most frequent).
 */
export const LEX_DICT_MASK = 3;
export const LEX_ORDINARY = 1;
export const LEX_PROPER = 2;
export const LEX_FREQ_SHIFT = 2;
export const LEX_FREQ_MASK = 7 << LEX_FREQ_SHIFT;
/** A word of a brand or company name (shops, banks, car makers, operators in Brazil). */
export const LEX_BRAND = 32;
/** A surname in Wiktionary's lists of surnames by language. */
export const LEX_SURNAME = 64;
/** A given name in Wiktionary's lists of given names by language. */
export const LEX_GIVEN = 128;

/**
 * Grammatical gender of a first name, beside the flags and the lexicon byte in a packed
 * gazetteer entry (bits 24-25; not a feature: the decoder reads it). A first name of
 * Brasil.IO's list given to one sex in at least 97 % of 100+ births; a name given to
 * both keeps neither bit.
 */
export const GENDER_MASCULINE = 1 << 24;
export const GENDER_FEMININE = 2 << 24;

export interface NameModel {
  /** log2 of the number of feature buckets. */
  bits: number;
  /** (1 << bits) * TAGS weights, row-major by bucket. */
  weights: Float32Array;
  /** (TAG_START + 1) * TAGS transition scores: trans[prev * TAGS + tag]. */
  trans: Float32Array;
  /**
   * Open-addressing table of word hashes, interleaved with their entries: gaz[2 * slot] is
   * the hash (0 = empty slot), gaz[2 * slot + 1] the flags (bits 0-15), the lexicon
   * byte (bits 16-23) and the gender (GENDER_*). One cache line per lookup: every token of every text is looked up.
   */
  gaz: Int32Array;
}

/** Flags of a packed gazetteer entry. */
export function entryFlags(entry: number): number {
  return entry & 0xffff;
}

/** Lexicon byte (LEX_*) of a packed gazetteer entry. */
export function entryLex(entry: number): number {
  return (entry >>> 16) & 0xff;
}

const MAGIC = 0x334d4e4e; // "NNM3"

/** Slot of a word hash in the gazetteer table; shared by lookup and build. */
export function gazSlot(h: number, mask: number): number {
  let x = Math.imul(h ^ (h >>> 16), 0x45d9f3b);
  x ^= x >>> 16;
  return x & mask;
}

/** Packed entry (flags and lexicon byte) of a word hash; 0 if the word is not in the gazetteer. */
export function gazEntry(model: NameModel, hash: number): number {
  const gaz = model.gaz;
  const mask = (gaz.length >>> 1) - 1;
  const h = hash === 0 ? 1 : hash;
  let i = gazSlot(h, mask);
  for (;;) {
    const k = gaz[2 * i]!;
    if (k === h) return gaz[2 * i + 1]!;
    if (k === 0) return 0;
    i = (i + 1) & mask;
  }
}

export function gazLookup(model: NameModel, hash: number): number {
  return entryFlags(gazEntry(model, hash));
}

export function lexLookup(model: NameModel, hash: number): number {
  return entryLex(gazEntry(model, hash));
}

/**
 * Builds the gazetteer table from word hash -> flags (flags of equal hashes are OR-ed)
 * and word hash -> lexicon byte.
 */
export function buildGazetteer(
  entries: Map<number, number>,
  lexicon: Map<number, number> = new Map(),
): Int32Array {
  const all = new Set([...entries.keys(), ...lexicon.keys()]);
  let size = 1;
  while (size < all.size * 2) size <<= 1;
  const gaz = new Int32Array(2 * size);
  const mask = size - 1;
  for (const hash of all) {
    const h = hash === 0 ? 1 : hash;
    let i = gazSlot(h, mask);
    while (gaz[2 * i] !== 0 && gaz[2 * i] !== h) i = (i + 1) & mask;
    gaz[2 * i] = h;
    gaz[2 * i + 1] = gaz[2 * i + 1]! | (entries.get(hash) ?? 0) | ((lexicon.get(hash) ?? 0) << 16);
  }
  return gaz;
}

/**
 * Binary layout: header (magic, bits, gazetteer slots, non-zero weights, scale), transitions
 * (f32), the gazetteer table as it is in memory (i32 pairs), then the non-zero weights as varint index
 * deltas followed by int16 values. Quantising to int16 keeps the file small with no
 * measurable accuracy change (weights are sums of +-1 updates, averaged).
 */
export function serializeModel(model: NameModel): Buffer {
  const w = model.weights;
  let maxAbs = 0;
  let nnz = 0;
  for (let i = 0; i < w.length; i++) {
    const a = Math.abs(w[i]!);
    if (a > maxAbs) maxAbs = a;
  }
  const scale = maxAbs > 0 ? maxAbs / 32767 : 1;
  const q = new Int16Array(w.length);
  for (let i = 0; i < w.length; i++) {
    q[i] = Math.round(w[i]! / scale);
    if (q[i] !== 0) nnz++;
  }
  const idx: number[] = [];
  const vals = new Int16Array(nnz);
  let prev = 0;
  let k = 0;
  for (let i = 0; i < q.length; i++) {
    if (q[i] === 0) continue;
    let d = i - prev;
    prev = i;
    while (d >= 0x80) {
      idx.push((d & 0x7f) | 0x80);
      d >>>= 7;
    }
    idx.push(d);
    vals[k++] = q[i]!;
  }
  const gaz = model.gaz.length >>> 1;
  const head = Buffer.alloc(20 + model.trans.length * 4);
  head.writeUInt32LE(MAGIC, 0);
  head.writeUInt32LE(model.bits, 4);
  head.writeUInt32LE(gaz, 8);
  head.writeUInt32LE(nnz, 12);
  head.writeFloatLE(scale, 16);
  model.trans.forEach((t, i) => {
    head.writeFloatLE(t, 20 + i * 4);
  });
  const raw = Buffer.concat([
    head,
    Buffer.from(model.gaz.buffer, model.gaz.byteOffset, gaz * 8),
    Buffer.from(vals.buffer, vals.byteOffset, nnz * 2),
    Buffer.from(idx),
  ]);
  return gzipSync(raw, { level: 9 });
}

export function deserializeModel(file: Uint8Array): NameModel {
  const raw = gunzipSync(file);
  const view = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
  if (view.getUint32(0, true) !== MAGIC) throw new Error('names model: bad magic number');
  const bits = view.getUint32(4, true);
  const gaz = view.getUint32(8, true);
  const nnz = view.getUint32(12, true);
  const scale = view.getFloat32(16, true);
  const trans = new Float32Array((TAG_START + 1) * TAGS);
  for (let i = 0; i < trans.length; i++) trans[i] = view.getFloat32(20 + i * 4, true);
  let p = 20 + trans.length * 4;
  // Byte copies into fresh (aligned) arrays: the gunzipped buffer gives no alignment
  // guarantee. The file is little-endian, like every platform Node runs on here.
  const copy = (bytes: number): ArrayBuffer => {
    const out = new Uint8Array(bytes);
    out.set(raw.subarray(p, p + bytes));
    p += bytes;
    return out.buffer;
  };
  const gazTable = new Int32Array(copy(gaz * 8));
  const vals = new Int16Array(copy(nnz * 2));
  const weights = new Float32Array((1 << bits) * TAGS);
  let at = 0;
  for (let i = 0; i < nnz; i++) {
    let d = 0;
    let shift = 0;
    let b: number;
    do {
      b = raw[p++]!;
      d |= (b & 0x7f) << shift;
      shift += 7;
    } while (b & 0x80);
    at += d;
    weights[at] = vals[i]! * scale;
  }
  return { bits, weights, trans, gaz: gazTable };
}

// The decoded size of a PDF stream, found by decoding it with a budget: the decoding stops
// (and the size counts as over the budget) the moment the output passes it, so a small
// stream that inflates to gigabytes costs no more than the budget. Only the filters that
// can grow their input are decoded; image codecs (DCT, JPX, JBIG2, CCITT) are left alone,
// since reading a text layer never decodes them.
import { constants, inflateSync } from 'node:zlib';

/** The stream decoded as far as the filters we know go; `over` when it passed the budget. */
export interface Decoded {
  bytes: Buffer;
  over: boolean;
}

export function decodeStream(data: Buffer, filters: readonly string[], budget: number): Decoded {
  let bytes = data;
  for (const filter of filters) {
    let next: Buffer | undefined;
    try {
      next = decodeOne(filter, bytes, budget);
    } catch (err) {
      if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return { bytes, over: true };
      return { bytes, over: false }; // corrupt data: pdf.js fails on it too, or reads as little
    }
    if (next === undefined) break; // a filter we do not decode: its input is what we know
    if (next.length > budget) return { bytes: next, over: true };
    bytes = next;
  }
  return { bytes, over: false };
}

function decodeOne(filter: string, data: Buffer, budget: number): Buffer | undefined {
  switch (filter) {
    case 'FlateDecode':
    case 'Fl':
      // A truncated stream gives what it holds (as pdf.js reads it), not an error.
      return inflateSync(data, {
        maxOutputLength: Math.max(1, budget + 1),
        finishFlush: constants.Z_SYNC_FLUSH,
      });
    case 'ASCIIHexDecode':
    case 'AHx':
      return Buffer.from(data.toString('latin1').replace(/[^0-9a-fA-F]/g, ''), 'hex');
    case 'ASCII85Decode':
    case 'A85':
      return ascii85(data);
    case 'RunLengthDecode':
    case 'RL':
      return runLength(data, budget);
    case 'LZWDecode':
    case 'LZW':
      return lzw(data, budget);
    default:
      return undefined;
  }
}

function ascii85(data: Buffer): Buffer {
  const text = data.toString('latin1').replace(/\s/g, '');
  const end = text.indexOf('~>');
  const body = (end >= 0 ? text.slice(0, end) : text).replace(/^<~/, '');
  const out: number[] = [];
  let group: number[] = [];
  const flush = (n: number) => {
    let v = 0;
    for (let i = 0; i < 5; i++) v = v * 85 + (group[i] ?? 84);
    for (let i = 0; i < n; i++) out.push((v >>> (24 - 8 * i)) & 0xff);
    group = [];
  };
  for (const c of body) {
    if (c === 'z' && group.length === 0) out.push(0, 0, 0, 0);
    else {
      group.push(c.charCodeAt(0) - 33);
      if (group.length === 5) flush(4);
    }
  }
  if (group.length > 1) flush(group.length - 1);
  return Buffer.from(out);
}

function runLength(data: Buffer, budget: number): Buffer {
  const out: Buffer[] = [];
  let size = 0;
  for (let i = 0; i < data.length && size <= budget; ) {
    const n = data[i]!;
    if (n === 128) break;
    if (n < 128) {
      out.push(data.subarray(i + 1, i + 2 + n));
      size += n + 1;
      i += n + 2;
    } else {
      out.push(Buffer.alloc(257 - n, data[i + 1] ?? 0));
      size += 257 - n;
      i += 2;
    }
  }
  return Buffer.concat(out);
}

/** LZW as PDF uses it (early change); only the output's size matters, so codes are not expanded past the budget. */
function lzw(data: Buffer, budget: number): Buffer {
  const table: Buffer[] = [];
  const reset = () => {
    table.length = 258;
    for (let i = 0; i < 256; i++) table[i] = Buffer.of(i);
  };
  reset();
  const out: Buffer[] = [];
  let size = 0;
  let width = 9;
  let bits = 0;
  let acc = 0;
  let prev: Buffer | undefined;
  for (const byte of data) {
    acc = ((acc << 8) | byte) & 0xffffff;
    bits += 8;
    while (bits >= width) {
      const code = (acc >>> (bits - width)) & ((1 << width) - 1);
      bits -= width;
      if (code === 257) return Buffer.concat(out);
      if (code === 256) {
        reset();
        width = 9;
        prev = undefined;
        continue;
      }
      const entry = table[code] ?? (prev ? Buffer.concat([prev, prev.subarray(0, 1)]) : undefined);
      if (!entry) return Buffer.concat(out);
      if (prev && table.length < 4096) table.push(Buffer.concat([prev, entry.subarray(0, 1)]));
      out.push(entry);
      size += entry.length;
      if (size > budget) return Buffer.concat(out);
      prev = entry;
      // Early change: the width grows one code before the table needs it.
      const next = table.length + 1;
      width = next >= 2048 ? 12 : next >= 1024 ? 11 : next >= 512 ? 10 : 9;
    }
  }
  return Buffer.concat(out);
}

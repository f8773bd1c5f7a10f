// A PDF's cost read from its own structure, before pdf.js parses it: the pages it declares
// and the bytes its streams decode to. A bomb is a small file whose streams inflate to
// hundreds of megabytes, or that makes pdf.js parse the same content again and again. Two
// sums are checked against one cap, and the scan stops the moment either passes it:
//   - every stream decoded once (what the file holds), images excepted: they count as
//     their stored size, since reading a text layer does not decode them;
//   - what the text layer draws, with repetition (pdf-drawing.ts): every page the page tree
//     lists, every /Contents entry, every form invocation, recursively. Fonts and images are
//     not in it: pdf.js loads a font once per document and does not decode images for text.
// The scan is a tolerant tokenizer, not a PDF parser: what it cannot read it does not count,
// and pdf.js (under the pool's per-page CPU budget, deadline and heap cap) has the last word.
import { DocumentError } from './errors.js';
import { drawnByPages } from './pdf-drawing.js';
import { countDraws, filtersOf, isImage, type Objects } from './pdf-syntax.js';
import { decodeStream } from './stream-filters.js';

/** The decoded-bytes cap when the caller names none (extract.ts's default too). */
export const DEFAULT_MAX_DECODED_BYTES = 160 * 1024 * 1024;

export interface PdfBounds {
  maxPages: number;
  /** Decoded bytes, for each of the two sums. */
  maxDecodedBytes: number;
}

const OBJ = /(\d+)\s+(\d+)\s+obj\b/g;
const ROOT = /\/Root\s+(\d+)\s+\d+\s+R\b/g;

export function checkPdfBounds(
  bytes: Uint8Array,
  bounds: PdfBounds,
): { pages: number; decodedBytes: number; pageBytes: number } {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = buffer.toString('latin1');
  const objects: Objects = new Map();
  const tooMuch = () => new DocumentError('too_much_data', bounds.maxDecodedBytes);
  let decoded = 0;
  const objStreams: { dict: string; data: Buffer }[] = [];
  const next = new RegExp(OBJ.source, 'g');

  OBJ.lastIndex = 0;
  for (let m = OBJ.exec(text); m; m = OBJ.exec(text)) {
    const id = m[1]!;
    const start = OBJ.lastIndex;
    // An object ends at `endobj`, or at the next object's header when it has none: a file of
    // objects that never end must not make each one scan to the end of the file.
    next.lastIndex = start;
    const head = text.slice(start, next.exec(text)?.index ?? text.length);
    const end = head.indexOf('endobj');
    const streamAt = head.indexOf('stream');
    if (streamAt < 0 || (end >= 0 && streamAt > end)) {
      objects.set(id, { dict: end < 0 ? head : head.slice(0, end) });
      continue;
    }
    const dict = head.slice(0, streamAt);
    let dataStart = start + streamAt + 6;
    if (text[dataStart] === '\r') dataStart++;
    if (text[dataStart] === '\n') dataStart++;
    const dataEnd = streamEnd(text, dict, dataStart);
    const data = buffer.subarray(dataStart, dataEnd);
    // Reading a text layer never decodes an image: a photo counts as its stored size.
    if (isImage(dict)) {
      decoded += data.length;
      objects.set(id, { dict, streamBytes: data.length, undecoded: { data, filters: filtersOf(dict) } });
      OBJ.lastIndex = Math.max(dataEnd, start);
      continue;
    }
    const { bytes: out, over } = decodeStream(data, filtersOf(dict), bounds.maxDecodedBytes - decoded);
    decoded += out.length;
    if (over || decoded > bounds.maxDecodedBytes) throw tooMuch();
    objects.set(id, { dict, streamBytes: out.length, draws: countDraws(out) });
    if (/\/Type\s*\/ObjStm\b/.test(dict)) objStreams.push({ dict, data: out });
    // Go on after the stream: its binary data may look like anything, "1 0 obj" included.
    OBJ.lastIndex = Math.max(dataEnd, start);
  }
  for (const { dict, data } of objStreams) readObjectStream(dict, data, objects);
  // A page's content stream is parsed whatever its dictionary says: one labelled as an
  // image is decoded (and counted) after all.
  const contentSize = (id: string): number => {
    const object = objects.get(id);
    if (!object?.undecoded) return object?.streamBytes ?? 0;
    const { data, filters } = object.undecoded;
    object.undecoded = undefined;
    const { bytes: out, over } = decodeStream(data, filters, bounds.maxDecodedBytes - decoded);
    decoded += out.length - data.length;
    if (over || decoded > bounds.maxDecodedBytes) throw tooMuch();
    object.streamBytes = out.length;
    object.draws = countDraws(out);
    return out.length;
  };

  for (const object of objects.values()) {
    // pdf.js takes the page count from the root's /Count: a claim above the cap is refused too.
    if (!/\/Type\s*\/Pages\b/.test(object.dict)) continue;
    const count = /\/Count\s+(\d+)/.exec(object.dict);
    if (count && Number(count[1]) > bounds.maxPages)
      throw new DocumentError('too_many_pages', bounds.maxPages);
  }
  const roots = [...text.matchAll(ROOT)].map((r) => r[1]!);
  const drawn = drawnByPages(objects, roots, {
    maxPages: bounds.maxPages,
    maxBytes: bounds.maxDecodedBytes,
    contentSize,
  });
  return { pages: drawn.pages, decodedBytes: decoded, pageBytes: drawn.bytes };
}

/** Where a stream's data ends: at /Length when it points at "endstream", else at the next "endstream". */
function streamEnd(text: string, dict: string, dataStart: number): number {
  const length = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dict);
  if (length) {
    const end = dataStart + Number(length[1]);
    if (/^\s*endstream/.test(text.slice(end, end + 20))) return end;
  }
  const end = text.indexOf('endstream', dataStart);
  return end < 0 ? text.length : end;
}

/** The objects packed in an object stream (PDF 1.5): /N "number offset" pairs, then the objects from /First. */
function readObjectStream(dict: string, data: Buffer, objects: Objects): void {
  const n = Number(/\/N\s+(\d+)/.exec(dict)?.[1] ?? 0);
  const first = Number(/\/First\s+(\d+)/.exec(dict)?.[1] ?? 0);
  const text = data.toString('latin1');
  const numbers = text
    .slice(0, first)
    .trim()
    .split(/\s+/)
    .slice(0, 2 * n)
    .map(Number);
  for (let i = 0; i + 1 < numbers.length; i += 2) {
    const from = first + numbers[i + 1]!;
    const to = i + 3 < numbers.length ? first + numbers[i + 3]! : text.length;
    const id = String(numbers[i]);
    if (!objects.has(id)) objects.set(id, { dict: text.slice(from, Math.max(from, to)) });
  }
}

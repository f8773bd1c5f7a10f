// A PDF's cost read from its own structure, before pdf.js parses it: the pages it declares
// and the bytes its streams decode to. A bomb is a small file whose streams inflate to
// hundreds of megabytes, or whose pages all draw the same large stream (pdf.js decodes it
// again for every page). Two sums are checked against one cap, and the scan stops the
// moment either passes it:
//   - every stream decoded once (what the file holds), images excepted: they count as
//     their stored size, since reading a text layer does not decode them;
//   - for every page, the content streams and form XObjects it draws (what parsing its text
//     layer reads: a stream drawn by 500 pages counts 500 times). Fonts and images are not
//     in it: pdf.js loads a font once per document and does not decode images for text.
// The scan is a tolerant tokenizer, not a PDF parser: what it cannot read it does not count,
// and pdf.js (under the pool's deadline and heap cap) has the last word on the file.
import { DocumentError } from './errors.js';
import { decodeStream } from './stream-filters.js';

/** The decoded-bytes cap when the caller names none (extract.ts's default too). */
export const DEFAULT_MAX_DECODED_BYTES = 160 * 1024 * 1024;

export interface PdfBounds {
  maxPages: number;
  /** Decoded bytes, for each of the two sums. */
  maxDecodedBytes: number;
}

interface PdfObject {
  /** The object's dictionary (or whole body, when it has no stream). */
  dict: string;
  /** Decoded size of its stream, if it has one. */
  streamBytes?: number;
  /** An image's stream, decoded only if a page uses it as content (a mislabelled content stream). */
  undecoded?: { data: Buffer; filters: string[] };
}

const OBJ = /(\d+)\s+(\d+)\s+obj\b/g;
const REF = /(\d+)\s+\d+\s+R\b/g;
const DICT_WINDOW = 64 * 1024;

export function checkPdfBounds(
  bytes: Uint8Array,
  bounds: PdfBounds,
): { pages: number; decodedBytes: number; pageBytes: number } {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = buffer.toString('latin1');
  const objects = new Map<string, PdfObject>();
  const tooMuch = () => new DocumentError('too_much_data', bounds.maxDecodedBytes);
  let decoded = 0;
  const objStreams: { dict: string; data: Buffer }[] = [];

  OBJ.lastIndex = 0;
  for (let m = OBJ.exec(text); m; m = OBJ.exec(text)) {
    const id = m[1]!;
    const start = OBJ.lastIndex;
    // A dictionary is looked for in a window: a file of objects that never end must not
    // make each one scan to the end of the file.
    const head = text.slice(start, start + DICT_WINDOW);
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
    if (/\/Subtype\s*\/Image\b/.test(dict)) {
      decoded += data.length;
      objects.set(id, { dict, streamBytes: data.length, undecoded: { data, filters: filtersOf(dict) } });
      OBJ.lastIndex = Math.max(dataEnd, start);
      continue;
    }
    const { bytes: out, over } = decodeStream(data, filtersOf(dict), bounds.maxDecodedBytes - decoded);
    decoded += out.length;
    if (over || decoded > bounds.maxDecodedBytes) throw tooMuch();
    objects.set(id, { dict, streamBytes: out.length });
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
    return out.length;
  };

  let pages = 0;
  let pageBytes = 0;
  for (const object of objects.values()) {
    // pdf.js takes the page count from the root's /Count: a claim above the cap is refused too.
    if (/\/Type\s*\/Pages\b/.test(object.dict)) {
      const count = /\/Count\s+(\d+)/.exec(object.dict);
      if (count && Number(count[1]) > bounds.maxPages)
        throw new DocumentError('too_many_pages', bounds.maxPages);
      continue;
    }
    if (!/\/Type\s*\/Page(?![A-Za-z])/.test(object.dict)) continue;
    if (++pages > bounds.maxPages) throw new DocumentError('too_many_pages', bounds.maxPages);
    pageBytes += drawnBytes(object, objects, contentSize);
    if (pageBytes > bounds.maxDecodedBytes) throw tooMuch();
  }
  return { pages, decodedBytes: decoded, pageBytes };
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

function filtersOf(dict: string): string[] {
  const m = /\/Filter\s*(\[[^\]]*\]|\/[A-Za-z0-9]+)/.exec(dict);
  return m ? [...m[1]!.matchAll(/\/([A-Za-z0-9]+)/g)].map((f) => f[1]!) : [];
}

/** The objects packed in an object stream (PDF 1.5): /N "number offset" pairs, then the objects from /First. */
function readObjectStream(dict: string, data: Buffer, objects: Map<string, PdfObject>): void {
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

/** The value of `/key` in a dictionary: a reference, a <<dictionary>>, an [array] or a token. */
function entry(dict: string, key: string): string | undefined {
  const m = new RegExp(`/${key}(?![A-Za-z0-9])\\s*`).exec(dict);
  if (!m) return undefined;
  const at = m.index + m[0].length;
  const ref = /^\d+\s+\d+\s+R\b/.exec(dict.slice(at, at + 40));
  if (ref) return ref[0];
  const open = dict.startsWith('<<', at) ? '<<' : dict[at] === '[' ? '[' : undefined;
  if (!open) return /^\S*/.exec(dict.slice(at))![0];
  const close = open === '<<' ? '>>' : ']';
  let depth = 0;
  for (let i = at; i < dict.length; i++) {
    if (dict.startsWith(open, i)) depth++;
    else if (dict.startsWith(close, i) && --depth === 0) return dict.slice(at, i + close.length);
  }
  return dict.slice(at);
}

/** A value, with a reference replaced by the referenced object's dictionary. */
function resolve(value: string | undefined, objects: Map<string, PdfObject>): string | undefined {
  const ref = value && /^(\d+)\s+\d+\s+R$/.exec(value);
  return ref ? objects.get(ref[1]!)?.dict : value;
}

const refsIn = (value: string | undefined) => (value ? [...value.matchAll(REF)].map((r) => r[1]!) : []);

/** Decoded bytes a page's text layer reads: its content streams and the form XObjects they draw. */
function drawnBytes(
  page: PdfObject,
  objects: Map<string, PdfObject>,
  contentSize: (id: string) => number,
): number {
  const seen = new Set<string>();
  let total = 0;
  const contents = resolve(entry(page.dict, 'Contents'), objects);
  // /Contents is a stream reference or an array of them (possibly itself by reference).
  const contentRefs = refsIn(entry(page.dict, 'Contents')).concat(
    contents?.startsWith('[') ? refsIn(contents) : [],
  );
  for (const id of contentRefs) {
    if (seen.has(id)) continue;
    seen.add(id);
    total += contentSize(id);
  }
  const forms = (owner: PdfObject | undefined, depth: number) => {
    if (!owner || depth > 16) return;
    const resources = resolve(entry(owner.dict, 'Resources'), objects);
    for (const id of refsIn(resolve(entry(resources ?? '', 'XObject'), objects))) {
      const x = objects.get(id);
      if (seen.has(id) || !x || /\/Subtype\s*\/Image\b/.test(x.dict)) continue;
      seen.add(id);
      total += x.streamBytes ?? 0;
      forms(x, depth + 1);
    }
  };
  // Resources may be inherited from the page tree.
  let holder: PdfObject | undefined = page;
  for (let up = 0; holder && !entry(holder.dict, 'Resources') && up < 32; up++)
    holder = objects.get(refsIn(entry(holder.dict, 'Parent'))[0] ?? '');
  forms(holder, 0);
  return total;
}

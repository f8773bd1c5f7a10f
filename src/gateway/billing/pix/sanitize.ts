// A proof of payment travels to the owner's mailbox, where it is opened by people and mail
// clients: it must be a picture or a plain document, nothing that runs. Images are decoded
// and encoded again (sharp, as avatars are), so whatever trails or hides in the file —
// an HTML page after the PNG's end, metadata chunks, EXIF — is gone and only pixels
// remain. PDFs cannot be rebuilt that way; one that can act on opening or on a click
// (actions, scripts, launches, links — a UNC path leaks Windows credentials on a click, a web
// link is a phishing page —, embedded files, forms that submit) is refused with 422
// `proof_active_content`.
import { inflateSync } from 'node:zlib';
import { activeContent, unreadableProof } from './errors.js';
import type { ProofType } from './proof.js';

// sharp (libvips) loads on the first proof, as for avatars.
const loadSharp = async () => (await import('sharp')).default;

/** A phone screenshot is a few million pixels; a decompression bomb is refused before decoding. */
const PIXEL_LIMIT = 40_000_000;

export async function cleanProof(proof: {
  bytes: Buffer;
  type: ProofType;
}): Promise<{ bytes: Buffer; type: ProofType }> {
  if (proof.type === 'pdf') {
    if (hasActiveContent(proof.bytes)) throw activeContent();
    return proof;
  }
  const sharp = await loadSharp();
  try {
    const image = sharp(proof.bytes, { limitInputPixels: PIXEL_LIMIT, failOn: 'error' }).rotate();
    const out =
      proof.type === 'jpeg'
        ? image.jpeg({ quality: 90 })
        : proof.type === 'png'
          ? image.png()
          : image.webp({ quality: 90 });
    return { bytes: await out.toBuffer(), type: proof.type };
  } catch {
    throw unreadableProof();
  }
}

/**
 * PDF names that make a document act — on opening, on a page or field, on a click — or carry
 * other files: triggers, every action type that opens, submits, launches or plays something,
 * and link annotations themselves (a proof has no use for a link).
 */
const ACTIVE = new Set([
  // Triggers and scripts
  'OpenAction',
  'AA',
  'JavaScript',
  'JS',
  // Actions that open, submit, launch or play
  'Launch',
  'URI',
  'GoToR',
  'GoToE',
  'Thread',
  'SubmitForm',
  'ImportData',
  'Rendition',
  'Sound',
  'Movie',
  // Annotations and content that act or carry files
  'Link',
  'EmbeddedFile',
  'EmbeddedFiles',
  'RichMedia',
  'XFA',
]);
/** Bytes inflated from object streams, all together; a proof that needs more is refused. */
const INFLATE_BUDGET = 16 * 1024 * 1024;

/**
 * Whether a PDF names an active feature anywhere — in its plain objects or inside its object
 * streams (where PDF 1.5 files keep the catalogue), with names written with `#xx` escapes
 * decoded. An object stream that cannot be read counts as active: what it holds is unknown.
 */
export function hasActiveContent(pdf: Buffer): boolean {
  const text = pdf.toString('latin1');
  if (namesActive(text)) return true;
  let budget = INFLATE_BUDGET;
  const streams = /(?<!end)stream\r?\n/g; // a stream's start, not the `endstream` that closes one
  for (let m = streams.exec(text); m; m = streams.exec(text)) {
    // The stream's dictionary: from its object's `obj` keyword (nested dictionaries included).
    const before = text.slice(Math.max(0, m.index - 4096), m.index);
    const dict = unescapeNames(before.slice(before.search(/\bobj\b(?![\s\S]*\bobj\b)/) + 1));
    const start = m.index + m[0].length;
    // A direct /Length is what readers follow; `endstream` could be planted inside the data.
    const length = dict.match(/\/Length\s+(\d+)(?!\s+\d+\s+R)/)?.[1];
    const end = length !== undefined ? start + Number(length) : text.indexOf('endstream', start);
    if (end < 0 || end > text.length) break;
    streams.lastIndex = end;
    if (!/\/Type\s*\/ObjStm/.test(dict)) continue;
    const filters = dict.match(/\/Filter\s*(\[[^\]]*\]|\/\w+)/)?.[1] ?? '';
    const names = filters.match(/\/\w+/g) ?? [];
    // Another filter, or a predictor over the inflated bytes: what it holds cannot be read here.
    if (names.some((n) => n !== '/FlateDecode') || /\/DecodeParms/.test(dict)) return true;
    let inner = pdf.subarray(start, end);
    if (names.length > 0) {
      try {
        inner = inflateSync(inner, {
          maxOutputLength: budget,
          finishFlush: 2 /* Z_SYNC_FLUSH: tolerate trailing bytes */,
        });
      } catch {
        return true;
      }
    }
    budget -= inner.length;
    if (budget <= 0 || namesActive(inner.toString('latin1'))) return true;
  }
  return false;
}

/** `#xx` escapes in names written as the characters they stand for. */
const unescapeNames = (text: string) =>
  text.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

function namesActive(text: string): boolean {
  for (const m of text.matchAll(/\/([^\s/[\]()<>{}%]+)/g)) if (ACTIVE.has(unescapeNames(m[1]!))) return true;
  return false;
}

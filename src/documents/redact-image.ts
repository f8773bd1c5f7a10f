// An image with parts of it blacked out: decoded within the caps (image-bounds.ts, on the
// header first), turned upright, flattened onto white (what OCR reads is what leaves:
// nothing hides in a transparent layer), read by OCR with the box of every word, and
// every box the caller's `locate` names filled solid before the image is encoded again,
// in its own format, with no metadata at all (no EXIF, GPS, ICC comments or XMP): sharp
// writes none from raw pixels.
import type { Sharp } from 'sharp';
import { DocumentError } from './errors.js';
import { checkImageBounds } from './image-bounds.js';
import { abortReason, type JobOptions } from './jobs.js';
import type { OcrPool } from './ocr.js';
import { type Box, type OcrLine, union } from './ocr-words.js';
import { sniffType } from './sniff.js';

/** The formats model vendors accept and that leave here as they came. */
export type RedactableType = 'jpeg' | 'png' | 'webp';

export const MEDIA_TYPES: Record<RedactableType, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

export interface RedactOptions extends JobOptions {
  /** Pixels of the image at most. */
  maxPixels: number;
  /** Decoded bytes at most (pixels × channels × bytes per sample). */
  maxDecodedBytes: number;
}

export interface RedactedImage {
  type: RedactableType;
  bytes: Buffer;
  width: number;
  height: number;
  /** Boxes filled. */
  filled: number;
}

/** The boxes to fill, from the OCR page (in the upright image's pixels). */
export type Locate = (lines: OcrLine[]) => Box[];

/**
 * Images under this many pixels are read at twice their size (the boxes are scaled back):
 * their text is small, and tesseract reads text under about 20 pixels high badly. Above
 * it, reading at twice the size cost a third more time for the same result on the
 * generated set (docs/contributing/performance.md).
 */
const UPSCALE_BELOW = 1_000_000;

export async function redactImage(
  bytes: Uint8Array,
  ocr: OcrPool,
  locate: Locate,
  options: RedactOptions,
): Promise<RedactedImage> {
  const type = sniffType(bytes);
  if (type !== 'jpeg' && type !== 'png' && type !== 'webp') throw new DocumentError('unsupported_type');
  checkImageBounds(bytes, type, {
    maxPages: 1,
    maxPixels: options.maxPixels,
    maxDecodedBytes: options.maxDecodedBytes,
  });
  const { data, width, height } = await uprightPixels(bytes, options);
  const lines = await readWords(data, width, height, ocr, options);
  const boxes = locate(lines);
  fill(data, width, height, boxes);
  checkSignal(options);
  const { default: sharp } = await import('sharp');
  const out = encode(sharp(data, { raw: { width, height, channels: 3 } }), type);
  return { type, bytes: await out.toBuffer(), width, height, filled: boxes.length };
}

function checkSignal(options: JobOptions): void {
  if (options.signal?.aborted) throw abortReason(options.signal);
}

/** RGB pixels of the upright image on white; an animation (more than one frame) is refused. */
async function uprightPixels(
  bytes: Uint8Array,
  options: RedactOptions,
): Promise<{ data: Buffer; width: number; height: number }> {
  const { default: sharp } = await import('sharp');
  try {
    const meta = await sharp(bytes, { failOn: 'error' }).metadata();
    if ((meta.pages ?? 1) > 1) throw new DocumentError('too_many_pages', 1);
    const { data, info } = await sharp(bytes, { failOn: 'error', limitInputPixels: options.maxPixels })
      .rotate()
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    checkSignal(options);
    return { data, width: info.width, height: info.height };
  } catch (err) {
    if (err instanceof DocumentError) throw err;
    if (/pixel limit/i.test((err as Error).message))
      throw new DocumentError('too_many_pixels', options.maxPixels);
    throw new DocumentError('unreadable_image');
  }
}

/** OCR of the pixels (greyscale, twice the size when small), boxes in the pixels' scale. */
async function readWords(
  data: Buffer,
  width: number,
  height: number,
  ocr: OcrPool,
  options: RedactOptions,
): Promise<OcrLine[]> {
  const { default: sharp } = await import('sharp');
  const scale = width * height < UPSCALE_BELOW ? 2 : 1;
  let grey = sharp(data, { raw: { width, height, channels: 3 } }).greyscale();
  if (scale > 1) grey = grey.resize(width * scale, height * scale, { kernel: 'lanczos3' });
  // A plausible resolution: without one tesseract guesses, and says so on stdout.
  const png = await grey.withMetadata({ density: 300 }).png({ compressionLevel: 1 }).toBuffer();
  checkSignal(options);
  const { lines } = await ocr.recognizeWords(png, { owner: options.owner, signal: options.signal });
  if (scale === 1) return lines;
  const down = (b: Box): Box => ({
    x0: Math.floor(b.x0 / scale),
    y0: Math.floor(b.y0 / scale),
    x1: Math.ceil(b.x1 / scale),
    y1: Math.ceil(b.y1 / scale),
  });
  return lines.map((l) => ({
    paragraph: l.paragraph,
    box: down(l.box),
    words: l.words.map((w) => ({ ...w, box: down(w.box) })),
  }));
}

/**
 * Each box filled solid with the colour around it (the median of the ring just outside
 * it: the paper, the card, the chat bubble), with a margin above and below of a quarter of
 * its height (at least 2 pixels) so no edge of a glyph stays out; boxes that overlap are
 * made one. Not black, nor outlined: large dark boxes move the global threshold OCR
 * binarises a page with, and their edges read as table rules, so the print around them
 * stopped being readable to a reader that OCRs the redacted image — the decoy measure
 * (docs/privacy.md, "Images — redaction": black boxes kept 0.94 of a payslip's decoys
 * readable, outlined boxes half of an RG card's dates, these 0.98–1.00).
 */
function fill(data: Buffer, width: number, height: number, boxes: readonly Box[]): void {
  const rects = merged(
    boxes.map((b) => {
      // Sideways the caller's boxes already reach their neighbours (ocr-words.ts, wordBoxes).
      const margin = Math.max(2, Math.ceil((b.y1 - b.y0) / 4));
      return {
        x0: Math.max(0, b.x0 - 2),
        x1: Math.min(width, b.x1 + 2),
        y0: Math.max(0, b.y0 - margin),
        y1: Math.min(height, b.y1 + margin),
      };
    }),
  );
  // Colours are read before any box is filled, so a box never takes a neighbour's fill.
  const colours = rects.map((r) => surrounding(data, width, height, r));
  rects.forEach((r, i) => {
    const [red, green, blue] = colours[i]!;
    for (let y = r.y0; y < r.y1; y++) {
      for (let at = (y * width + r.x0) * 3; at < (y * width + r.x1) * 3; at += 3) {
        data[at] = red!;
        data[at + 1] = green!;
        data[at + 2] = blue!;
      }
    }
  });
}

/** Rectangles that overlap made one (the words of a value become one box). */
function merged(rects: Box[]): Box[] {
  const out = [...rects];
  for (let i = 0; i < out.length; i++) {
    for (let j = i + 1; j < out.length; j++) {
      const a = out[i]!;
      const b = out[j]!;
      if (a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1) {
        out[i] = union(a, b);
        out.splice(j, 1);
        j = i; // the grown box may now meet one already passed
      }
    }
  }
  return out;
}

/** The median colour of the one-pixel ring around a rectangle (inside the image). */
function surrounding(data: Buffer, width: number, height: number, r: Box): number[] {
  const samples: number[][] = [[], [], []];
  const take = (x: number, y: number) => {
    if (x < 0 || y < 0 || x >= width || y >= height) return;
    const at = (y * width + x) * 3;
    for (let c = 0; c < 3; c++) samples[c]!.push(data[at + c]!);
  };
  for (let x = r.x0 - 1; x <= r.x1; x++) {
    take(x, r.y0 - 1);
    take(x, r.y1);
  }
  for (let y = r.y0; y < r.y1; y++) {
    take(r.x0 - 1, y);
    take(r.x1, y);
  }
  return samples.map((s) => {
    if (s.length === 0) return 255;
    s.sort((a, b) => a - b);
    return s[s.length >> 1]!;
  });
}

function encode(image: Sharp, type: RedactableType): Sharp {
  switch (type) {
    case 'jpeg':
      return image.jpeg({ quality: 95 });
    case 'png':
      return image.png();
    case 'webp':
      return image.webp({ quality: 95 });
  }
}

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
import type { Box, OcrLine } from './ocr-words.js';
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
 * The boxes' grey (every channel). Solid, and plainly a redaction to a person or a model;
 * not black, because large black boxes move the global threshold OCR reads a page with,
 * and the thin print around them stops being readable — to a reader that OCRs the
 * redacted image, and so to the decoy measure (black kept 0.939 of a payslip's decoys
 * readable, this grey 0.988, white 1.000: docs/privacy.md, "Images — redaction").
 */
const FILL = 200;

/**
 * Each box filled solid, with a margin of a fifth of its height (at least 2 pixels) so
 * that no edge of a glyph stays outside it.
 */
function fill(data: Buffer, width: number, height: number, boxes: readonly Box[]): void {
  for (const b of boxes) {
    const margin = Math.max(2, Math.ceil((b.y1 - b.y0) / 5));
    const x0 = Math.max(0, b.x0 - margin);
    const x1 = Math.min(width, b.x1 + margin);
    const y0 = Math.max(0, b.y0 - margin);
    const y1 = Math.min(height, b.y1 + margin);
    for (let y = y0; y < y1; y++) data.fill(FILL, (y * width + x0) * 3, (y * width + x1) * 3);
  }
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

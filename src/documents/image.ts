// Images for OCR: decoded by sharp (libvips, on libuv's thread pool, not the event loop),
// turned upright by their EXIF orientation, one greyscale PNG per page (TIFF may hold
// several). The caps are checked on the header (image-bounds.ts), before anything is decoded.
import type { Metadata } from 'sharp';
import { DocumentError } from './errors.js';
import { checkImageBounds } from './image-bounds.js';
import { sniffType } from './sniff.js';

export interface ImageOptions {
  maxPages: number;
  /** Pixels per page (width × height). */
  maxPixels: number;
  /** Decoded bytes per page (pixels × channels × bytes per sample); by default 4 bytes per pixel of maxPixels. */
  maxDecodedBytes?: number;
  /** Aborted: no further page is decoded. */
  signal?: AbortSignal;
}

export interface ImagePage {
  page: number;
  width: number;
  height: number;
  png: Buffer;
}

/** Every page of an image file, ready for OCR. */
export async function imagePages(bytes: Uint8Array, options: ImageOptions): Promise<ImagePage[]> {
  const type = sniffType(bytes);
  if (type === null || type === 'pdf') throw new DocumentError('unreadable_image');
  const maxDecodedBytes = options.maxDecodedBytes ?? options.maxPixels * 4;
  checkImageBounds(bytes, type, {
    maxPages: options.maxPages,
    maxPixels: options.maxPixels,
    maxDecodedBytes,
  });
  // Loaded with the first image, not at start-up (most processes never decode one).
  const { default: sharp } = await import('sharp');
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { failOn: 'error' }).metadata();
  } catch {
    throw new DocumentError('unreadable_image');
  }
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (width === 0 || height === 0) throw new DocumentError('unreadable_image');
  if (width * height > options.maxPixels) throw new DocumentError('too_many_pixels', options.maxPixels);
  const count = meta.pages ?? 1;
  if (count > options.maxPages) throw new DocumentError('too_many_pages', options.maxPages);
  const pages: ImagePage[] = [];
  for (let page = 0; page < count; page++) {
    if (options.signal?.aborted) throw options.signal.reason;
    try {
      const { data, info } = await sharp(bytes, {
        page,
        failOn: 'error',
        limitInputPixels: options.maxPixels,
      })
        .rotate()
        .greyscale()
        // tesseract sizes its text search by the resolution and prints a warning to the
        // process's stdout when it finds none or a silly one: give it a plausible one.
        .withMetadata({ density: plausibleDpi(meta.density) })
        .png({ compressionLevel: 1 })
        .toBuffer({ resolveWithObject: true });
      pages.push({ page: page + 1, width: info.width, height: info.height, png: data });
    } catch (err) {
      if (/pixel limit/i.test((err as Error).message))
        throw new DocumentError('too_many_pixels', options.maxPixels);
      throw new DocumentError('unreadable_image');
    }
  }
  return pages;
}

function plausibleDpi(density: number | undefined): number {
  return density !== undefined && density >= 70 && density <= 1200 ? density : 300;
}

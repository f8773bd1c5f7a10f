// PDF text layer and page images with pdf.js (pdfjs-dist). The file is untrusted: no eval,
// no system fonts; the standard fonts come from the package itself, so nothing is fetched.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { DocumentError } from './errors.js';

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
type PdfDocument = Awaited<ReturnType<PdfJs['getDocument']>['promise']>;

let pdfjs: Promise<PdfJs> | undefined;
// Loaded on first use: most processes never read a PDF.
const loadPdfJs = () => {
  pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  return pdfjs;
};

const STANDARD_FONTS = `${join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

export interface PdfTextOptions {
  /** More pages than this → DocumentError('too_many_pages'). */
  maxPages: number;
}

export interface PdfText {
  /** Pages separated by a blank line; lines as the text layer marks them. */
  text: string;
  pages: number;
  /** Each page's text, in order ('' for a page without a text layer: a scanned page). */
  pageTexts: string[];
}

// The part of pdf.js's Node canvas factory (backed by @napi-rs/canvas) used here.
interface Canvas2D {
  fillStyle: string;
  fillRect(x: number, y: number, w: number, h: number): void;
  getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray };
}
interface CanvasFactory {
  create(width: number, height: number): { canvas: unknown; context: Canvas2D };
  destroy(target: { canvas: unknown; context: Canvas2D }): void;
}

interface TextItem {
  str?: string;
  hasEOL?: boolean;
}

async function open(bytes: Uint8Array, maxPages: number): Promise<PdfDocument> {
  const { getDocument } = await loadPdfJs();
  let doc: PdfDocument;
  try {
    doc = await getDocument({
      data: new Uint8Array(bytes), // a copy: pdf.js transfers (detaches) the buffer it gets
      isEvalSupported: false,
      useSystemFonts: false,
      standardFontDataUrl: STANDARD_FONTS,
      verbosity: 0,
    }).promise;
  } catch {
    throw new DocumentError('unreadable_pdf');
  }
  if (doc.numPages > maxPages) {
    await doc.destroy();
    throw new DocumentError('too_many_pages', maxPages);
  }
  return doc;
}

/**
 * The text layer of each page, in order ('' for a page without one). Unlike pdfText, a PDF
 * without any text is not an error here: the caller may OCR the empty pages.
 */
export async function pdfPageTexts(bytes: Uint8Array, options: PdfTextOptions): Promise<string[]> {
  const doc = await open(bytes, options.maxPages);
  try {
    const pages: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      pages.push(
        (content.items as TextItem[])
          .map((item) => (item.str ?? '') + (item.hasEOL ? '\n' : ''))
          .join('')
          .trim(),
      );
      page.cleanup();
    }
    return pages;
  } catch (err) {
    if (err instanceof DocumentError) throw err;
    throw new DocumentError('unreadable_pdf');
  } finally {
    await doc.destroy();
  }
}

/**
 * The text layer of every page. A PDF whose pages carry no text (a scan) gives
 * DocumentError('no_text_layer'): OCR of scans is the worker's job, not this function's.
 */
export async function pdfText(bytes: Uint8Array, options: PdfTextOptions): Promise<PdfText> {
  const pages = await pdfPageTexts(bytes, options);
  const text = pages.filter(Boolean).join('\n\n');
  if (text.trim() === '') throw new DocumentError('no_text_layer');
  return { text, pages: pages.length, pageTexts: pages };
}

export interface PageImageOptions {
  maxPages: number;
  /** Resolution of the rendering; 150 by default (300 for OCR-grade pages). */
  dpi?: number;
  /** Pixels per rendered page; a page that would exceed it → DocumentError('too_many_pixels'). */
  maxPixels: number;
  /**
   * Render a page that would exceed maxPixels at the highest resolution that fits instead
   * of failing (a poster-sized page comes out at a lower dpi).
   */
  fit?: boolean;
  /** Only these pages (1-based), in document order; every page by default. */
  pages?: readonly number[];
}

export interface PageImage {
  /** 1-based. */
  page: number;
  width: number;
  height: number;
  /** The page as PNG on a white background. */
  png: Buffer;
}

/**
 * Every page rendered to PNG, one at a time (only one page's pixels are in memory at once).
 * Rendering needs pdf.js's optional canvas package (@napi-rs/canvas); without it the first
 * page gives DocumentError('render_unavailable').
 */
export async function* pdfPageImages(
  bytes: Uint8Array,
  options: PageImageOptions,
): AsyncGenerator<PageImage> {
  const doc = await open(bytes, options.maxPages);
  const { default: sharp } = await import('sharp');
  const dpi = options.dpi ?? 150;
  const only = options.pages ? new Set(options.pages) : undefined;
  try {
    for (let n = 1; n <= doc.numPages; n++) {
      if (only && !only.has(n)) continue;
      const page = await doc.getPage(n);
      let scale = dpi / 72;
      let viewport = page.getViewport({ scale });
      if (options.fit && Math.ceil(viewport.width) * Math.ceil(viewport.height) > options.maxPixels) {
        // Rounding up each side adds at most one row and one column: aim a little below.
        scale *= Math.sqrt(options.maxPixels / (viewport.width * viewport.height)) * 0.99;
        viewport = page.getViewport({ scale });
      }
      const width = Math.ceil(viewport.width);
      const height = Math.ceil(viewport.height);
      if (width * height > options.maxPixels) throw new DocumentError('too_many_pixels', options.maxPixels);
      const factory = doc.canvasFactory as CanvasFactory;
      let target: ReturnType<CanvasFactory['create']>;
      try {
        target = factory.create(width, height);
      } catch {
        throw new DocumentError('render_unavailable');
      }
      const context = target.context;
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, width, height);
      try {
        await page.render({ canvasContext: context as never, viewport }).promise;
      } catch {
        throw new DocumentError('unreadable_pdf');
      }
      const rgba = context.getImageData(0, 0, width, height).data;
      const png = await sharp(Buffer.from(rgba.buffer, rgba.byteOffset, rgba.byteLength), {
        raw: { width, height, channels: 4 },
      })
        .removeAlpha()
        // The rendering's resolution, so that OCR sizes its text search right.
        .withMetadata({ density: Math.round(scale * 72) })
        .png()
        .toBuffer();
      factory.destroy(target);
      page.cleanup();
      yield { page: n, width, height, png };
    }
  } finally {
    await doc.destroy();
  }
}

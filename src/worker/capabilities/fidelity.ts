// svc.documents.fidelity: per-page text and a picture of each page. For a PDF, the text
// layer (OCR of the rendering for a page without one) and each page rendered to PNG at
// IMAGE_DPI; for an image, OCR of each page (a TIFF may hold several) and its normalised
// PNG. The pictures share a budget kept well below the gateway's 8 MiB cap on a JSON
// result: once it is spent, the remaining pages carry no image and `images_omitted` says
// how many.
import { imagePages, pdfPageImages } from '../../documents/index.js';
import { CapabilityError, type WorkerCapability } from '../registry.js';
import { asCapabilityError, isPdf, MAX_PDF_PAGES, pdfPagesText, recognise } from './ocr-engine.js';

/** Resolution of the page images: readable on a screen, small as PNG. */
export const IMAGE_DPI = 110;
/** Pixels per page image; a larger page is rendered at a lower dpi (A4 at 110 dpi ≈ 1.2 million). */
export const IMAGE_MAX_PIXELS = 4_000_000;
/** The whole result's size at most (JSON characters), images included: 6 MiB of the gateway's 8. */
export const RESULT_BUDGET = 6 * 1024 * 1024;
/** Pages of an image file at most, and pixels per page. */
const MAX_IMAGE_PAGES = 10;
const MAX_IMAGE_PIXELS = 40_000_000;

export interface FidelityPage {
  page: number;
  text: string;
  image?: { content_type: 'image/png'; base64: string };
}

export interface FidelityResult {
  text: string;
  pages: FidelityPage[];
  /** Pages left without an image because the budget was spent; absent when none. */
  images_omitted?: number;
}

/**
 * Attaches page images in page order while they fit in the budget. The text (twice in
 * the result: `text` and `pages[].text`) is charged first; the first image that does not
 * fit ends the attaching, and that page and every later one go without (so the images
 * are a prefix of the document). Stops pulling from `images` once the budget is spent,
 * so no further page is rendered.
 */
export async function attachImages(
  texts: string[],
  images: AsyncIterable<{ page: number; png: Buffer }> | Iterable<{ page: number; png: Buffer }>,
  budget = RESULT_BUDGET,
): Promise<FidelityResult> {
  const pages: FidelityPage[] = texts.map((text, i) => ({ page: i + 1, text }));
  const text = texts.filter(Boolean).join('\n\n');
  // Everything but the images, as the gateway measures it (JSON.stringify's length), plus
  // the room each image's fields take around the base64.
  let left = budget - JSON.stringify({ text, pages, images_omitted: pages.length }).length;
  const overhead = JSON.stringify({ image: { content_type: 'image/png', base64: '' } }).length;
  for await (const { page, png } of images) {
    const size = Math.ceil(png.length / 3) * 4 + overhead;
    if (size > left) break;
    left -= size;
    pages[page - 1]!.image = { content_type: 'image/png', base64: png.toString('base64') };
  }
  const omitted = pages.filter((p) => !p.image).length;
  return omitted > 0 ? { text, pages, images_omitted: omitted } : { text, pages };
}

export const fidelity: WorkerCapability = {
  name: 'svc.documents.fidelity',
  configured: () => true,
  async run(job) {
    if (!job.file) throw new CapabilityError('missing_file');
    const bytes = Buffer.from(job.file.base64, 'base64');
    if (isPdf(bytes)) {
      const pages = await pdfPagesText(bytes);
      if (pages.every((p) => p === '')) throw new CapabilityError('no_text');
      const images = pdfPageImages(bytes, {
        maxPages: MAX_PDF_PAGES,
        dpi: IMAGE_DPI,
        maxPixels: IMAGE_MAX_PIXELS,
        fit: true,
      });
      try {
        return { json: await attachImages(pages, images) };
      } catch (err) {
        throw asCapabilityError(err, 'unreadable_pdf');
      }
    }
    let images: Awaited<ReturnType<typeof imagePages>>;
    try {
      images = await imagePages(bytes, { maxPages: MAX_IMAGE_PAGES, maxPixels: MAX_IMAGE_PIXELS });
    } catch (err) {
      throw asCapabilityError(err, 'unreadable_image');
    }
    const texts: string[] = [];
    for (const image of images) {
      texts.push(
        (
          await recognise(image.png).catch(() => {
            throw new CapabilityError('unreadable_image');
          })
        ).trim(),
      );
    }
    if (texts.every((p) => p === '')) throw new CapabilityError('no_text');
    return { json: await attachImages(texts, images) };
  },
};

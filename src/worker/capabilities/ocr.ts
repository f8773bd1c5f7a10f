// svc.ocr: the text of an image (Tesseract, Portuguese) or of a PDF: its text layer, and
// for a page without one (a scan) OCR of the page rendered at 300 dpi. Only a PDF where
// neither gives any text fails (`no_text`). The gateway cleans the text before storing it.
import { CapabilityError, type WorkerCapability } from '../registry.js';
import { closeEngine, isPdf, pdfPagesText, recognise } from './ocr-engine.js';

export const ocr: WorkerCapability = {
  name: 'svc.ocr',
  configured: () => true,
  async run(job) {
    if (!job.file) throw new CapabilityError('missing_file');
    const bytes = Buffer.from(job.file.base64, 'base64');
    if (isPdf(bytes)) {
      const pages = await pdfPagesText(bytes);
      if (pages.every((p) => p === '')) throw new CapabilityError('no_text');
      return {
        json: {
          text: pages.filter(Boolean).join('\n\n'),
          pages: pages.map((text, i) => ({ page: i + 1, text })),
        },
      };
    }
    const text = (
      await recognise(bytes).catch(() => {
        throw new CapabilityError('unreadable_image');
      })
    ).trim();
    if (text === '') throw new CapabilityError('no_text');
    return { json: { text, pages: [{ page: 1, text }] } };
  },
  close: closeEngine,
};

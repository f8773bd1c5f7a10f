// svc.ocr: the text of an image (Tesseract, Portuguese) or of a PDF's text layer. A PDF
// without one (a scan) fails with `no_text_layer`: rendering its pages for OCR is not
// done here. The gateway cleans the text before storing it.
import { CapabilityError, type WorkerCapability } from '../registry.js';
import { closeEngine, isPdf, pdfPages, recognise } from './ocr-engine.js';

export const ocr: WorkerCapability = {
  name: 'svc.ocr',
  configured: () => true,
  async run(job) {
    if (!job.file) throw new CapabilityError('missing_file');
    const bytes = Buffer.from(job.file.base64, 'base64');
    if (isPdf(bytes)) {
      const pages = await pdfPages(bytes).catch(() => {
        throw new CapabilityError('unreadable_pdf');
      });
      if (pages.every((p) => p === '')) throw new CapabilityError('no_text_layer');
      return { json: { text: pages.join('\n\n'), pages: pages.map((text, i) => ({ page: i + 1, text })) } };
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

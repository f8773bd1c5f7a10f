// svc.documents.fidelity: per-page text of a PDF (its text layer) or of an image (OCR).
// Page images are not produced by the reference worker (no PDF renderer here); the
// result shape leaves room for them (`pages[].image`).
import { CapabilityError, type WorkerCapability } from '../registry.js';
import { isPdf, pdfPages, recognise } from './ocr-engine.js';

export const fidelity: WorkerCapability = {
  name: 'svc.documents.fidelity',
  configured: () => true,
  async run(job) {
    if (!job.file) throw new CapabilityError('missing_file');
    const bytes = Buffer.from(job.file.base64, 'base64');
    const pages = isPdf(bytes)
      ? await pdfPages(bytes).catch(() => {
          throw new CapabilityError('unreadable_pdf');
        })
      : [(await recognise(bytes)).trim()];
    if (pages.every((p) => p === '')) throw new CapabilityError('no_text');
    return { json: { text: pages.join('\n\n'), pages: pages.map((text, i) => ({ page: i + 1, text })) } };
  },
};

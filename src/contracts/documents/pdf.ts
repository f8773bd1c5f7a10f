// Text of an uploaded PDF, with pdf.js (no eval, no system fonts: the file is untrusted).
// Scanned PDFs have no text layer; OCR is not done here, the caller gets a clear 422.
import { ContractsError } from '../errors.js';

export const MAX_PDF_BYTES = 10 * 1024 * 1024;
export const MAX_PDF_PAGES = 300;

export function looksLikePdf(data: Buffer): boolean {
  // The header may follow a little garbage; readers accept it within the first 1024 bytes.
  return data.subarray(0, 1024).includes('%PDF-');
}

interface TextItem {
  str?: string;
  hasEOL?: boolean;
}

export async function pdfText(data: Buffer): Promise<string> {
  if (!looksLikePdf(data)) throw new ContractsError('UNSUPPORTED_FILE_TYPE');
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  let doc: Awaited<ReturnType<typeof getDocument>['promise']>;
  try {
    doc = await getDocument({
      data: new Uint8Array(data), // a copy: pdf.js transfers (detaches) the buffer it gets
      isEvalSupported: false,
      useSystemFonts: false,
      verbosity: 0,
    }).promise;
  } catch {
    throw new ContractsError('INVALID_PDF');
  }
  try {
    if (doc.numPages > MAX_PDF_PAGES) throw new ContractsError('PDF_TOO_LONG', { max: MAX_PDF_PAGES });
    const pages: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      pages.push(
        (content.items as TextItem[]).map((item) => (item.str ?? '') + (item.hasEOL ? '\n' : ' ')).join(''),
      );
      page.cleanup();
    }
    return pages.join('\n\n');
  } catch (err) {
    if (err instanceof ContractsError) throw err;
    throw new ContractsError('INVALID_PDF');
  } finally {
    await doc.destroy();
  }
}

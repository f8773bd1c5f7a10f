// Text of an uploaded PDF, with pdf.js (no eval, no system fonts: the file is untrusted).
// Scanned PDFs have no text layer; OCR is not done here, the caller gets a clear 422.
import { ApiError } from '../platform/http/errors.js';

export const MAX_PDF_BYTES = 10 * 1024 * 1024;
export const MAX_PDF_PAGES = 300;

export const notPdf = () =>
  new ApiError(415, 'UNSUPPORTED_FILE_TYPE', 'Envie o contrato em PDF (campo "file") ou como texto em JSON.');
export const unreadablePdf = () => new ApiError(422, 'INVALID_PDF', 'Não foi possível ler este PDF.');
export const noText = () =>
  new ApiError(
    422,
    'NO_EXTRACTABLE_TEXT',
    'O PDF não tem texto extraível (talvez seja uma imagem digitalizada).',
  );

export function looksLikePdf(data: Buffer): boolean {
  // The header may follow a little garbage; readers accept it within the first 1024 bytes.
  return data.subarray(0, 1024).includes('%PDF-');
}

interface TextItem {
  str?: string;
  hasEOL?: boolean;
}

export async function pdfText(data: Buffer): Promise<string> {
  if (!looksLikePdf(data)) throw notPdf();
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
    throw unreadablePdf();
  }
  try {
    if (doc.numPages > MAX_PDF_PAGES)
      throw new ApiError(413, 'PDF_TOO_LONG', `O PDF passa de ${MAX_PDF_PAGES} páginas.`);
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
    if (err instanceof ApiError) throw err;
    throw unreadablePdf();
  } finally {
    await doc.destroy();
  }
}

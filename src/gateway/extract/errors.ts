// The extraction route's answers for what the documents library reports (docs/privacy.md
// "Extraction" lists them). Messages for people, in Portuguese; never the file's content.
import { ApiError } from '../../platform/http/errors.js';
import { DocumentError } from '../../documents/index.js';

export function documentError(err: DocumentError): ApiError {
  switch (err.code) {
    case 'unsupported_type':
      return new ApiError(
        415,
        'unsupported_file_type',
        'O arquivo não é PDF, JPEG, PNG, WebP nem TIFF (o tipo é decidido pelo conteúdo, não pelo nome).',
        { param: 'file' },
      );
    case 'unreadable_pdf':
      return new ApiError(
        422,
        'unreadable_pdf',
        'Não foi possível ler o PDF: o arquivo está corrompido, incompleto ou protegido por senha.',
        { param: 'file' },
      );
    case 'no_text_layer':
      return new ApiError(
        422,
        'no_text_layer',
        'O PDF não tem texto extraível (parece um documento digitalizado). Envie as páginas como imagens para OCR.',
        { param: 'file' },
      );
    case 'unreadable_image':
      return new ApiError(422, 'unreadable_image', 'Não foi possível ler texto na imagem.', {
        param: 'file',
      });
    case 'too_many_pages':
      return new ApiError(413, 'too_many_pages', `O arquivo tem mais de ${err.limit} páginas.`, {
        param: 'file',
      });
    case 'too_many_pixels':
      return new ApiError(
        413,
        'image_too_large',
        `A imagem tem mais de ${((err.limit ?? 0) / 1e6).toFixed(0)} milhões de pixels por página; reduza a resolução.`,
        { param: 'file' },
      );
    case 'ocr_busy':
      return new ApiError(
        503,
        'ocr_busy',
        'O reconhecimento de texto está ocupado; tente de novo em instantes.',
        {
          headers: { 'retry-after': '5' },
        },
      );
    case 'pdf_busy':
      return new ApiError(503, 'pdf_busy', 'A leitura de PDFs está ocupada; tente de novo em instantes.', {
        headers: { 'retry-after': '5' },
      });
    case 'render_unavailable':
      return new ApiError(
        503,
        'not_configured',
        'A renderização de páginas não está disponível neste servidor.',
      );
  }
}

/** DocumentError → ApiError; anything else passes through (the platform makes it a 500). */
export function asApiError(err: unknown): unknown {
  return err instanceof DocumentError ? documentError(err) : err;
}

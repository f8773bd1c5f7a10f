// The extraction route's answers for what the documents library reports (docs/privacy.md
// "Extraction" lists them). Messages for people, in Portuguese; never the file's content.
import { type ApiError, errorCodes, HTTP } from '../../platform/http/errors.js';
import { DocumentError } from '../../documents/index.js';

export const EXTRACT = errorCodes('gateway/extract', {
  unsupported_file_type: 415,
  unreadable_pdf: 422,
  no_text_layer: 422,
  unreadable_image: 422,
  too_many_pages: 413,
  image_too_large: 413,
  ocr_busy: 503,
  pdf_busy: 503,
  file_too_large: 413,
  decoded_too_large: 413,
  document_too_complex: 422,
  extraction_timeout: 504,
  /** Never reaches the client (it left): what the log and metrics show for the request. */
  client_closed_request: 499,
});

/** `param`: where the file was (the form field, or a model request's part). */
export function documentError(err: DocumentError, param = 'file'): ApiError {
  switch (err.code) {
    case 'unsupported_type':
      return EXTRACT.unsupported_file_type(
        'O arquivo não é PDF, JPEG, PNG, WebP nem TIFF (o tipo é decidido pelo conteúdo, não pelo nome).',
        { param },
      );
    case 'unreadable_pdf':
      return EXTRACT.unreadable_pdf(
        'Não foi possível ler o PDF: o arquivo está corrompido, incompleto ou protegido por senha.',
        { param },
      );
    case 'no_text_layer':
      return EXTRACT.no_text_layer(
        'O PDF não tem texto extraível (parece um documento digitalizado). Envie as páginas como imagens para OCR.',
        { param },
      );
    case 'unreadable_image':
      return EXTRACT.unreadable_image('Não foi possível ler texto na imagem.', { param });
    case 'too_many_pages':
      return EXTRACT.too_many_pages(`O arquivo tem mais de ${err.limit} páginas.`, { param });
    case 'too_many_pixels':
      return EXTRACT.image_too_large(
        `A imagem tem mais de ${((err.limit ?? 0) / 1e6).toFixed(0)} milhões de pixels por página; reduza a resolução.`,
        { param },
      );
    case 'too_much_data':
      return EXTRACT.decoded_too_large(
        `Ler o arquivo exigiria descompactar mais de ${Math.round((err.limit ?? 0) / (1024 * 1024))} MB (dados compactados ou repetidos em excesso).`,
        { param },
      );
    case 'too_complex':
      return EXTRACT.document_too_complex(
        `Uma página do PDF exigiu mais de ${(err.limit ?? 0) / 1000} s de processamento e a leitura foi interrompida (conteúdo repetido ou aninhado em excesso).`,
        { param: 'file' },
      );
    case 'ocr_busy':
      return EXTRACT.ocr_busy(
        'O reconhecimento de texto está ocupado com arquivos da sua organização; tente de novo em instantes.',
        { headers: { 'retry-after': '5' } },
      );
    case 'pdf_busy':
      return EXTRACT.pdf_busy(
        'A leitura de PDFs está ocupada com arquivos da sua organização; tente de novo em instantes.',
        { headers: { 'retry-after': '5' } },
      );
    case 'timeout':
      return EXTRACT.extraction_timeout(
        `A extração não terminou em ${Math.round((err.limit ?? 0) / 1000)} segundos e foi interrompida; envie um arquivo menor ou com menos páginas.`,
      );
    case 'cancelled':
      return EXTRACT.client_closed_request('O cliente encerrou a conexão; a extração foi interrompida.');
    case 'render_unavailable':
      return HTTP.not_configured('A renderização de páginas não está disponível neste servidor.');
  }
}

/** DocumentError → ApiError; anything else passes through (the platform makes it a 500). */
export function asApiError(err: unknown): unknown {
  return err instanceof DocumentError ? documentError(err) : err;
}

export function fileTooLarge(maxBytes: number): ApiError {
  return EXTRACT.file_too_large(
    `O arquivo excede o tamanho máximo de ${Math.round(maxBytes / (1024 * 1024))} MB.`,
    // The rest of the body is not wanted: closing the connection stops reading it.
    { param: 'file', headers: { connection: 'close' } },
  );
}
export const uploadNotMultipart = () =>
  HTTP.unsupported_media_type('Envie o arquivo como multipart/form-data, no campo "file".');
export const notMultipartContent = () =>
  HTTP.unsupported_media_type('Envie o arquivo como multipart/form-data.');
/** The request's images and scanned pages to read, past the configured ceiling. */
export const tooManyImages = (max: number, param: string) =>
  EXTRACT.too_many_pages(`O pedido tem mais de ${max} imagens e páginas digitalizadas para ler.`, { param });

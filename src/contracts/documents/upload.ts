// What POST /contracts received, read into one shape: JSON `{title?, text}` or a multipart
// form with one PDF in the field "file" and an optional "title".
import type { FastifyRequest } from 'fastify';
import { ContractsError } from '../errors.js';
import type { JobOptions } from '../../documents/index.js';
import type { PdfReader } from './pdf.js';
import { MAX_TITLE_CHARS, normaliseText } from './store.js';

export interface Upload {
  title?: string;
  text: string;
  source: 'text' | 'pdf';
  fileName?: string;
}

/** How a PDF becomes text: the reader, and whose file it is with the request's deadline. */
export interface PdfReading {
  reader: PdfReader;
  job: JobOptions;
}

export async function readUpload(request: FastifyRequest, pdf: PdfReading): Promise<Upload> {
  if (request.isMultipart()) return readPdfUpload(request, pdf);
  // No body at all (and so no content type the schema could check), or no text in it.
  const sent: unknown = request.body;
  const body: { title?: unknown; text?: unknown } =
    typeof sent === 'object' && sent !== null ? Object.fromEntries(Object.entries(sent)) : {};
  if (typeof body.text !== 'string') throw new ContractsError('MISSING_CONTRACT');
  return {
    title: typeof body.title === 'string' ? body.title : undefined,
    text: normaliseText(body.text),
    source: 'text',
  };
}

async function readPdfUpload(request: FastifyRequest, pdf: PdfReading): Promise<Upload> {
  let title: string | undefined;
  let data: Buffer | undefined;
  let fileName: string | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || data !== undefined) {
          await part.toBuffer(); // drain it, then refuse
          throw new ContractsError('PDF_SINGLE_FILE');
        }
        data = await part.toBuffer();
        fileName = part.filename;
      } else if (part.fieldname === 'title' && typeof part.value === 'string') {
        title = part.value;
      }
    }
  } catch (err) {
    throw multipartError(err);
  }
  if (!data || data.length === 0) throw new ContractsError('PDF_FIELD_MISSING');
  if (title !== undefined && title.length > MAX_TITLE_CHARS)
    throw new ContractsError('TITLE_TOO_LONG', { max: MAX_TITLE_CHARS });
  const text = normaliseText(await pdf.reader.text(data, pdf.job));
  if (text.length === 0) throw new ContractsError('NO_EXTRACTABLE_TEXT');
  return { title, text, source: 'pdf', fileName };
}

function multipartError(err: unknown): unknown {
  if (err instanceof ContractsError) return err;
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new ContractsError('PDF_TOO_LARGE');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new ContractsError('UNSUPPORTED_FILE_TYPE');
  return new ContractsError('MULTIPART_INVALID');
}

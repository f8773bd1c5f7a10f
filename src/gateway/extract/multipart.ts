// One file and a few short text fields from a multipart form, read as it streams: the file
// is collected up to its cap and no further; at the cap the answer (413) leaves at once and
// the connection is closed, so the rest of the body is neither kept nor read. Nothing
// touches the disk.
import { finished, type Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { ApiError, invalidParam } from '../../platform/http/errors.js';
import { fileTooLarge, notMultipartContent, uploadNotMultipart } from './errors.js';

export const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;

export interface Upload {
  file: Buffer;
  /** The sender's name for it; never trusted for the type, never logged. */
  fileName: string;
  fields: Record<string, string>;
}

export interface UploadOptions {
  /** The form field that carries the file. */
  fileField: string;
  /** The text fields the route reads; any other field is refused. */
  fields: readonly string[];
  maxBytes: number;
}

/** @fastify/multipart's limits for a route that uses readUpload with these options. */
export function multipartLimits(options: UploadOptions) {
  return {
    fileSize: options.maxBytes,
    files: 1,
    fields: options.fields.length,
    parts: options.fields.length + 1,
    fieldSize: 1024,
    fieldNameSize: 64,
  };
}

/** The file's bytes; rejects with 413 the moment busboy reports the cap, not at the part's end. */
function collect(file: Readable, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    file.on('data', (chunk: Buffer) => chunks.push(chunk));
    file.once('limit', () => {
      chunks.length = 0;
      file.removeAllListeners('data');
      reject(fileTooLarge(maxBytes));
    });
    // finished() also reports a stream that failed before these listeners were attached
    // (a body cut short): a plain 'error' listener would miss it and the request would hang.
    finished(file, (err) => (err ? reject(err) : resolve(Buffer.concat(chunks))));
  });
}

export async function readUpload(request: FastifyRequest, options: UploadOptions): Promise<Upload> {
  if (!request.isMultipart()) {
    throw uploadNotMultipart();
  }
  let file: Buffer | undefined;
  let fileName = '';
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== options.fileField) {
          await part.file.resume();
          throw invalidParam(
            undefined,
            `Campo de arquivo inesperado; envie o arquivo no campo "${options.fileField}".`,
          );
        }
        file = await collect(part.file, options.maxBytes);
        fileName = part.filename;
      } else if (options.fields.includes(part.fieldname)) {
        if (part.valueTruncated)
          throw invalidParam(part.fieldname, `O campo "${part.fieldname}" é longo demais.`);
        fields[part.fieldname] = String(part.value);
      } else {
        throw invalidParam(undefined, 'Campo desconhecido no formulário.');
      }
    }
  } catch (err) {
    throw uploadError(err, options.maxBytes);
  }
  if (!file || file.length === 0) {
    throw invalidParam(options.fileField, `Envie o arquivo no campo "${options.fileField}".`);
  }
  return { file, fileName, fields };
}

function uploadError(err: unknown, maxBytes: number): unknown {
  if (err instanceof ApiError) return err;
  switch ((err as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return fileTooLarge(maxBytes);
    case 'FST_FILES_LIMIT':
      return invalidParam('file', 'Envie um único arquivo.');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return invalidParam(undefined, 'O formulário tem campos demais.');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return notMultipartContent();
    default:
      // busboy's own errors (a cut or malformed body); their text is not for people.
      return invalidParam(undefined, 'Formulário multipart malformado.');
  }
}

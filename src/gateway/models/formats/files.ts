// Images and PDFs in a user turn, for an organisation that redacts them (orgs/
// cleaning-choice.ts, `images`): both formats' parts into the neutral ImageBlock and
// DocumentBlock. Only bytes sent in the request are taken; a URL or a provider's file id
// is refused (the gateway would have to fetch an arbitrary address, and could not read
// what the vendor keeps). Whether the bytes are what they claim is the image step's to
// decide (pipeline/images.ts), by the bytes.
import { fileNotInline, invalid } from '../errors.js';
import type { DocumentBlock, ImageBlock } from '../types.js';
import { isObj, type Obj, obj, optStr, str } from './check.js';

const DATA_URI = /^data:([\w.+-]+\/[\w.+-]+)?(?:;[\w-]+=[^;,]*)*;base64,/i;

/** The base64 payload of a `data:…;base64,` URI and its declared type; null for anything else. */
function dataUri(url: string): { mediaType: string; data: string } | null {
  const m = DATA_URI.exec(url);
  return m ? { mediaType: (m[1] ?? '').toLowerCase(), data: url.slice(m[0].length) } : null;
}

function inline(url: string, param: string): { mediaType: string; data: string } {
  const parsed = dataUri(url);
  if (parsed) return parsed;
  if (/^https?:/i.test(url.trim())) throw fileNotInline(param);
  throw invalid(param, `"${param}" deve ser um data URI em base64 ("data:image/png;base64,…").`);
}

/** Chat's `{type: 'image_url', image_url: {url, detail?}}` (or `image_url` as a plain URL). */
export function chatImage(part: Obj, param: string): ImageBlock {
  const field = part.image_url;
  const spec = typeof field === 'string' ? { url: field } : obj(field, `${param}.image_url`);
  const url = str(spec.url, `${param}.image_url.url`);
  const { mediaType, data } = inline(url, `${param}.image_url.url`);
  const detail = optStr(spec.detail, `${param}.image_url.detail`);
  return { type: 'image', mediaType, data, redacted: false, ...(detail ? { detail } : {}) };
}

/** The Responses API's `{type: 'input_image', image_url, detail?}`; a `file_id` names a file the vendor keeps. */
export function responsesImage(part: Obj, param: string): ImageBlock {
  if (part.image_url === undefined && part.file_id !== undefined) throw fileNotInline(`${param}.file_id`);
  const { mediaType, data } = inline(str(part.image_url, `${param}.image_url`), `${param}.image_url`);
  const detail = optStr(part.detail, `${param}.detail`);
  return { type: 'image', mediaType, data, redacted: false, ...(detail ? { detail } : {}) };
}

/** The Responses API's `{type: 'input_file', file_data, filename?}`; `file_id` and `file_url` are not bytes. */
export function responsesFile(part: Obj, param: string): DocumentBlock {
  if (part.file_data === undefined) {
    if (part.file_id !== undefined) throw fileNotInline(`${param}.file_id`);
    if (part.file_url !== undefined) throw fileNotInline(`${param}.file_url`);
  }
  const raw = str(part.file_data, `${param}.file_data`);
  return { type: 'document', data: dataUri(raw)?.data ?? raw };
}

/** Chat's `{type: 'file', file: {file_data, filename?}}`; a `file_id` names a file the vendor keeps. */
export function chatFile(part: Obj, param: string): DocumentBlock {
  const file = obj(part.file, `${param}.file`);
  if (file.file_data === undefined && file.file_id !== undefined)
    throw fileNotInline(`${param}.file.file_id`);
  const raw = str(file.file_data, `${param}.file.file_data`);
  return { type: 'document', data: dataUri(raw)?.data ?? raw };
}

/** The vendor's `source` of an image or document block: base64 only. */
function source(block: Obj, param: string): { mediaType: string; data: string } {
  const src = obj(block.source, `${param}.source`);
  if (src.type === 'url' || src.type === 'file') throw fileNotInline(`${param}.source`);
  if (src.type !== 'base64') throw invalid(`${param}.source.type`, `"${param}.source.type" deve ser base64.`);
  return {
    mediaType: str(src.media_type, `${param}.source.media_type`).toLowerCase(),
    data: str(src.data, `${param}.source.data`),
  };
}

/** The vendor's `{type: 'image', source: {type: 'base64', media_type, data}}`. */
export function messagesImage(block: Obj, param: string): ImageBlock {
  const { mediaType, data } = source(block, param);
  return { type: 'image', mediaType, data, redacted: false };
}

/**
 * The vendor's `{type: 'document', source}`: a base64 PDF, or plain text (`source.type:
 * 'text'`, which becomes a text block). Its `title` and `context` are not sent on: they are
 * free text the barrier would have to read, and a model does without them.
 */
export function messagesDocument(block: Obj, param: string): DocumentBlock | { type: 'text'; text: string } {
  const src = isObj(block.source) ? block.source : undefined;
  if (src?.type === 'text') return { type: 'text', text: str(src.data, `${param}.source.data`) };
  return { type: 'document', data: source(block, param).data };
}

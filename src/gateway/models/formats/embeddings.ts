// The OpenAI embeddings format as the caller speaks it: the request's fields checked (each
// 400 names the field, never its value) and the answer rendered, floats or base64.
import { invalid, tokenInputs } from '../errors.js';

/** OpenAI's own limit on the inputs of one request. */
export const MAX_INPUTS = 2048;
/** Characters per input: bounds the barrier's work on one text (the body limit bounds the batch). */
export const MAX_INPUT_CHARS = 200_000;

export type Encoding = 'float' | 'base64';

/** What the caller asked, its texts still as sent (the barrier cleans them before they leave). */
export interface EmbeddingsRequest {
  input: string[];
  /** Absent: the upstream's default, floats. */
  encoding?: Encoding;
  dimensions?: number;
  user?: string;
}

/** One vector: numbers, or float32 little-endian bytes in base64 (OpenAI's `base64`). */
export type Vector = number[] | string;

export interface Embeddings {
  /** One per input, in input order. */
  vectors: Vector[];
  /** As the provider reported them (0 when it did not). */
  inputTokens: number;
}

interface Body {
  input: unknown;
  encoding_format?: Encoding;
  dimensions?: number;
  user?: string;
}

/**
 * The inputs of a body whose types the route's schema already checked: a string or a list
 * of 1 to 2048 strings, none empty. Lists of token ids are refused: the barrier reads
 * text, and a token list would carry personal data past it unread.
 */
export function readInputs(input: unknown): string[] {
  const list = typeof input === 'string' ? [input] : Array.isArray(input) ? input : null;
  if (list === null) throw invalid('input', 'O campo "input" deve ser um texto ou uma lista de textos.');
  if (list.length === 0 || list.length > MAX_INPUTS)
    throw invalid('input', `O campo "input" deve ter de 1 a ${MAX_INPUTS} textos.`);
  if (list.some((x) => typeof x === 'number' || Array.isArray(x))) {
    throw tokenInputs();
  }
  list.forEach((x, i) => {
    const param = typeof input === 'string' ? 'input' : `input.${i}`;
    if (typeof x !== 'string') throw invalid(param, `O campo "${param}" deve ser um texto.`);
    if (x.length === 0) throw invalid(param, `O campo "${param}" não pode ser vazio.`);
    if (x.length > MAX_INPUT_CHARS)
      throw invalid(param, `O campo "${param}" excede ${MAX_INPUT_CHARS} caracteres.`);
  });
  return list as string[];
}

export function parseEmbeddingsRequest(body: Body): EmbeddingsRequest {
  return {
    input: readInputs(body.input),
    ...(body.encoding_format ? { encoding: body.encoding_format } : {}),
    ...(body.dimensions !== undefined ? { dimensions: body.dimensions } : {}),
    ...(body.user !== undefined ? { user: body.user } : {}),
  };
}

/** OpenAI's answer: `model` is the name the caller sent; vectors in the encoding it asked for. */
export function renderEmbeddings(e: Embeddings, model: string, encoding: Encoding | undefined) {
  return {
    object: 'list',
    data: e.vectors.map((v, index) => ({ object: 'embedding', index, embedding: encoded(v, encoding) })),
    model,
    usage: { prompt_tokens: e.inputTokens, total_tokens: e.inputTokens },
  };
}

/** A vector in the encoding asked for, whichever the upstream answered in. */
function encoded(v: Vector, encoding: Encoding | undefined): Vector {
  if (encoding === 'base64') return typeof v === 'string' ? v : toBase64(v);
  return typeof v === 'string' ? fromBase64(v) : v;
}

export function toBase64(vector: readonly number[]): string {
  return Buffer.from(new Float32Array(vector).buffer).toString('base64');
}

function fromBase64(text: string): number[] {
  // A copy: a decoded Buffer may sit at an offset of a shared pool that a Float32Array cannot start at.
  const bytes = new Uint8Array(Buffer.from(text, 'base64'));
  return Array.from(new Float32Array(bytes.buffer, 0, bytes.length >> 2));
}

// Small readers for request bodies: each throws a 400 that names the field (never its value).
import { invalid } from '../errors.js';

export type Obj = Record<string, unknown>;

export function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function obj(v: unknown, param: string): Obj {
  if (!isObj(v)) throw invalid(param, `O campo "${param}" deve ser um objeto.`);
  return v;
}

export function str(v: unknown, param: string): string {
  if (typeof v !== 'string') throw invalid(param, `O campo "${param}" deve ser um texto.`);
  return v;
}

export function optStr(v: unknown, param: string): string | undefined {
  return v === undefined || v === null ? undefined : str(v, param);
}

export function arr(v: unknown, param: string): unknown[] {
  if (!Array.isArray(v)) throw invalid(param, `O campo "${param}" deve ser uma lista.`);
  return v;
}

export function optNum(v: unknown, param: string, min: number, max: number): number | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'number' || !Number.isFinite(v) || v < min || v > max) {
    throw invalid(param, `O campo "${param}" deve ser um número entre ${min} e ${max}.`);
  }
  return v;
}

export function optInt(v: unknown, param: string, min: number): number | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < min) {
    throw invalid(param, `O campo "${param}" deve ser um inteiro maior ou igual a ${min}.`);
  }
  return v;
}

export function optBool(v: unknown, param: string): boolean | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'boolean') throw invalid(param, `O campo "${param}" deve ser true ou false.`);
  return v;
}

/** `stop` / `stop_sequences`: a string or a list of strings, as a list. */
export function stopList(v: unknown, param: string): string[] | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'string') return [v];
  return arr(v, param).map((s, i) => str(s, `${param}.${i}`));
}

/** The fields a parser did not consume: they travel as `extra`. */
export function rest(body: Obj, known: ReadonlySet<string>): Obj {
  const out: Obj = {};
  for (const [k, v] of Object.entries(body)) if (!known.has(k) && v !== undefined) out[k] = v;
  return out;
}

/** Random ids for replies (`chatcmpl-…`, `msg_…`): no meaning, never reused. */
export function replyId(prefix: string): string {
  return prefix + crypto.randomUUID().replaceAll('-', '').slice(0, 24);
}

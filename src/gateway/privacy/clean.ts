// POST /v1/privacy/clean without HTTP: the cleaning that applies (cleaning-choice.ts), one
// of text / input / items cleaned with one placeholder map (items read as consecutive
// parts), findings. Throws ApiError for the HTTP layer.
import { type ApiError, invalidParam } from '../../platform/http/errors.js';
import { type Finding, type Policy, PrivacyInputError, type Sensitivity } from '../../privacy/index.js';
import { type BarrierSettings, type CleaningAsk, cleanerFor } from '../orgs/cleaning-choice.js';
import { piiBlocked } from './errors.js';

export interface CleanInput {
  text?: string;
  input?: unknown;
  items?: string[];
  policy?: Policy;
  sensitivity?: Sensitivity;
}

export interface CleanOutput {
  policy: Policy;
  blocked: boolean;
  findings: Finding[];
  clean_text: string;
  clean_input?: unknown;
  clean_items?: string[];
}

export const MAX_ITEMS = 1000;

export function badRequest(message: string, param?: string): ApiError {
  return invalidParam(param, message);
}

/** `asked`: the body's `policy` and `sensitivity` with the headers' (privacy/asked.ts). */
export function cleanRequest(settings: BarrierSettings, body: CleanInput, asked: CleaningAsk): CleanOutput {
  const given = (['text', 'input', 'items'] as const).filter((k) => body[k] !== undefined);
  if (given.length !== 1) {
    throw badRequest(
      'Envie exatamente um destes campos: text, input ou items.',
      given.length ? given.join(',') : 'text',
    );
  }
  // null is no JSON to clean; Fastify's schema lets it through `input` (any value).
  if (body.input === null)
    throw badRequest('O campo input deve ser um valor JSON diferente de null.', 'input');
  const cleaner = cleanerFor(settings, asked);
  let out: Omit<CleanOutput, 'policy' | 'blocked' | 'findings'>;
  if (body.text !== undefined) {
    out = { clean_text: cleaner.cleanText(body.text) };
  } else if (body.items !== undefined) {
    // Consecutive items are read together: a value split across two of them is caught.
    const items = cleaner.cleanParts(body.items);
    out = { clean_text: JSON.stringify(items), clean_items: items };
  } else {
    let cleaned: unknown;
    try {
      cleaned = cleaner.cleanJson(body.input);
    } catch (err) {
      if (err instanceof PrivacyInputError)
        throw badRequest('O JSON em input tem aninhamento profundo demais.', 'input');
      throw err;
    }
    out = { clean_text: JSON.stringify(cleaned), clean_input: cleaned };
  }
  return { policy: cleaner.policy, blocked: cleaner.blocked, findings: cleaner.findings(), ...out };
}

/** What the audit record's keyed hash is computed over: the one field the caller sent. */
export function auditedInput(body: CleanInput): string {
  return body.text ?? JSON.stringify(body.input ?? body.items ?? null);
}

/** The findings summary header: categories and counts only, e.g. `cpf=1, email=2`. */
export function findingsHeader(findings: Finding[]): string {
  return findings.map((f) => `${f.category}=${f.count}`).join(', ') || 'none';
}

export function blockedError(findings: Finding[]): ApiError {
  return piiBlocked(findingsHeader(findings));
}

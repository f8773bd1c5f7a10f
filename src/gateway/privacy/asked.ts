// What a caller asks of the barrier on one request: X-SVC-Policy and X-SVC-Nomes on every
// route that cleans (and X-SVC-Images: refuse on the model routes), and the `policy` / `sensitivity` fields of routes whose body or form
// has them. Both ask only; cleaning-choice.ts keeps the stricter of the ask and the
// organisation's setting, so `balanced` or `placeholder` never lower anything.
import type { FastifyRequest } from 'fastify';
import { invalidParam } from '../../platform/http/errors.js';
import {
  isPolicy,
  isSensitivity,
  type Policy,
  type Sensitivity,
  strictest,
  strictestSensitivity,
} from '../../privacy/index.js';
import type { CleaningAsk } from '../orgs/cleaning-choice.js';

export const POLICY_HEADER = 'x-svc-policy';
export const NAMES_HEADER = 'x-svc-nomes';
export const IMAGES_HEADER = 'x-svc-images';

/** The request's own fields, already checked (schema or form reader). */
export interface AskedFields {
  policy?: Policy;
  sensitivity?: Sensitivity;
}

/** The headers and the fields together: when both ask, the stricter of the two. */
export function cleaningAskOf(request: FastifyRequest, fields: AskedFields = {}): CleaningAsk {
  const policy = request.headers[POLICY_HEADER];
  if (policy !== undefined && !isPolicy(policy))
    throw invalidParam(POLICY_HEADER, 'O cabeçalho X-SVC-Policy deve ser placeholder, redact ou block.');
  const names = request.headers[NAMES_HEADER];
  if (names !== undefined && !isSensitivity(names))
    throw invalidParam(NAMES_HEADER, 'O cabeçalho X-SVC-Nomes deve ser strict ou balanced.');
  const images = request.headers[IMAGES_HEADER];
  if (images !== undefined && images !== 'refuse' && images !== 'redact')
    throw invalidParam(IMAGES_HEADER, 'O cabeçalho X-SVC-Images deve ser refuse ou redact.');
  return {
    // Asking `redact` changes nothing: only the organisation turns redaction on.
    images: images === 'refuse' ? 'refuse' : undefined,
    policy: fields.policy === undefined ? policy : strictest(fields.policy, policy),
    nameSensitivity:
      fields.sensitivity === undefined ? names : strictestSensitivity(fields.sensitivity, names),
  };
}

/** `policy` and `sensitivity` of a multipart form (extract, transcription), checked. */
export function askedFields(form: Record<string, string | undefined>): AskedFields {
  const { policy, sensitivity } = form;
  if (policy !== undefined && !isPolicy(policy))
    throw invalidParam('policy', 'O campo policy deve ser placeholder, redact ou block.');
  if (sensitivity !== undefined && !isSensitivity(sensitivity))
    throw invalidParam('sensitivity', 'O campo sensitivity deve ser strict ou balanced.');
  return { policy, sensitivity };
}

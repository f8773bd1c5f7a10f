// The X-SVC-Nomes header: a caller may ask for stricter name detection than its
// organisation's setting (`strict`); `balanced` is accepted and changes nothing, since a
// request can only raise the setting, like X-SVC-Policy raises the policy.
import type { FastifyRequest } from 'fastify';
import { HTTP } from '../../platform/http/errors.js';
import { isSensitivity, type Sensitivity, strictestSensitivity } from '../../privacy/index.js';
import type { Principal } from '../keys/auth.js';

export const NAMES_HEADER = 'x-svc-nomes';

/** The sensitivity that applies to this request: the organisation's, raised by the header. */
export function nameSensitivityOf(request: FastifyRequest, principal: Principal): Sensitivity {
  const asked = request.headers[NAMES_HEADER];
  if (asked !== undefined && !isSensitivity(asked)) {
    throw HTTP.invalid_request('O cabeçalho X-SVC-Nomes deve ser strict ou balanced.', {
      param: NAMES_HEADER,
    });
  }
  return strictestSensitivity(principal.nameSensitivity, asked);
}

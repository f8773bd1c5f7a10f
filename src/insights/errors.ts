// The insights service's messages (its codes are the platform's, in its own envelope).
import { HTTP } from '../platform/http/errors.js';

export const insightNotFound = () => HTTP.not_found('Insight não encontrado.');
/** body: the envelope the tenant's scheme answers with. */
export const invalidCredentials = (body?: unknown) => HTTP.unauthorized('Credenciais inválidas.', { body });

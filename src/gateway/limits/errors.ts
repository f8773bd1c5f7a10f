// Rate limits and quotas (docs/errors.md, "Authentication codes" and "Model routes").
import { errorCodes } from '../../platform/http/errors.js';

export const LIMITS = errorCodes('gateway/limits', {
  rate_limit_exceeded: 429,
  quota_exceeded: 429,
});

// Each code's messages, named: no message is written where it is thrown.
/** headers: the rate headers of the refused request; reset: seconds until the window ends. */
export const rateLimited = (limit: number, reset: number, headers: Record<string, string>) =>
  LIMITS.rate_limit_exceeded(
    `Limite de ${limit} requisições por minuto desta chave atingido; tente de novo em ${reset} s.`,
    { headers: { ...headers, 'retry-after': String(reset) } },
  );
export const quotaExceeded = (reset: number, headers: Record<string, string>) =>
  LIMITS.quota_exceeded(
    'A cota mensal de tokens da organização foi atingida; ela se renova no primeiro dia do próximo mês (UTC).',
    { headers: { ...headers, 'retry-after': String(reset) } },
  );

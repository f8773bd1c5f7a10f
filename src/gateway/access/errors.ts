// The access decision's refusals, whatever the credential, and the per-key controls' at the
// call (docs/errors.md "Authentication codes" and "Model routes"). `account_not_released` is
// the sessions catalogue's: founding an organisation refuses with it too, below this folder.
import { errorCodes } from '../../platform/http/errors.js';

export const ACCESS = errorCodes('gateway/access', {
  trial_ended: 403,
  product_disabled: 403,
  network_not_allowed: 403,
  key_expired: 401,
  model_not_allowed: 403,
  budget_exceeded: 429,
  token_rate_limit_exceeded: 429,
});

// Each code's messages, named: no message is written where it is thrown.
export const keyExpired = () =>
  ACCESS.key_expired('Esta chave de API expirou.', { headers: { 'www-authenticate': 'Bearer' } });
export const trialEnded = () => ACCESS.trial_ended('O período de avaliação gratuita terminou.');
export const productDisabled = () =>
  ACCESS.product_disabled('O produto não está habilitado para esta organização.');
export const networkNotAllowed = () =>
  ACCESS.network_not_allowed('A origem de rede está fora da política da organização.');
export const modelNotAllowed = () => ACCESS.model_not_allowed('Esta chave não pode chamar este modelo.');
/** retryAfter: seconds until the month's budget renews. */
export const budgetExceeded = (retryAfter: string) =>
  ACCESS.budget_exceeded(
    'O orçamento mensal desta chave foi gasto; ele se renova no primeiro dia do próximo mês (UTC).',
    { headers: { 'retry-after': retryAfter } },
  );
/** wait: seconds until the next minute, as sent in Retry-After. */
export const tokenRateLimited = (perMinute: number, wait: string) =>
  ACCESS.token_rate_limit_exceeded(
    `Limite de ${perMinute} tokens por minuto desta chave atingido; tente de novo em ${wait} s.`,
    { headers: { 'retry-after': wait } },
  );

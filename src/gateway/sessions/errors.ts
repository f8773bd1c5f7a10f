// The session scheme's error codes (docs/errors.md, "Authentication codes").
import { errorCodes } from '../../platform/http/errors.js';

export const SESSIONS = errorCodes('gateway/sessions', {
  invalid_session: 401,
  invalid_origin: 403,
  invalid_csrf: 403,
  reauth_required: 401,
  auth_unavailable: 503,
  /** An account awaiting the operator's release: it may sign in, but neither call nor found. */
  account_not_released: 403,
});

// Each code's messages, named: no message is written where it is thrown.
export const invalidSession = () =>
  SESSIONS.invalid_session('Sessão ausente, expirada ou encerrada. Entre novamente.');
/** The session was valid at the guard but its account or step is gone. */
export const staleSession = () => SESSIONS.invalid_session('Sessão inválida. Entre novamente.');
export const passwordStepExpired = () =>
  SESSIONS.invalid_session('A etapa de senha expirou. Entre novamente.');
export const invalidOrigin = (expected: string) =>
  SESSIONS.invalid_origin(`Origem da requisição não permitida; a origem esperada é ${expected}.`);
export const invalidCsrf = () => SESSIONS.invalid_csrf('Token CSRF ausente ou inválido.');
export const crossSiteRefused = () => SESSIONS.invalid_csrf('Requisição entre sites recusada.');
export const browserSessionMissing = () =>
  SESSIONS.invalid_csrf('Sessão do navegador ausente; chame /api/auth/bootstrap.');
export const reauthRequired = () =>
  SESSIONS.reauth_required('Por segurança, entre novamente para concluir esta ação.');
export const authUnavailable = () =>
  SESSIONS.auth_unavailable('Autenticação indisponível no momento. Tente novamente.', {
    headers: { 'retry-after': '5' },
  });
export const accountNotReleased = () => SESSIONS.account_not_released('A conta aguarda liberação.');
export const foundingNotReleased = () =>
  SESSIONS.account_not_released('Sua conta aguarda liberação; depois dela você cria a organização.');

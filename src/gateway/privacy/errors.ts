// The barrier's error codes (docs/errors.md, "Model routes": the privacy routes answer it too).
import { errorCodes, HTTP } from '../../platform/http/errors.js';

export const PRIVACY = errorCodes('gateway/privacy', {
  pii_blocked: 422,
});

/** findings: categories and counts only (findingsHeader in clean.ts), never the data. */
export const piiBlocked = (findings: string) =>
  PRIVACY.pii_blocked(
    `A política de privacidade bloqueou o conteúdo porque ele contém dados pessoais (${findings}).`,
  );
export const privacyJobNotFound = () => HTTP.not_found('Job de privacidade não encontrado.');

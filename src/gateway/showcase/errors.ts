// The showcase's messages (its codes are the platform's).
import { HTTP } from '../../platform/http/errors.js';

export const showcaseNotConfigured = () =>
  HTTP.not_configured('Vitrine indisponível: a seção showcase não está configurada.');

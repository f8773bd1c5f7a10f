// The contact form's error codes (docs/errors.md).
import { errorCodes, HTTP } from '../../platform/http/errors.js';

export const CONTACT = errorCodes('gateway/contact', {
  too_many_requests: 429,
});

// Each code's messages, named: no message is written where it is thrown.
export const contactNotConfigured = () =>
  HTTP.not_configured('O contato não está configurado neste servidor.', {
    headers: { 'retry-after': '3600' },
  });
/** retryAfterSeconds: the interval between two sends of the queue. */
export const contactQueueFull = (retryAfterSeconds: number) =>
  CONTACT.too_many_requests('Muitas mensagens desta rede aguardam envio. Tente novamente mais tarde.', {
    headers: { 'retry-after': String(retryAfterSeconds) },
  });

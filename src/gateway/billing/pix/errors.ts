// The manual Pix flow's errors (docs/payments.md "Errors"), pt-BR messages with no payer data.
import { ApiError } from '../../../platform/http/errors.js';

export const pixUnavailable = () =>
  new ApiError(503, 'pix_unavailable', 'O pagamento por Pix não está disponível neste servidor.');
export const queueFull = () =>
  new ApiError(503, 'review_queue_full', 'Há muitos comprovantes aguardando conferência. Tente mais tarde.');
export const dailyCap = () =>
  new ApiError(429, 'daily_limit', 'Esta rede já enviou os pedidos permitidos hoje. Tente amanhã.');
export const mailFailed = () =>
  new ApiError(
    502,
    'mail_failed',
    'Não foi possível enviar o comprovante para conferência. O pedido foi registrado como falho; envie novamente.',
  );
export const proofMissing = () =>
  new ApiError(400, 'invalid_request', 'Envie o comprovante no campo "comprovante".', {
    param: 'comprovante',
  });
export const proofTooLarge = () =>
  new ApiError(413, 'payload_too_large', 'O comprovante passa de 2 MB.', { param: 'comprovante' });
export const proofType = () =>
  new ApiError(415, 'unsupported_media_type', 'O comprovante precisa ser JPEG, PNG, WebP ou PDF.', {
    param: 'comprovante',
  });
export const notMultipart = () =>
  new ApiError(415, 'unsupported_media_type', 'Envie o pedido como multipart/form-data.');
export const badField = (param: string, message: string) =>
  new ApiError(400, 'invalid_request', message, { param });
export const invalidEmail = () =>
  new ApiError(400, 'invalid_email', 'Informe um e-mail válido.', { param: 'email' });
export const requestNotFound = () => new ApiError(404, 'not_found', 'Pedido não encontrado.');
export const notPending = (state: string) =>
  new ApiError(409, 'not_pending', `O pedido não está pendente (estado: ${state}).`);

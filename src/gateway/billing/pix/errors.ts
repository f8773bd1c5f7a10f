// The manual Pix flow's errors (docs/payments.md "Errors"), pt-BR messages with no payer data.
import { BILLING } from '../errors.js';
import { errorCodes, HTTP } from '../../../platform/http/errors.js';
import { invalidEmail as identityInvalidEmail } from '../../../platform/identity/errors.js';

export const PIX = errorCodes('gateway/billing/pix', {
  pix_unavailable: 503,
  review_queue_full: 503,
  mail_failed: 502,
  not_pending: 409,
  proof_active_content: 422,
});

export const pixUnavailable = () =>
  PIX.pix_unavailable('O pagamento por Pix não está disponível neste servidor.');
export const queueFull = () =>
  PIX.review_queue_full('Há muitos comprovantes aguardando conferência. Tente mais tarde.');
export const dailyCap = () =>
  BILLING.daily_limit('Esta rede já enviou os pedidos permitidos hoje. Tente amanhã.');
export const mailFailed = () =>
  PIX.mail_failed(
    'Não foi possível enviar o comprovante para conferência. O pedido foi registrado como falho; envie novamente.',
  );
export const proofMissing = () =>
  HTTP.invalid_request('Envie o comprovante no campo "comprovante".', {
    param: 'comprovante',
  });
export const proofTooLarge = () =>
  HTTP.payload_too_large('O comprovante passa de 2 MB.', { param: 'comprovante' });
export const proofType = () =>
  HTTP.unsupported_media_type('O comprovante precisa ser JPEG, PNG, WebP ou PDF.', {
    param: 'comprovante',
  });
export const unreadableProof = () =>
  HTTP.unsupported_media_type('Não foi possível ler a imagem do comprovante; envie JPEG, PNG, WebP ou PDF.', {
    param: 'comprovante',
  });
export const activeContent = () =>
  PIX.proof_active_content(
    'O PDF do comprovante contém links, ações, scripts ou arquivos embutidos. Envie uma foto ou um PDF simples.',
    { param: 'comprovante' },
  );
export const notMultipart = () => HTTP.unsupported_media_type('Envie o pedido como multipart/form-data.');
export const invalidEmail = () => identityInvalidEmail('email');
export const requestNotFound = () => HTTP.not_found('Pedido não encontrado.');
export const notPending = (state: string) =>
  PIX.not_pending(`O pedido não está pendente (estado: ${state}).`);

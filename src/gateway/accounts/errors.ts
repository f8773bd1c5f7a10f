// The account area's error codes (docs/errors.md, "Accounts and sessions").
import { errorCodes, HTTP } from '../../platform/http/errors.js';

export const ACCOUNTS = errorCodes('gateway/accounts', {
  invalid_credentials: 401,
  invalid_code: 401,
  invalid_password: 400,
  email_taken: 409,
  revision_conflict: 409,
  invalid_image: 400,
  totp_already_enabled: 409,
  totp_not_started: 409,
  signup_closed: 403,
  invalid_link: 400,
  invitation_not_sent: 502,
  mail_not_configured: 503,
});

// Each code's messages, named: no message is written where it is thrown.
export const invalidCredentials = () => ACCOUNTS.invalid_credentials('E-mail ou senha incorretos.');
export const invalidCode = () =>
  ACCOUNTS.invalid_code('Código inválido ou já utilizado. Aguarde o próximo código.');
export const invalidTotpCode = () => ACCOUNTS.invalid_code('Código inválido. Confira o relógio do aparelho.');
export const invalidPassword = (min: number, max: number) =>
  ACCOUNTS.invalid_password(`A senha deve ter entre ${min} e ${max} caracteres.`);
export const signupClosed = () =>
  ACCOUNTS.signup_closed('Cadastro fechado: peça um convite a quem administra a organização.');
export const emailTaken = () =>
  ACCOUNTS.email_taken('Já existe uma conta com este e-mail. Entre ou recupere a senha.');
export const invalidLink = () => ACCOUNTS.invalid_link('Link inválido, expirado ou já usado. Peça um novo.');
export const mailNotConfigured = () =>
  ACCOUNTS.mail_not_configured('O envio de e-mail não está configurado neste servidor.');
export const invitationNotSent = () =>
  ACCOUNTS.invitation_not_sent('Não foi possível enviar o e-mail do convite. Tente de novo.');
export const invalidRole = () =>
  HTTP.invalid_request('Papel inválido: member, admin, owner ou dpo.', { param: 'role' });
export const revisionConflict = () =>
  ACCOUNTS.revision_conflict('O perfil foi alterado em outro lugar. Recarregue e aplique a mudança de novo.');
export const invalidImage = () =>
  ACCOUNTS.invalid_image('Não foi possível ler a imagem; envie JPEG, PNG, WebP, GIF ou AVIF.');
export const noAvatar = () => HTTP.not_found('Nenhuma foto de perfil cadastrada.');
export const avatarNotInBody = () =>
  HTTP.unsupported_media_type('Envie a imagem no corpo, com Content-Type image/*.');
export const totpAlreadyEnabled = () =>
  ACCOUNTS.totp_already_enabled('O segundo fator já está ativo nesta conta.');
export const totpNotStarted = () =>
  ACCOUNTS.totp_not_started('Inicie a configuração do segundo fator antes de confirmar.');
export const unexpectedBody = () => HTTP.invalid_request('Esta rota não recebe corpo.');

// Organisation error codes (docs/errors.md).
import { errorCodes, HTTP } from '../../platform/http/errors.js';

export const ORGS = errorCodes('gateway/orgs', {
  organization_forbidden: 403,
  organization_not_found: 404,
  organization_mfa_required: 403,
  invalid_organization_name: 400,
  organization_name_taken: 409,
  organization_limit_reached: 409,
});

// Each code's messages, named: no message is written where it is thrown.
export const notMember = () => ORGS.organization_forbidden('Você não é membro desta organização.');
export const organizationNotFound = () => ORGS.organization_not_found('Organização não encontrada.');
export const dpoCallsNoModel = () =>
  ORGS.organization_forbidden('O papel de encarregado (dpo) só consulta; não chama modelos.');
export const callLogForbidden = () =>
  ORGS.organization_forbidden(
    'O registro de tratamento é visível para proprietários, administradores e encarregado (dpo).',
  );
export const balanceOwnersOnly = () =>
  ORGS.organization_forbidden('Só proprietários e administradores veem o saldo da organização.');
export const privacyOwnersOnly = () =>
  ORGS.organization_forbidden('Só proprietários e administradores mudam a privacidade da organização.');
export const keysOwnersOnly = () =>
  ORGS.organization_forbidden('Só proprietários e administradores da organização criam chaves dela.');
export const keysProductDisabled = () =>
  ORGS.organization_forbidden('O produto não está habilitado para esta organização.');
export const inviteForbidden = () =>
  ORGS.organization_forbidden('Só proprietários (e administradores, para membros) convidam.');

// The second-factor refusal says what the caller can do about it: a key's owner must enrol,
// a person in the console does so in Perfil.
export const callNeedsMfa = (credential: 'key' | 'session') =>
  ORGS.organization_mfa_required(
    credential === 'key'
      ? 'A organização exige segundo fator do dono desta chave.'
      : 'A organização exige segundo fator: ative-o em Perfil.',
  );
export const privacyNeedsMfa = () =>
  ORGS.organization_mfa_required(
    'Mudar a privacidade da organização exige uma sessão com segundo fator. Ative-o e entre novamente.',
  );
export const keysNeedMfa = () =>
  ORGS.organization_mfa_required(
    'Chaves de organização exigem uma sessão com segundo fator. Ative-o e entre novamente.',
  );

/** Says which rule of the name failed (organizationName in founding.ts). */
export const invalidOrganizationName = (why: string) => ORGS.invalid_organization_name(why);
export const organizationLimitReached = (max: number) =>
  ORGS.organization_limit_reached(`Uma conta pode ser proprietária de no máximo ${max} organizações.`);
export const organizationNameTaken = () =>
  ORGS.organization_name_taken('Já existe uma organização com esse nome. Escolha outro.');
export const unknownMaskedCategory = () =>
  HTTP.invalid_request('Categoria desconhecida em maskedCategories.', { param: 'maskedCategories' });

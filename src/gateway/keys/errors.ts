// API keys' error codes: an absent or invalid key, and the key routes (docs/errors.md); the
// refusals of a known credential are the access decision's (access/errors.ts).
import { errorCodes } from '../../platform/http/errors.js';

export const KEYS = errorCodes('gateway/keys', {
  invalid_api_key: 401,
  invalid_key_name: 400,
  invalid_organization: 400,
  key_limit_reached: 409,
  invalid_key_id: 400,
  key_not_found: 404,
  invalid_key_controls: 400,
});

// Each code's messages, named: no message is written where it is thrown.
export const invalidApiKey = () =>
  KEYS.invalid_api_key('Chave de API ausente ou inválida.', { headers: { 'www-authenticate': 'Bearer' } });
export const invalidKeyName = (max: number) =>
  KEYS.invalid_key_name(`Informe um nome para a chave, com até ${max} caracteres.`);
export const invalidOrganization = () => KEYS.invalid_organization('Organização inválida.');
export const organizationIdMissing = () =>
  KEYS.invalid_organization('Informe organizationId (null para uma chave da conta).');
export const unknownOrganization = () => KEYS.invalid_organization('Organização desconhecida.');
export const keyIdMissing = () => KEYS.invalid_key_id('Informe o id da chave.');
export const keyNotFound = () => KEYS.key_not_found('Chave não encontrada.');
export const keyLimitReached = (max: number) =>
  KEYS.key_limit_reached(`Limite de ${max} chaves ativas atingido. Revogue uma chave para criar outra.`);
/** Says which control failed its check (controls-input.ts). */
export const invalidKeyControls = (message: string) => KEYS.invalid_key_controls(message);

// The console's playground acts with the signed-in session, in the settings of the
// organisation the person chose (or of the account alone): the same policy, name
// sensitivity, restoration, released models and quota an API key of that organisation
// gets, and the same refusals — without creating any key.
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { KEYS } from '../keys/errors.js';
import { ORGS } from '../orgs/errors.js';
import { SESSIONS } from '../sessions/errors.js';
import { cidrMatcher } from '../../platform/net.js';
import { barrierOf, DEFAULT_BARRIER } from '../orgs/cleaning-choice.js';
import type { Principal } from '../keys/auth.js';
import type { SessionRow } from '../sessions/store.js';

export async function sessionPrincipal(
  db: Kysely<Database>,
  session: SessionRow,
  organizationId: string | null,
  address: string,
  now: number,
): Promise<Principal> {
  const accountId = session.account_id!;
  const account = await db.selectFrom('accounts').selectAll().where('id', '=', accountId).executeTakeFirst();
  if (!account) throw SESSIONS.invalid_session('Sessão inválida. Entre novamente.');
  if (account.released !== 1) throw KEYS.account_not_released('A conta aguarda liberação.');
  if (account.trial_ends_at !== null && account.trial_ends_at <= now)
    throw KEYS.trial_ended('O período de avaliação gratuita terminou.');
  const base = {
    kind: 'session' as const,
    keyId: `console:${accountId}:${organizationId ?? 'pessoal'}`,
    accountId,
    internal: false,
  };
  if (organizationId === null) {
    return {
      ...base,
      organizationId: null,
      ...DEFAULT_BARRIER,
      releasedModels: null,
      restorePlaceholders: false,
      requestsPerMinute: null,
      monthlyQuota: null,
      billing: 'free',
    };
  }
  const org = await db
    .selectFrom('organizations as o')
    .innerJoin('memberships as m', 'm.organization_id', 'o.id')
    .selectAll('o')
    .select('m.role as member_role')
    .where('o.id', '=', organizationId)
    .where('m.account_id', '=', accountId)
    .executeTakeFirst();
  if (!org) throw ORGS.organization_forbidden('Você não é membro desta organização.');
  // The dpo reads what the organisation did; it calls no model in the organisation's name.
  if (org.member_role === 'dpo')
    throw ORGS.organization_forbidden('O papel de encarregado (dpo) só consulta; não chama modelos.');
  if (org.product_enabled !== 1)
    throw KEYS.product_disabled('O produto não está habilitado para esta organização.');
  if (org.mfa_required === 1 && account.totp_secret === null)
    throw ORGS.organization_mfa_required('A organização exige segundo fator: ative-o em Perfil.');
  if (org.allowed_cidrs && !cidrMatcher(JSON.parse(org.allowed_cidrs) as string[])(address))
    throw KEYS.network_not_allowed('A origem de rede está fora da política da organização.');
  return {
    ...base,
    organizationId,
    // The one reading of an organisation's barrier settings (orgs/cleaning-choice.ts).
    ...barrierOf(org),
    releasedModels: org.released_models ? (JSON.parse(org.released_models) as string[]) : null,
    restorePlaceholders: org.restore_placeholders === 1,
    requestsPerMinute: org.requests_per_minute ?? null,
    monthlyQuota: org.monthly_quota ?? null,
    billing: org.billing === 'prepaid' ? 'prepaid' : 'free',
  };
}

// The console's playground acts with the signed-in session, in the settings of the
// organisation the person chose (or of the account alone): the same policy, name
// sensitivity, restoration, released models and quota an API key of that organisation
// gets, and the same refusals — the one access decision (access/decide.ts) — without
// creating any key.
import type { Kysely } from 'kysely';
import { staleSession } from '../sessions/errors.js';
import { decideAccess } from '../access/decide.js';
import type { Principal } from '../access/principal.js';
import type { SessionRow } from '../sessions/store.js';
import type { GatewayTables } from '../tables.js';

export async function sessionPrincipal(
  db: Kysely<GatewayTables>,
  session: SessionRow,
  organizationId: string | null,
  address: string,
  now: number,
): Promise<Principal> {
  const accountId = session.account_id!;
  const account = await db.selectFrom('accounts').selectAll().where('id', '=', accountId).executeTakeFirst();
  if (!account) throw staleSession();
  const org =
    organizationId === null
      ? undefined
      : await db
          .selectFrom('organizations as o')
          .innerJoin('memberships as m', 'm.organization_id', 'o.id')
          .selectAll('o')
          .select('m.role as member_role')
          .where('o.id', '=', organizationId)
          .where('m.account_id', '=', accountId)
          .executeTakeFirst();
  return decideAccess(
    {
      credential: 'session',
      keyId: `console:${accountId}:${organizationId ?? 'pessoal'}`,
      accountId,
      released: account.released === 1,
      trialEndsAt: account.trial_ends_at,
      hasMfa: account.totp_secret !== null,
      internal: false,
      organizationId,
      organization: org ?? null,
      member: org !== undefined,
      role: org?.member_role ?? null,
      controls: null,
    },
    address,
    now,
  );
}

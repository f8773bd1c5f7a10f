// Ways in by e-mail: an organisation owner's invitation, and "Esqueci a senha". Each sends
// a link whose token only the mailbox sees; the database keeps its SHA-256. A link expires
// and is spent by its first use (a conditional update, so two clicks racing spend it once).
// Opening it sets the account's password and signs the browser in.
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { unknownOrganization } from '../keys/errors.js';
import { inviteForbidden } from '../orgs/errors.js';
import { invalidLink, invalidRole, invitationNotSent, mailNotConfigured } from './errors.js';
import { normaliseEmail } from '../../platform/identity/email.js';
import { IdentityError, identityApiError } from '../../platform/identity/errors.js';
import { assertNotThrottled, credentialSubjects, recordFailure } from '../../platform/identity/throttle.js';
import { newId } from '../../platform/ids.js';
import type { Logger } from '../../platform/logger.js';
import { describeError } from '../../platform/logger.js';
import type { Mailer } from '../../platform/mail/index.js';
import { findOrganization, getRole, ROLES, type Role, setMember } from '../orgs/store.js';
import { regenerateSession, type SessionRow } from '../sessions/store.js';
import { type AccountDeps, checkEmail, checkNewPassword, type Issued } from './login.js';
import { createAccount, endAllAccesses, findAccountByEmail } from './store.js';
import type { AccountsTables } from './tables.js';

export const INVITE_TTL_MS = 7 * 24 * 3_600_000;
export const RESET_TTL_MS = 3_600_000;

export interface LinkDeps extends AccountDeps {
  mail: Mailer;
  log: Pick<Logger, 'warn'>;
}

type Purpose = 'invite' | 'reset';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

async function issueLink(
  deps: LinkDeps,
  input: { purpose: Purpose; email: string; organizationId?: string; role?: Role; createdBy?: string },
  ttl: number,
): Promise<{ token: string; expiresAt: number }> {
  const token = randomBytes(32).toString('base64url');
  const now = deps.now();
  await deps.db
    .insertInto('access_links')
    .values({
      id: newId('lnk'),
      token_hash: hashOf(token),
      purpose: input.purpose,
      email: normaliseEmail(input.email),
      organization_id: input.organizationId ?? null,
      role: input.role ?? null,
      created_by: input.createdBy ?? null,
      created_at: now,
      expires_at: now + ttl,
      used_at: null,
    })
    .execute();
  return { token, expiresAt: now + ttl };
}

/** Spends a live link of `purpose`: its row, or 400 `invalid_link` (unknown, expired, used). */
async function spendLink(db: Kysely<AccountsTables>, now: number, purpose: Purpose, token: string) {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw invalidLink();
  const hash = hashOf(token);
  const spent = await db
    .updateTable('access_links')
    .set({ used_at: now })
    .where('token_hash', '=', hash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (Number(spent.numUpdatedRows) !== 1) throw invalidLink();
  return db.selectFrom('access_links').selectAll().where('token_hash', '=', hash).executeTakeFirstOrThrow();
}

const when = (at: number) =>
  new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'UTC' }).format(at);

/** Owner or administrator invites an e-mail to the organisation: the mail carries the link. */
export async function inviteMember(
  deps: LinkDeps,
  session: SessionRow,
  input: { organizationId: string; email: string; role?: string },
): Promise<{ expiresAt: number }> {
  checkEmail(input.email);
  const role = (input.role ?? 'member') as Role;
  if (!ROLES.includes(role)) throw invalidRole();
  const org = await findOrganization(deps.db, input.organizationId);
  if (!org || org.id !== input.organizationId) throw unknownOrganization();
  const mine = await getRole(deps.db, org.id, session.account_id!);
  if (mine !== 'owner' && !(mine === 'admin' && role !== 'owner')) throw inviteForbidden();
  if (!deps.mail.configured) throw mailNotConfigured();
  const { token, expiresAt } = await issueLink(
    deps,
    { purpose: 'invite', email: input.email, organizationId: org.id, role, createdBy: session.account_id! },
    INVITE_TTL_MS,
  );
  try {
    await deps.mail.send({
      to: normaliseEmail(input.email),
      subject: `Convite para a organização ${org.name} no svc`,
      text: [
        `Você foi convidado para a organização ${org.name} no svc, o gateway de privacidade para IA.`,
        '',
        'Para aceitar, abra o link abaixo e escolha sua senha:',
        `${deps.origins.primary}/convite#${token}`,
        '',
        `O link vale uma única vez, até ${when(expiresAt)} (UTC).`,
        'Se você não esperava este convite, ignore esta mensagem.',
      ].join('\n'),
    });
  } catch (err) {
    deps.log.warn({ error: describeError(err) }, 'invitation mail not sent');
    throw invitationNotSent();
  }
  return { expiresAt };
}

/**
 * "Esqueci a senha": the same answer whether or not an account has the address, and the mail
 * leaves after the answer, so neither the reply nor its timing says which addresses exist.
 * Requests count against the address and the network like failed sign-ins.
 */
export async function requestReset(deps: LinkDeps, input: { email: string; address: string }): Promise<void> {
  checkEmail(input.email);
  if (!deps.mail.configured) throw mailNotConfigured();
  const subjects = credentialSubjects(deps.limits, {
    scope: 'reset',
    id: normaliseEmail(input.email),
    address: input.address,
    networkScope: 'reset-net',
    // A hard ceiling here: it bounds the mail one inbox receives and locks no one out of signing in.
    accountCeiling: 'refuses',
  });
  await assertNotThrottled(deps.db, subjects.all, deps.now()).catch((err) => {
    throw err instanceof IdentityError ? identityApiError(err, 'lower') : err;
  });
  await recordFailure(deps.db, subjects.all, deps.now());
  const account = await findAccountByEmail(deps.db, input.email);
  if (!account) return;
  const { token, expiresAt } = await issueLink(
    deps,
    { purpose: 'reset', email: account.email },
    RESET_TTL_MS,
  );
  void deps.mail
    .send({
      to: account.email,
      subject: 'Nova senha no svc',
      text: [
        'Recebemos um pedido de nova senha para a sua conta no svc.',
        '',
        'Para escolher a nova senha, abra o link abaixo:',
        `${deps.origins.primary}/nova-senha#${token}`,
        '',
        `O link vale uma única vez, até ${when(expiresAt)} (UTC). A nova senha encerra as`,
        'outras sessões e desativa as chaves de API da conta, como uma troca de senha.',
        'Se não foi você, ignore esta mensagem: a senha atual continua valendo.',
      ].join('\n'),
    })
    .catch((err) => deps.log.warn({ error: describeError(err) }, 'reset mail not sent'));
}

/** Signs the browser in to `account` after a link: the second factor, if any, is still asked. */
function signInAfterLink(
  deps: LinkDeps,
  session: SessionRow,
  account: { id: string; totp_secret: string | null },
) {
  const now = deps.now();
  return regenerateSession(
    deps.db,
    session,
    {
      accountId: account.id,
      authTime: now,
      methods: ['pwd'],
      mfaState: account.totp_secret ? 'pending' : 'none',
    },
    now,
  );
}

/** A reset link: the new password (every session and key of the account stop), then signed in. */
export async function resetPassword(
  deps: LinkDeps,
  session: SessionRow,
  input: { token: string; password: string },
): Promise<Issued> {
  checkNewPassword(input.password);
  const link = await spendLink(deps.db, deps.now(), 'reset', input.token);
  const account = await findAccountByEmail(deps.db, link.email);
  if (!account) throw invalidLink();
  await endAllAccesses(deps.db, account.id, input.password);
  return signInAfterLink(deps, session, account);
}

/**
 * An invitation link: a new account (released, with this password and name) or, for an
 * address that has one, a new password as after a reset; then the membership, then signed in.
 */
export async function acceptInvite(
  deps: LinkDeps,
  session: SessionRow,
  input: { token: string; password: string; name?: string },
): Promise<Issued> {
  checkNewPassword(input.password);
  const link = await spendLink(deps.db, deps.now(), 'invite', input.token);
  let account = await findAccountByEmail(deps.db, link.email);
  if (account) await endAllAccesses(deps.db, account.id, input.password);
  else {
    const name = input.name?.trim();
    account = await createAccount(deps.db, {
      email: link.email,
      password: input.password,
      ...(name ? { name } : {}),
    });
  }
  if (link.organization_id)
    await setMember(deps.db, link.organization_id, account.id, (link.role ?? 'member') as Role);
  return signInAfterLink(deps, session, account);
}

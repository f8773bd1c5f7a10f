// Operator commands for accounts (API keys: keys.ts). They skip the browser-only rules
// (recent sign-in, second factor).
import type { Context } from '../platform/context.js';
import { EmailTakenError } from '../platform/identity/email.js';
import { createAccount, findAccountByEmail, updateAccount } from '../gateway/accounts/store.js';
import { normaliseTotpSecret, sealTotpSecret, totpKey, totpSecretProblem } from '../gateway/accounts/totp.js';
import {
  createOrganization,
  findOrganization,
  ROLES,
  setMember,
  updateOrganization,
} from '../gateway/orgs/store.js';
import { POLICIES } from '../privacy/index.js';
import { oneOf, options } from './args.js';
import { type CliCommand, printJson, UsageError } from './command.js';
import { checkCredentials, withContext } from './context.js';

export async function accountByEmail(ctx: Context, email: string) {
  const account = await findAccountByEmail(ctx.db.kysely, email);
  if (!account) throw new UsageError(`no account with e-mail ${email}`);
  return account;
}

export const accountCreateCommand: CliCommand = {
  path: ['account', 'create'],
  summary: 'Create a released account, optionally in an organisation',
  usage: `Usage: svc account create --email E --password P [--name N] [--org ORG] [--role owner|admin|member|dpo]
                          [--policy placeholder|redact|block] [--mfa-secret BASE32] [--pending]
                          [--trial-ends ISO-DATE]

Creates a released account (--pending: awaiting release). --org makes it a member of
organisation ORG (id or name), creating the organisation when it does not exist; --role
defaults to owner for a new organisation and member otherwise; --policy sets that
organisation's privacy policy. --mfa-secret enrols a TOTP second factor with that
base32 secret of 26 to 103 characters (at least 128 bits, RFC 4226; RFC 6238,
SHA-1, 6 digits, 30 s). Prints {account, organization}.`,
  async run(args) {
    const o = options(
      args,
      {
        email: { type: 'string' },
        password: { type: 'string' },
        name: { type: 'string' },
        org: { type: 'string' },
        role: { type: 'string' },
        policy: { type: 'string' },
        pending: { type: 'boolean' },
        'trial-ends': { type: 'string' },
        'mfa-secret': { type: 'string' },
      },
      ['email', 'password'],
    );
    const mfaSecret = o['mfa-secret'] === undefined ? undefined : normaliseTotpSecret(o['mfa-secret']);
    const mfaProblem = mfaSecret === undefined ? undefined : await totpSecretProblem(mfaSecret);
    if (mfaProblem) throw new UsageError(`--mfa-secret ${mfaProblem}`);
    const role = oneOf('role', o.role, ROLES);
    const policy = oneOf('policy', o.policy, POLICIES);
    if ((role || policy) && !o.org) throw new UsageError('--role and --policy need --org');
    checkCredentials(o.email!, o.password!);
    const trialEndsAt = o['trial-ends'] === undefined ? null : Date.parse(o['trial-ends']);
    if (Number.isNaN(trialEndsAt)) throw new UsageError('--trial-ends is not a date');
    return withContext(async (ctx) => {
      let account: Awaited<ReturnType<typeof createAccount>>;
      try {
        account = await createAccount(ctx.db.kysely, {
          email: o.email!,
          password: o.password!,
          name: o.name,
          released: !o.pending,
          trialEndsAt,
        });
      } catch (err) {
        if (err instanceof EmailTakenError)
          throw new UsageError('an account with this e-mail already exists');
        throw err;
      }
      if (mfaSecret !== undefined) {
        await updateAccount(ctx.db.kysely, account.id, {
          totp_secret: sealTotpSecret(totpKey(ctx.secret), mfaSecret),
        });
      }
      let organization: { id: string; name: string; role: string } | null = null;
      if (o.org) {
        const existing = await findOrganization(ctx.db.kysely, o.org);
        const org = existing ?? (await createOrganization(ctx.db.kysely, o.org));
        const memberRole = role ?? (existing ? 'member' : 'owner');
        await setMember(ctx.db.kysely, org.id, account.id, memberRole);
        if (policy) await updateOrganization(ctx.db.kysely, org.id, { privacy_policy: policy });
        organization = { id: org.id, name: org.name, role: memberRole };
      }
      printJson({
        account: {
          id: account.id,
          email: account.email,
          name: account.name,
          released: account.released === 1,
          mfa: mfaSecret !== undefined,
        },
        organization,
      });
      return 0;
    });
  },
};

export const accountReleaseCommand: CliCommand = {
  path: ['account', 'release'],
  summary: 'Release an account awaiting release, or set its free-trial end',
  usage: `Usage: svc account release --email E [--trial-ends ISO-DATE|none]

Marks the account as released; --trial-ends sets (or with "none" clears) the end of its free trial.`,
  async run(args) {
    const o = options(args, { email: { type: 'string' }, 'trial-ends': { type: 'string' } }, ['email']);
    const trial = o['trial-ends'];
    const trialEndsAt = trial === undefined || trial === 'none' ? null : Date.parse(trial);
    if (Number.isNaN(trialEndsAt)) throw new UsageError('--trial-ends is not a date');
    return withContext(async (ctx) => {
      const account = await accountByEmail(ctx, o.email!);
      await updateAccount(ctx.db.kysely, account.id, {
        released: 1,
        ...(trial === undefined ? {} : { trial_ends_at: trialEndsAt }),
      });
      printJson({
        id: account.id,
        released: true,
        trialEndsAt: trialEndsAt === null ? null : new Date(trialEndsAt).toISOString(),
      });
      return 0;
    });
  },
};

// Operator commands for the contract API's users (`svc user create`, `svc user set`).
import { PLANS } from '../contracts/subscriptions/plans.js';
import { createUser, findUserByEmail, publicUser, updateUser } from '../contracts/users/store.js';
import { EmailTakenError } from '../platform/identity/email.js';
import { oneOf, options } from './args.js';
import { type CliCommand, printJson, UsageError } from './command.js';
import { checkCredentials, withContext } from './context.js';

export const userCreateCommand: CliCommand = {
  path: ['user', 'create'],
  summary: 'Create a user of the contract-analysis API',
  usage: `Usage: svc user create --email E --password P --name N [--plan ${PLANS.join('|')}] [--disabled]

Creates a user who can sign in at POST /auth/login of the contracts service. --plan
defaults to gratuito; --disabled creates the user unable to sign in (403 ACCESS_DENIED).
Prints {user}.`,
  async run(args) {
    const o = options(
      args,
      {
        email: { type: 'string' },
        password: { type: 'string' },
        name: { type: 'string' },
        plan: { type: 'string' },
        disabled: { type: 'boolean' },
      },
      ['email', 'password', 'name'],
    );
    const plan = oneOf('plan', o.plan, PLANS);
    checkCredentials(o.email!, o.password!);
    if (o.name!.trim() === '' || o.name!.length > 120)
      throw new UsageError('--name must have 1 to 120 characters');
    return withContext(async (ctx) => {
      try {
        const user = await createUser(ctx.db.kysely, {
          email: o.email!,
          password: o.password!,
          name: o.name!,
          plan,
          disabled: o.disabled,
        });
        printJson({ user: { ...publicUser(user), disabled: user.disabled === 1 } });
      } catch (err) {
        if (err instanceof EmailTakenError) throw new UsageError('a user with this e-mail already exists');
        throw err;
      }
      return 0;
    });
  },
};

export const userSetCommand: CliCommand = {
  path: ['user', 'set'],
  summary: "Change a contract-API user's plan, or disable/enable them",
  usage: `Usage: svc user set --email E [--plan ${PLANS.join('|')}] [--disabled | --enabled]

A disabled user's tokens stop working at once (403 ACCESS_DENIED). Prints {user}.`,
  async run(args) {
    const o = options(
      args,
      {
        email: { type: 'string' },
        plan: { type: 'string' },
        disabled: { type: 'boolean' },
        enabled: { type: 'boolean' },
      },
      ['email'],
    );
    const plan = oneOf('plan', o.plan, PLANS);
    if (o.disabled && o.enabled) throw new UsageError('--disabled and --enabled exclude each other');
    return withContext(async (ctx) => {
      const user = await findUserByEmail(ctx.db.kysely, o.email!);
      if (!user) throw new UsageError(`no user with e-mail ${o.email}`);
      await updateUser(ctx.db.kysely, user.id, {
        ...(plan ? { plan } : {}),
        ...(o.disabled ? { disabled: 1 } : o.enabled ? { disabled: 0 } : {}),
      });
      const updated = (await findUserByEmail(ctx.db.kysely, o.email!))!;
      printJson({ user: { ...publicUser(updated), disabled: updated.disabled === 1 } });
      return 0;
    });
  },
};

// Sign-up: a free-plan user and a token at once. Every attempt counts against its network,
// successful or not (account creation costs an Argon2 hash and a row). Sign-up necessarily
// tells whether an e-mail is taken; login never does.
import { EmailTakenError } from '../../platform/identity/email.js';
import { assertNotThrottled, networkSubject, recordFailure } from '../../platform/identity/throttle.js';
import type { ContractsDeps } from '../deps.js';
import { ContractsError } from '../errors.js';
import { type ContractUser, createUser } from '../users/store.js';

/** Sign-ups per network per hour. */
export const SIGNUP_LIMIT = { max: 10, windowMs: 60 * 60_000 };

export async function signUp(
  deps: ContractsDeps,
  input: { email: string; password: string; name: string },
  address: string,
): Promise<{ token: string; user: ContractUser }> {
  const now = deps.now();
  const subject = networkSubject('csignup', SIGNUP_LIMIT, address);
  await assertNotThrottled(deps.db, [subject], now);
  await recordFailure(deps.db, [subject], now);
  if (input.name.trim() === '') throw new ContractsError('NAME_BLANK');
  try {
    const user = await createUser(deps.db, input);
    const { token } = await deps.tokens.issue(user.id);
    return { token, user };
  } catch (err) {
    throw err instanceof EmailTakenError ? new ContractsError('EMAIL_TAKEN') : err;
  }
}

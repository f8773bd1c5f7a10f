// Argon2id with the parameters OWASP recommends for interactive logins (m = 19 MiB, t = 2, p = 1).
// Shared by every user store (gateway accounts, contract users).
import { Algorithm, hash, verify } from '@node-rs/argon2';

const PARAMS = { algorithm: Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 256;

export function isAcceptablePassword(password: string): boolean {
  return password.length >= PASSWORD_MIN && password.length <= PASSWORD_MAX;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, PARAMS);
}

// Verifying against this when the user does not exist makes an unknown e-mail take as
// long as a wrong password: both paths run one Argon2id verification with these parameters.
let dummy: Promise<string> | undefined;

type Verify = (hash: string, password: string) => Promise<boolean>;

/**
 * `check` is Argon2's verification; tests pass a counting wrapper to prove that both paths run
 * it once against a real hash (a proof that load on the machine cannot fool, as a timer can).
 */
export async function verifyPassword(
  stored: string | undefined,
  password: string,
  check: Verify = verify,
): Promise<boolean> {
  if (stored === undefined) {
    dummy ??= hashPassword('not-a-real-password');
    await check(await dummy, password).catch(() => false);
    return false;
  }
  return check(stored, password).catch(() => false);
}

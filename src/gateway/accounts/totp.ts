// TOTP second factor (RFC 6238: HMAC-SHA1, 30-second steps, 6 digits), accepted one step
// either side of now. The last accepted step is stored and a code of that step or an earlier
// one is refused, so an observed code cannot be replayed. Secrets are kept encrypted.
import type { Kysely } from 'kysely';
import { generate, generateSecret, generateURI, verify } from 'otplib';
import { decrypt, encrypt } from '../../platform/crypto.js';
import { deriveKey } from '../../platform/secret.js';
import type { AccountsTables } from './tables.js';

const ISSUER = 'svc';
const CODE = /^\d{6}$/;

/**
 * Secrets typed by an operator: RFC 4226 (R6) requires at least 128 bits and otplib refuses
 * less (and more than 64 bytes), so 26 to 103 base32 characters. Spaces, case and `=`
 * padding are forgiven; the canonical form is what gets stored.
 */
export const TOTP_SECRET_MIN_CHARS = 26;
export const TOTP_SECRET_MAX_CHARS = 103;

export function normaliseTotpSecret(raw: string): string {
  return raw.replace(/\s+/g, '').toUpperCase().replace(/=+$/, '');
}

/** Why a (normalised) secret cannot work as a TOTP secret, or undefined when it can. */
export async function totpSecretProblem(secret: string): Promise<string | undefined> {
  if (!/^[A-Z2-7]+$/.test(secret)) return 'must be base32: letters A-Z and digits 2-7';
  if (secret.length < TOTP_SECRET_MIN_CHARS)
    return `must have at least ${TOTP_SECRET_MIN_CHARS} base32 characters (128 bits; RFC 4226)`;
  if (secret.length > TOTP_SECRET_MAX_CHARS)
    return `must have at most ${TOTP_SECRET_MAX_CHARS} base32 characters (64 bytes)`;
  // The library that will check the codes is the judge of the rest (a length base32 cannot have).
  try {
    await generate({ secret });
    return undefined;
  } catch {
    return 'is not base32 otplib can decode: its length or last character leaves stray bits';
  }
}

/** The key that seals `accounts.totp_secret` (and a pending enrolment): one purpose, one key. */
export function totpKey(secret: string): Buffer {
  return deriveKey(secret, 'totp');
}

export function sealTotpSecret(key: Buffer, base32: string): string {
  return encrypt(key, base32);
}

export function openTotpSecret(key: Buffer, sealed: string): string {
  return decrypt(key, sealed);
}

/** The time step the code belongs to, or null when it is wrong, malformed or not newer than `lastStep`. */
export async function matchTotp(
  base32: string,
  code: string,
  now: number,
  lastStep: number | null,
): Promise<number | null> {
  if (!CODE.test(code)) return null;
  try {
    const result = await verify({
      secret: base32,
      token: code,
      epoch: Math.floor(now / 1000),
      epochTolerance: 30,
      ...(lastStep === null ? {} : { afterTimeStep: lastStep }),
    });
    // The functional verify is typed for HOTP too; a TOTP result carries its time step.
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    return null;
  }
}

/**
 * Records `step` as the last accepted one, only if it is newer than what is stored: two
 * requests racing with the same code cannot both win.
 */
export async function acceptStep(
  db: Kysely<AccountsTables>,
  accountId: string,
  step: number,
): Promise<boolean> {
  const result = await db
    .updateTable('accounts')
    .set({ totp_last_step: step })
    .where('id', '=', accountId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface Enrolment {
  secret: string;
  uri: string;
  /** The otpauth URI as a QR code, a PNG data URI. */
  qr: string;
}

export async function newEnrolment(label: string): Promise<Enrolment> {
  const secret = generateSecret();
  const uri = generateURI({ issuer: ISSUER, label, secret });
  const { default: QRCode } = await import('qrcode'); // loaded on first enrolment, not at start-up
  const qr = await QRCode.toDataURL(uri, { type: 'image/png', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, uri, qr };
}

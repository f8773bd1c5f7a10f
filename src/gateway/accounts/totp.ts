// TOTP second factor (RFC 6238: HMAC-SHA1, 30-second steps, 6 digits), accepted one step
// either side of now. The last accepted step is stored and a code of that step or an earlier
// one is refused, so an observed code cannot be replayed. Secrets are kept encrypted.
import type { Kysely } from 'kysely';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { decrypt, encrypt } from '../../platform/crypto.js';
import type { Database } from '../../platform/db/schema.js';
import { deriveKey } from '../../platform/secret.js';

const ISSUER = 'svc';
const CODE = /^\d{6}$/;

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
export async function acceptStep(db: Kysely<Database>, accountId: string, step: number): Promise<boolean> {
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
  const qr = await QRCode.toDataURL(uri, { type: 'image/png', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, uri, qr };
}

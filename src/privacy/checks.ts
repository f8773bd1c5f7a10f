// Check-digit and numbering-plan rules shared by the detectors. Pure functions over
// normalised strings (digits only, or uppercase alphanumerics for CNPJ).

/** Verifies the two CPF check digits of an 11-digit string; rejects the 11-identical-digit strings. */
export function isValidCpf(d: string): boolean {
  if (d.length !== 11) return false;
  let same = true;
  for (let i = 1; i < 11; i++) {
    if (d.charCodeAt(i) !== d.charCodeAt(0)) {
      same = false;
      break;
    }
  }
  if (same) return false;
  let s1 = 0;
  let s2 = 0;
  for (let i = 0; i < 9; i++) {
    const v = d.charCodeAt(i) - 48;
    s1 += v * (10 - i);
    s2 += v * (11 - i);
  }
  const c1 = ((s1 * 10) % 11) % 10;
  if (c1 !== d.charCodeAt(9) - 48) return false;
  s2 += c1 * 2;
  const c2 = ((s2 * 10) % 11) % 10;
  return c2 === d.charCodeAt(10) - 48;
}

const W1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const W2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

function cnpjDigit(v: string, weights: number[]): number {
  let s = 0;
  for (let i = 0; i < weights.length; i++) s += (v.charCodeAt(i) - 48) * weights[i]!;
  const r = s % 11;
  return r < 2 ? 0 : 11 - r;
}

/**
 * Verifies a 14-character CNPJ, numeric or alphanumeric (July 2026 format): the first
 * 12 characters from [0-9A-Z] valued charCode − 48, the last two numeric check digits.
 * Expects uppercase input without the mask.
 */
export function isValidCnpj(v: string): boolean {
  if (v.length !== 14) return false;
  for (let i = 0; i < 12; i++) {
    const c = v.charCodeAt(i);
    if (!((c >= 48 && c <= 57) || (c >= 65 && c <= 90))) return false;
  }
  const d1 = v.charCodeAt(12) - 48;
  const d2 = v.charCodeAt(13) - 48;
  if (d1 < 0 || d1 > 9 || d2 < 0 || d2 > 9) return false;
  let same = true;
  for (let i = 1; i < 14; i++) {
    if (v.charCodeAt(i) !== v.charCodeAt(0)) {
      same = false;
      break;
    }
  }
  if (same) return false;
  return cnpjDigit(v, W1) === d1 && cnpjDigit(v, W2) === d2;
}

/**
 * The 67 Brazilian area codes (DDD) in use (Anatel numbering plan). Not codes:
 * 10, 20, 23, 25, 26, 29, 30, 36, 39, 40, 50, 52, 56–60, 70, 72, 76, 78, 80, 90.
 */
export const VALID_DDDS: readonly number[] = [
  11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 24, 27, 28, 31, 32, 33, 34, 35, 37, 38, 41, 42, 43, 44, 45, 46,
  47, 48, 49, 51, 53, 54, 55, 61, 62, 63, 64, 65, 66, 67, 68, 69, 71, 73, 74, 75, 77, 79, 81, 82, 83, 84, 85,
  86, 87, 88, 89, 91, 92, 93, 94, 95, 96, 97, 98, 99,
];

const DDD_TABLE: boolean[] = Array.from({ length: 100 }, (_, i) => VALID_DDDS.includes(i));

export function isValidDdd(dd: number): boolean {
  return DDD_TABLE[dd] === true;
}

/**
 * Non-geographic "capital" numbers (same number nationwide, billed to the company):
 * the subscriber part starts with one of these prefixes.
 */
const BUSINESS_LOCAL_PREFIXES = [
  '3003',
  '3004',
  '4000',
  '4002',
  '4003',
  '4004',
  '4007',
  '4020',
  '4062',
  '4090',
];
/** Toll-free and shared-cost national prefixes, dialled with the leading 0. */
const BUSINESS_NATIONAL_PREFIXES = ['0800', '0300', '0500', '0900'];

export function isBusinessSubscriber(local: string): boolean {
  return local.length === 8 && BUSINESS_LOCAL_PREFIXES.includes(local.slice(0, 4));
}

export function isBusinessNational(d: string): boolean {
  return d.length === 11 && BUSINESS_NATIONAL_PREFIXES.includes(d.slice(0, 4));
}

/** A local subscriber number: mobile 9 + 8 digits, or landline [2-5] + 7 digits. */
export function isSubscriber(local: string): boolean {
  const c = local.charCodeAt(0);
  if (local.length === 9) return c === 57;
  if (local.length === 8) return c >= 50 && c <= 53;
  return false;
}

/** DDD + subscriber (10 or 11 digits) with a valid area code. */
export function isNationalNumber(n: string): boolean {
  if (n.length !== 10 && n.length !== 11) return false;
  const dd = (n.charCodeAt(0) - 48) * 10 + (n.charCodeAt(1) - 48);
  return isValidDdd(dd) && isSubscriber(n.slice(2));
}

/**
 * Reduces a dialled digit string to the national number (DDD + subscriber), removing
 * the country code (55 / 0055), the trunk 0 and a two-digit carrier code. Returns
 * null when no reading gives a valid national number. `plus` says the text carried a
 * leading "+", which makes the country code mandatory.
 */
export function nationalNumber(d: string, plus = false): string | null {
  const n = d.length;
  if (plus) {
    if (d.startsWith('55') && (n === 12 || n === 13)) {
      const rest = d.slice(2);
      return isNationalNumber(rest) ? rest : null;
    }
    return null;
  }
  if (isNationalNumber(d)) return d;
  if (n >= 12 && n <= 13 && d.startsWith('55')) {
    const rest = d.slice(2);
    if (isNationalNumber(rest)) return rest;
  }
  if (n >= 14 && n <= 15 && d.startsWith('0055')) {
    const rest = d.slice(4);
    if (isNationalNumber(rest)) return rest;
  }
  if (d.charCodeAt(0) === 48) {
    // Trunk 0, optionally followed by a two-digit carrier code (0 21 11 …, 015 11 …).
    const trunk = d.slice(1);
    if (isNationalNumber(trunk)) return trunk;
    const carrier = d.slice(3);
    if ((n === 13 || n === 14) && isNationalNumber(carrier)) return carrier;
  }
  return null;
}

// Check-digit rules of the documents beyond CPF and CNPJ (those are in checks.ts). Pure
// functions over digit strings without masks. Each cites where its rule is published.

function digit(s: string, i: number): number {
  return s.charCodeAt(i) - 48;
}

function allDigits(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return s.length > 0;
}

function allSame(s: string): boolean {
  for (let i = 1; i < s.length; i++) if (s.charCodeAt(i) !== s.charCodeAt(0)) return false;
  return true;
}

/** Σ digit(i) × weights[i] over the first weights.length digits. */
function weighted(s: string, weights: readonly number[], from = 0): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += digit(s, from + i) * weights[i]!;
  return sum;
}

/**
 * RG of São Paulo (SSP-SP): 8 digits and a check character. Weights 2…9 from the left,
 * r = Σ mod 11, check = 11 − r; 10 is written "X", 11 is "0". (The same rule is often
 * stated as weights 9…2 with check = Σ mod 11.)
 */
export function isValidRgSp(v: string): boolean {
  if (v.length !== 9 || !allDigits(v.slice(0, 8)) || allSame(v.slice(0, 8))) return false;
  const r = weighted(v, [2, 3, 4, 5, 6, 7, 8, 9]) % 11;
  const check = 11 - r;
  const expected = check === 10 ? 'X' : check === 11 ? '0' : String(check);
  return v[8]!.toUpperCase() === expected;
}

/**
 * CNH (registro of the Carteira Nacional de Habilitação, DENATRAN/SENATRAN): 9 digits and
 * two check digits. First: weights 9…1, r = Σ mod 11; r ≥ 10 gives 0 and a discount of 2.
 * Second: weights 1…9, (Σ mod 11) − discount, negative wrapped by +11; ≥ 10 gives 0.
 */
export function isValidCnh(v: string): boolean {
  if (v.length !== 11 || !allDigits(v) || allSame(v)) return false;
  let d1 = weighted(v, [9, 8, 7, 6, 5, 4, 3, 2, 1]) % 11;
  let discount = 0;
  if (d1 >= 10) {
    d1 = 0;
    discount = 2;
  }
  let d2 = (weighted(v, [1, 2, 3, 4, 5, 6, 7, 8, 9]) % 11) - discount;
  if (d2 < 0) d2 += 11;
  if (d2 >= 10) d2 = 0;
  return d1 === digit(v, 9) && d2 === digit(v, 10);
}

/**
 * PIS/PASEP/NIT/NIS (Caixa): 10 digits and a check digit. Weights 3,2,9,8,7,6,5,4,3,2,
 * check = 11 − (Σ mod 11); 10 and 11 give 0.
 */
export function isValidPis(v: string): boolean {
  if (v.length !== 11 || !allDigits(v) || allSame(v)) return false;
  const check = 11 - (weighted(v, [3, 2, 9, 8, 7, 6, 5, 4, 3, 2]) % 11);
  return (check >= 10 ? 0 : check) === digit(v, 10);
}

/**
 * Título de eleitor (TSE): 8 sequential digits, the UF code (01 SP … 27 TO, 28 abroad)
 * and two check digits. First: weights 2…9 on the sequence, Σ mod 11; second: weights
 * 7, 8, 9 on the UF code and the first check digit, Σ mod 11. A remainder of 10 gives 0;
 * for SP (01) and MG (02) a remainder of 0 gives 1.
 */
export function isValidTituloEleitor(v: string): boolean {
  if (v.length !== 12) return false;
  const uf = digit(v, 8) * 10 + digit(v, 9);
  if (uf < 1 || uf > 28 || !allDigits(v) || allSame(v)) return false;
  const fix = (r: number) => (r === 10 ? 0 : r === 0 && uf <= 2 ? 1 : r);
  const d1 = fix(weighted(v, [2, 3, 4, 5, 6, 7, 8, 9]) % 11);
  const d2 = fix((digit(v, 8) * 7 + digit(v, 9) * 8 + d1 * 9) % 11);
  return d1 === digit(v, 10) && d2 === digit(v, 11);
}

/**
 * Cartão Nacional de Saúde (Ministério da Saúde, e-SUS validation rule): 15 digits whose
 * Σ digit × (15 − position) is a multiple of 11. Definitive numbers start with 1 or 2
 * and carry "000" or "001" before the check digit (derived from a PIS); provisional ones
 * start with 7, 8 or 9.
 */
export function isValidCns(v: string): boolean {
  if (v.length !== 15 || !allDigits(v) || allSame(v)) return false;
  const first = v[0]!;
  if (first === '1' || first === '2') {
    if (!(v.startsWith('000', 11) || v.startsWith('001', 11))) return false;
  } else if (first !== '7' && first !== '8' && first !== '9') return false;
  let sum = 0;
  for (let i = 0; i < 15; i++) sum += digit(v, i) * (15 - i);
  return sum % 11 === 0;
}

/**
 * RENAVAM (DENATRAN): 10 digits and a check digit (9-digit numbers of the old series are
 * read with two leading zeros). Weights 3,2,9,8,7,6,5,4,3,2, check = (Σ × 10) mod 11;
 * 10 gives 0.
 */
export function isValidRenavam(v: string): boolean {
  const n = v.length === 9 ? '00' + v : v;
  if (n.length !== 11 || !allDigits(n) || allSame(n)) return false;
  const check = (weighted(n, [3, 2, 9, 8, 7, 6, 5, 4, 3, 2]) * 10) % 11;
  return (check === 10 ? 0 : check) === digit(n, 10);
}

/** The Luhn (mod 10) check of payment card numbers (ISO/IEC 7812-1). */
export function luhn(v: string): boolean {
  if (!allDigits(v)) return false;
  let sum = 0;
  for (let i = v.length - 1, double = false; i >= 0; i--, double = !double) {
    let d = digit(v, i);
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** [first, last] prefixes of six digits and the card lengths they issue. */
type Range = readonly [number, number, readonly number[]];

const SIX = (a: number, b = a): [number, number] => [a, b];
const ELO: readonly [number, number][] = [
  SIX(401178, 401179),
  SIX(431274),
  SIX(438935),
  SIX(451416),
  SIX(457393),
  SIX(457600, 457699),
  SIX(504175),
  SIX(506699, 506778),
  SIX(509000, 509999),
  SIX(627780),
  SIX(636297),
  SIX(636368, 636369),
  SIX(650031, 650033),
  SIX(650035, 650051),
  SIX(650405, 650439),
  SIX(650485, 650538),
  SIX(650541, 650598),
  SIX(650700, 650718),
  SIX(650720, 650727),
  SIX(650901, 650978),
  SIX(651652, 651679),
  SIX(655000, 655019),
  SIX(655021, 655058),
];

/**
 * Issuer ranges (IIN, first six digits) and lengths: Visa 4 (13, 16, 19); Mastercard
 * 51–55 and 2221–2720 (16); American Express 34, 37 (15); Diners 300–305, 36, 38, 39
 * (14, 16); Discover 6011, 622126–622925, 644–649, 65 (16, 19); JCB 3528–3589 (16–19);
 * UnionPay 62 (16–19); Maestro 5018, 5020, 5038, 5893, 6304, 6759, 6761–6763 (13–19);
 * Aura 50 (16–19); Elo (published ranges above, 16); Hipercard 606282 and 3841 00/40/60
 * (16, 19); Hiper 637095, 637568, 637599, 637600, 637609, 637612 (16). The Brazilian
 * brands publish no official table; these are the ranges their acquirers document.
 */
const RANGES: readonly Range[] = [
  [400000, 499999, [13, 16, 19]],
  [510000, 559999, [16]],
  [222100, 272099, [16]],
  [340000, 349999, [15]],
  [370000, 379999, [15]],
  [300000, 305999, [14, 16]],
  [360000, 369999, [14, 16]],
  [380000, 399999, [14, 16, 19]],
  [601100, 601199, [16, 19]],
  [622126, 622925, [16, 19]],
  [644000, 659999, [16, 19]],
  [352800, 358999, [16, 17, 18, 19]],
  [620000, 629999, [16, 17, 18, 19]],
  [501800, 501899, [13, 16, 19]],
  [502000, 502099, [13, 16, 19]],
  [503800, 503899, [13, 16, 19]],
  [589300, 589399, [13, 16, 19]],
  [630400, 630499, [13, 16, 19]],
  [675900, 675999, [13, 16, 19]],
  [676100, 676399, [13, 16, 19]],
  [500000, 509999, [16, 17, 18, 19]],
  ...ELO.map(([a, b]): Range => [a, b, [16]]),
  [606282, 606282, [16, 19]],
  [384100, 384100, [16, 19]],
  [384140, 384140, [16, 19]],
  [384160, 384160, [16, 19]],
  [637095, 637095, [16]],
  [637568, 637568, [16]],
  [637599, 637600, [16]],
  [637609, 637609, [16]],
  [637612, 637612, [16]],
];

/** A payment card number: a known issuer range with one of its lengths, and the Luhn check. */
export function isValidCard(v: string): boolean {
  if (v.length < 13 || v.length > 19 || !luhn(v) || allSame(v)) return false;
  const iin = Number(v.slice(0, 6));
  let issued = false;
  for (const [a, b, lengths] of RANGES) {
    if (iin >= a && iin <= b && lengths.includes(v.length)) {
      issued = true;
      break;
    }
  }
  return issued;
}

// Valid values of the categories beyond CPF, CNPJ, e-mail and telephone, for the
// identifier benches and tests: each check digit computed here by its published rule
// (independently of src/privacy/check-digits.ts, so the two check each other), and the
// forms people write them in.
import { pick, type Rng } from './privacy-gen.js';

export const int = (r: Rng, lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
export const digits = (r: Rng, n: number) => Array.from({ length: n }, () => int(r, 0, 9)).join('');
const sum = (d: string, w: readonly number[], from = 0) =>
  w.reduce((s, x, i) => s + Number(d[from + i]) * x, 0);
const notAllSame = (d: string) => !/^(.)\1*$/.test(d);

/** RG of São Paulo: 8 digits and the check character (weights 2–9, 11 − r; 10 → X, 11 → 0). */
export function rgSp(r: Rng): string {
  for (;;) {
    const b = digits(r, 8);
    if (!notAllSame(b)) continue;
    const c = 11 - (sum(b, [2, 3, 4, 5, 6, 7, 8, 9]) % 11);
    return b + (c === 10 ? 'X' : c === 11 ? '0' : String(c));
  }
}

export function cnh(r: Rng): string {
  for (;;) {
    const b = digits(r, 9);
    if (!notAllSame(b)) continue;
    let d1 = sum(b, [9, 8, 7, 6, 5, 4, 3, 2, 1]) % 11;
    let disc = 0;
    if (d1 >= 10) [d1, disc] = [0, 2];
    let d2 = (sum(b, [1, 2, 3, 4, 5, 6, 7, 8, 9]) % 11) - disc;
    if (d2 < 0) d2 += 11;
    if (d2 >= 10) d2 = 0;
    return b + d1 + d2;
  }
}

export function pis(r: Rng): string {
  const b = String(int(r, 1, 2)) + digits(r, 9);
  const c = 11 - (sum(b, [3, 2, 9, 8, 7, 6, 5, 4, 3, 2]) % 11);
  return b + (c >= 10 ? 0 : c);
}

export function titulo(r: Rng): string {
  const seq = digits(r, 8);
  const ufn = int(r, 1, 28);
  const uf = String(ufn).padStart(2, '0');
  const fix = (x: number) => (x === 10 ? 0 : x === 0 && ufn <= 2 ? 1 : x);
  const d1 = fix(sum(seq, [2, 3, 4, 5, 6, 7, 8, 9]) % 11);
  const d2 = fix((Number(uf[0]) * 7 + Number(uf[1]) * 8 + d1 * 9) % 11);
  return seq + uf + d1 + d2;
}

/** CNS: definitive (from an 11-digit base, "000"/"001" and a check digit) or provisional (7, 8, 9). */
export function cns(r: Rng): string {
  for (;;) {
    if (r() < 0.5) {
      const b = String(int(r, 1, 2)) + digits(r, 10);
      const s = b.split('').reduce((t, x, i) => t + Number(x) * (15 - i), 0);
      let dv = 11 - (s % 11);
      if (dv === 11) dv = 0;
      if (dv !== 10) return `${b}000${dv}`;
      const dv2 = 11 - ((s + 2) % 11);
      return `${b}001${dv2 === 11 ? 0 : dv2}`;
    }
    const b = String(int(r, 7, 9)) + digits(r, 13);
    const s = b.split('').reduce((t, x, i) => t + Number(x) * (15 - i), 0);
    const last = (11 - (s % 11)) % 11;
    if (last < 10) return b + last;
  }
}

export function renavam(r: Rng): string {
  const b = digits(r, 10);
  const c = (sum(b, [3, 2, 9, 8, 7, 6, 5, 4, 3, 2]) * 10) % 11;
  return b + (c === 10 ? 0 : c);
}

function luhnDigit(b: string): number {
  let s = 0;
  for (let i = b.length - 1, dbl = true; i >= 0; i--, dbl = !dbl) {
    let d = Number(b[i]);
    if (dbl) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    s += d;
  }
  return (10 - (s % 10)) % 10;
}

/** A card number of a real issuer range (Visa, Mastercard, Elo, Hipercard, Amex) passing Luhn. */
export function card(r: Rng, brand = pick(r, ['visa', 'master', 'elo', 'hipercard', 'amex'] as const)) {
  const prefix = {
    visa: '4' + digits(r, 5),
    master: String(int(r, 51, 55)) + digits(r, 4),
    elo: pick(r, ['636368', '438935', '504175', '451416', '506726', '509087', '650487', '627780']),
    hipercard: '606282',
    amex: pick(r, ['34', '37']) + digits(r, 4),
  }[brand];
  const len = brand === 'amex' ? 15 : 16;
  const b = prefix + digits(r, len - 1 - prefix.length);
  return { brand, number: b + luhnDigit(b) };
}

export function fmtCard(r: Rng, n: string, sep = pick(r, [' ', ' ', '-', '.'])): string {
  if (n.length === 15) return [n.slice(0, 4), n.slice(4, 10), n.slice(10)].join(sep);
  return n.match(/.{4}/g)!.join(sep);
}

export const UF = ['SP', 'RJ', 'MG', 'RS', 'PR', 'SC', 'BA', 'PE', 'CE', 'DF', 'GO', 'ES'];
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
export const letters = (r: Rng, n: number) =>
  Array.from({ length: n }, () => pick(r, LETTERS.split(''))).join('');

export function plate(r: Rng): { value: string; key: string } {
  const l = letters(r, 3);
  if (r() < 0.5) {
    const v = `${l}${digits(r, 1)}${letters(r, 1)}${digits(r, 2)}`;
    return { value: r() < 0.85 ? v : v.toLowerCase(), key: v };
  }
  const d = digits(r, 4);
  return { value: `${l}${pick(r, ['-', '-', '', ' '])}${d}`, key: l + d };
}

export function uuid(r: Rng): string {
  const h = () => '0123456789abcdef'[int(r, 0, 15)]!;
  const x = (n: number) => Array.from({ length: n }, h).join('');
  return `${x(8)}-${x(4)}-4${x(3)}-${pick(r, ['8', '9', 'a', 'b'])}${x(3)}-${x(12)}`;
}

export function publicIpv4(r: Rng): string {
  for (;;) {
    const o = [int(r, 1, 223), int(r, 0, 255), int(r, 0, 255), int(r, 1, 254)];
    const [a, b] = o as [number, number];
    const priv =
      a === 10 ||
      a === 127 ||
      a === 100 ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 169 && b === 254) ||
      a === 198 ||
      a === 203 ||
      (a === 192 && b === 0);
    if (!priv) return o.join('.');
  }
}

export function ipv6(r: Rng): string {
  const g = () => int(r, 0, 0xffff).toString(16);
  const head = pick(r, ['2804', '2001:12ff', '2801:80', '2804:14c', '2800:3f0']).split(':');
  if (r() < 0.5) return `${head.join(':')}:${g()}::${g()}`;
  return [...head, ...Array.from({ length: 8 - head.length }, g)].join(':');
}

const STREETS = [
  'das Flores',
  'Augusta',
  'Sete de Setembro',
  'Barão de Itapetininga',
  'XV de Novembro',
  'dos Andradas',
  'Pinheiros',
  'Santa Clara',
  'Padre Anchieta',
  'Marechal Deodoro',
];
const TYPES = ['Rua', 'Rua', 'Av.', 'Avenida', 'Travessa', 'Alameda', 'R.', 'Praça', 'Estrada'];

export function address(r: Rng): string {
  const name = pick(r, STREETS);
  const type = pick(r, TYPES);
  const num = String(int(r, 1, 4999));
  const lower = r() < 0.2;
  const base = lower
    ? `${type.toLowerCase()} ${name.toLowerCase()}, ${num}`
    : `${type} ${name}${pick(r, [', ', ', ', ', nº ', ' nº ', ' '])}${num}`;
  const comp = pick(r, [
    '',
    '',
    `, apto ${int(r, 1, 250)}`,
    `, ap. ${int(r, 11, 99)}`,
    `, casa ${int(r, 1, 9)}`,
    ` bloco ${letters(r, 1)}`,
    `, sala ${int(r, 100, 2300)}`,
  ]);
  const cep = pick(r, [
    '',
    '',
    `, CEP ${digits(r, 5)}-${digits(r, 3)}`,
    ` - ${digits(r, 5)}-${digits(r, 3)}`,
  ]);
  return base + comp + cep;
}

const MONTHS = [
  'janeiro',
  'fevereiro',
  'março',
  'abril',
  'maio',
  'junho',
  'julho',
  'agosto',
  'setembro',
  'outubro',
  'novembro',
  'dezembro',
];

export function birthDate(r: Rng): { value: string; key: string } {
  const y = int(r, 1935, 2010);
  const m = int(r, 1, 12);
  const d = int(r, 1, 28);
  const p = (n: number) => String(n).padStart(2, '0');
  const key = `${y}-${p(m)}-${p(d)}`;
  const value = pick(r, [
    `${p(d)}/${p(m)}/${y}`,
    `${p(d)}/${p(m)}/${y}`,
    `${d}/${m}/${y}`,
    `${p(d)}.${p(m)}.${y}`,
    `${p(d)}-${p(m)}-${y}`,
    key,
    `${d} de ${MONTHS[m - 1]} de ${y}`,
    `${d === 1 ? '1º' : d} de ${MONTHS[m - 1]} de ${y}`,
  ]);
  return { value, key };
}

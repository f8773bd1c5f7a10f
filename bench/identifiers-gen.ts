// Deterministic generators for the identifier-variant bench: identifiers typed with
// characters a person still reads as the identifier (other digit scripts, dash and
// space variants, invisible characters, spelled e-mail separators), one generator per
// variant class, and decoys in the same disguises that must stay unmasked.
import { isBusinessSubscriber } from '../src/privacy/checks.js';
import {
  breakLast,
  cnpjChars,
  cpfDigits,
  fmtCnpj,
  fmtCpf,
  fmtEmail,
  fmtPhone,
  pick,
  type Rng,
  type Sample,
} from './privacy-gen.js';

type Cat = 'cpf' | 'cnpj' | 'email' | 'telefone';

const int = (r: Rng, lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
const digits = (r: Rng, n: number) => Array.from({ length: n }, () => int(r, 0, 9)).join('');

const FULL = 0xff10;
const ARABIC = 0x660;
const PERSIAN = 0x6f0;
const DEVANAGARI = 0x966;
const MATH = [0x1d7ce, 0x1d7d8, 0x1d7e2, 0x1d7ec, 0x1d7f6];

/** The ASCII digits of `s` in the script whose zero is `zero`. */
export const inScript = (s: string, zero: number) =>
  s.replace(/[0-9]/g, (d) => String.fromCodePoint(zero + Number(d)));

/** Full-width form of every printable ASCII character (letters, digits, @ . / -). */
const fullWidth = (s: string) => s.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));

const INVISIBLES = ['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u200e'];

/** One invisible character somewhere strictly inside `s`. */
function withInvisible(r: Rng, s: string): string {
  const at = int(r, 1, s.length - 1);
  return s.slice(0, at) + pick(r, INVISIBLES) + s.slice(at);
}

function cpfGroups(d: string): [string, string, string, string] {
  return [d.slice(0, 3), d.slice(3, 6), d.slice(6, 9), d.slice(9)];
}

function joinCpf(d: string, seps: readonly [string, string, string]): string {
  const [a, b, c, e] = cpfGroups(d);
  return `${a}${seps[0]}${b}${seps[1]}${c}${seps[2]}${e}`;
}

const cpfWith = (sep: string) => (_r: Rng, d: string) => joinCpf(d, [sep, sep, sep]);
const cpfLast = (sep: string) => (_r: Rng, d: string) => joinCpf(d, ['.', '.', sep]);

/** A variant class: how the value is typed, from the plain value. */
interface VariantClass {
  name: string;
  category: Cat;
  /** True for the classes named in the issue; false for their neighbours. */
  reported: boolean;
  make: (r: Rng) => { value: string; key: string };
}

function cpfClass(name: string, reported: boolean, f: (r: Rng, d: string) => string): VariantClass {
  return {
    name,
    category: 'cpf',
    reported,
    make: (r) => {
      const d = cpfDigits(r);
      return { value: f(r, d), key: d };
    },
  };
}

function cnpjClass(name: string, reported: boolean, f: (r: Rng, masked: string) => string): VariantClass {
  return {
    name,
    category: 'cnpj',
    reported,
    make: (r) => {
      const v = cnpjChars(r, false);
      return { value: f(r, fmtCnpj(r, v, false)), key: v };
    },
  };
}

function emailClass(name: string, reported: boolean, f: (r: Rng, addr: string) => string): VariantClass {
  return {
    name,
    category: 'email',
    reported,
    make: (r) => {
      const a = fmtEmail(r);
      return { value: f(r, a), key: a.toLowerCase() };
    },
  };
}

/** Rewrites the domain's dots and the "@" of an address. */
function spell(addr: string, at: string, dot: string): string {
  const [local, domain] = addr.split('@') as [string, string];
  return `${local}${at}${domain.split('.').join(dot)}`;
}

function phoneClass(name: string, reported: boolean, f: (r: Rng, formatted: string) => string): VariantClass {
  return {
    name,
    category: 'telefone',
    reported,
    make: (r) => {
      // Business numbers (4004-…) are deliberately not personal data; not a variant.
      for (;;) {
        const p = fmtPhone(r);
        const key = nationalOf(p);
        if (!isBusinessSubscriber(key.slice(2))) return { value: f(r, p), key };
      }
    },
  };
}

/** DDD + subscriber of a number formatted by fmtPhone. */
function nationalOf(formatted: string): string {
  let d = formatted.replace(/\D/g, '');
  if (formatted.startsWith('+55') || d.startsWith('0055')) d = d.slice(d.startsWith('0055') ? 4 : 2);
  else if (formatted.startsWith('0 ')) d = d.slice(3);
  else if (d.startsWith('0')) d = d.slice(1);
  else if (d.startsWith('55') && d.length > 11) d = d.slice(2);
  return d;
}

const DDDS = [11, 21, 31, 41, 48, 51, 61, 71, 81, 85, 91, 92];

function barePhone(name: string, lead: string): VariantClass {
  return {
    name,
    category: 'telefone',
    reported: lead.startsWith('ligou'),
    make: (r) => {
      const national = String(pick(r, DDDS)) + '9' + digits(r, 8);
      return { value: `55${national}`, key: national, lead } as { value: string; key: string };
    },
  };
}

export const VARIANT_CLASSES: VariantClass[] = [
  cpfClass('cpf four dotted groups', true, cpfWith('.')),
  cpfClass('cpf narrow no-break space', true, cpfWith('\u202f')),
  cpfClass('cpf soft hyphen', true, (r, d) =>
    r() < 0.5 ? cpfWith('\u00ad')(r, d) : cpfLast('\u00ad')(r, d),
  ),
  cpfClass('cpf em dash', true, cpfLast('\u2014')),
  cpfClass('cpf minus sign', true, cpfLast('\u2212')),
  cpfClass('cpf slash', true, (r, d) => (r() < 0.5 ? cpfWith('/')(r, d) : cpfLast('/')(r, d))),
  cpfClass('cpf underscore', true, (r, d) => (r() < 0.5 ? cpfWith('_')(r, d) : cpfLast('_')(r, d))),
  cpfClass('cpf zero-width inside', true, (r, d) => withInvisible(r, fmtCpf(r, d))),
  cpfClass('cpf full-width digits', true, (r, d) => inScript(fmtCpf(r, d), FULL)),
  cpfClass('cpf Arabic-Indic digits', true, (r, d) => inScript(fmtCpf(r, d), ARABIC)),
  cpfClass('cpf mathematical digits', true, (r, d) => inScript(fmtCpf(r, d), pick(r, MATH))),
  cnpjClass('cnpj full-width digits', true, (_r, m) => inScript(m, FULL)),
  emailClass('email full-width @', true, (_r, a) => a.replace('@', '\uff20')),
  emailClass('email small @', true, (_r, a) => a.replace('@', '\ufe6b')),
  emailClass('email ideographic dots', true, (_r, a) => spell(a, '@', '\u3002')),
  emailClass('email zero-width inside', true, (r, a) => withInvisible(r, a)),
  emailClass('email arroba … ponto', true, (r, a) => spell(a, pick(r, [' arroba ', ' ARROBA ']), ' ponto ')),
  emailClass('email [at] … [dot]', true, (r, a) =>
    spell(a, pick(r, [' [at] ', '[at]', ' [ at ] ']), ' [dot] '),
  ),
  phoneClass('phone full-width digits', true, (_r, p) => inScript(p, FULL)),
  phoneClass('phone zero-width inside', true, (r, p) => withInvisible(r, p)),
  barePhone('phone after "ligou do número"', 'ligou do número '),
  // Neighbours.
  cpfClass('cpf en dash', false, cpfLast('\u2013')),
  cpfClass('cpf figure dash', false, cpfLast('\u2012')),
  cpfClass('cpf no-break spaces', false, cpfWith('\u00a0')),
  cpfClass('cpf ideographic spaces', false, cpfWith('\u3000')),
  cpfClass('cpf Persian digits', false, (r, d) => inScript(fmtCpf(r, d), PERSIAN)),
  cpfClass('cpf Devanagari digits', false, (r, d) => inScript(fmtCpf(r, d), DEVANAGARI)),
  cpfClass('cpf full-width punctuation', false, (r, d) => fullWidth(fmtCpf(r, d))),
  cpfClass('cpf two invisibles', false, (r, d) => withInvisible(r, withInvisible(r, fmtCpf(r, d)))),
  cnpjClass('cnpj Arabic-Indic digits', false, (_r, m) => inScript(m, ARABIC)),
  cnpjClass('cnpj full-width punctuation', false, (_r, m) => fullWidth(m)),
  cnpjClass('cnpj zero-width inside', false, (r, m) => withInvisible(r, m)),
  cnpjClass('cnpj em dash', false, (_r, m) => m.replace('-', '\u2014')),
  emailClass('email (at) … (dot)', false, (_r, a) => spell(a, ' (at) ', ' (dot) ')),
  emailClass('email at … dot', false, (_r, a) => spell(a, ' at ', ' dot ')),
  emailClass('email arroba, real dots', false, (_r, a) => a.replace('@', ' arroba ')),
  emailClass('email full-width letters', false, (_r, a) => fullWidth(a)),
  emailClass('email full-width dots', false, (_r, a) => spell(a, '@', '\uff0e')),
  phoneClass('phone Arabic-Indic digits', false, (_r, p) => inScript(p, ARABIC)),
  phoneClass('phone mathematical digits', false, (r, p) => inScript(p, pick(r, MATH))),
  phoneClass('phone no-break space, em dash', false, (_r, p) =>
    p.replace(/ /g, '\u00a0').replace(/-/g, '\u2014'),
  ),
  barePhone('phone after "número"', 'anota o número '),
];

const LEADS: Record<Cat, readonly string[]> = {
  cpf: ['CPF ', 'o cpf do cliente: ', 'titular ', 'segue ', 'Olá, segue o documento ', ''],
  cnpj: ['CNPJ ', 'empresa ', 'fornecedor ', 'inscrita sob ', ''],
  email: ['manda para ', 'e-mail: ', 'contato ', 'escreva em ', ''],
  telefone: ['ligue ', 'telefone ', 'fone: ', '', 'me chama no '],
};
const TAILS = ['.', ',', ' obrigado', '', ' ok?', ')'];

/** One sample of a variant class with its gold span and key. */
export function variantSample(r: Rng, c: VariantClass): Sample & { key: string } {
  const made = c.make(r) as { value: string; key: string; lead?: string };
  const lead = made.lead ?? pick(r, LEADS[c.category]);
  const text = lead + made.value + pick(r, TAILS);
  return {
    text,
    key: made.key,
    gold: [{ category: c.category, start: lead.length, end: lead.length + made.value.length }],
  };
}

/** Disguises for decoys: the same characters the variants use. */
export function disguise(r: Rng, s: string): string {
  switch (int(r, 0, 5)) {
    case 0:
      return inScript(s, FULL);
    case 1:
      return inScript(s, ARABIC);
    case 2:
      return s.replace(/-/g, pick(r, ['\u2014', '\u2212', '\u2011'])).replace(/ /g, '\u202f');
    case 3:
      return /\d\d/.test(s) ? s.replace(/(\d)(\d)/, `$1${pick(r, INVISIBLES)}$2`) : s;
    case 4:
      return fullWidth(s);
    default:
      return s;
  }
}

const isCpfLike = (s: string) => {
  const d = s.replace(/\D/g, '');
  if (d.length !== 11) return false;
  const n = d.split('').map(Number);
  const check = (len: number) => {
    let t = 0;
    for (let i = 0; i < len; i++) t += n[i]! * (len + 1 - i);
    return ((t * 10) % 11) % 10;
  };
  return check(9) === n[9] && check(10) === n[10];
};

/** Decoy families; the digits are disguised like the variants. Values are never valid identifiers. */
export const DECOY_FAMILIES: Record<string, (r: Rng) => string> = {
  money: (r) => `total R$ ${int(r, 1, 999)}.${digits(r, 3)}.${digits(r, 3)},${digits(r, 2)}`,
  date: (r) =>
    pick(r, [
      `vence em ${String(int(r, 1, 28)).padStart(2, '0')}/${String(int(r, 1, 12)).padStart(2, '0')}/${int(r, 1990, 2030)}`,
      `de ${int(r, 1990, 2030)}-${String(int(r, 1, 12)).padStart(2, '0')}-${String(int(r, 1, 28)).padStart(2, '0')} às ${int(r, 10, 23)}:${int(r, 10, 59)}`,
    ]),
  cep: (r) => `CEP ${digits(r, 5)}-${digits(r, 3)}, Recife`,
  protocol: (r) =>
    `${pick(r, ['protocolo', 'pedido', 'chamado', 'Pedido nº'])} ${digits(r, pick(r, [10, 11, 12, 13, 14]))} confirmado`,
  'bad-check cpf': (r) => `CPF ${fmtCpf(r, breakLast(r, cpfDigits(r)))}`,
  'bad-check cnpj': (r) => `CNPJ ${fmtCnpj(r, breakLast(r, cnpjChars(r, false)), false)}`,
  'product code': (r) => `SKU ${digits(r, 3)}_${digits(r, 3)}_${digits(r, 3)}_${digits(r, 2)}`,
  boleto: (r) =>
    `linha digitável ${digits(r, 5)}.${digits(r, 5)} ${digits(r, 5)}.${digits(r, 6)} ${digits(r, 5)}.${digits(r, 6)} ${digits(r, 1)} ${digits(r, 14)}`,
  // Bank details and an IP after "IP" or "acesso de" are personal data now (categories-gen.ts).
  ip: (r) =>
    `${pick(r, ['servidor', 'host'])} ${int(r, 1, 255)}.${int(r, 0, 255)}.${int(r, 0, 255)}.${int(r, 0, 255)}`,
  version: (r) => `versão ${int(r, 1, 20)}.${int(r, 0, 99)}.${int(r, 0, 999)}.${int(r, 0, 99)}`,
  timestamp: (r) => `ts=${int(r, 1600000000, 1800000000)}${digits(r, 3)}`,
  'bad ddd': (r) => `ligue (${pick(r, [20, 23, 52, 70, 90])}) 9${digits(r, 4)}-${digits(r, 4)}`,
  business: (r) => `SAC 0800 ${digits(r, 3)} ${digits(r, 4)}`,
  'e-mail look-alike': (r) =>
    pick(r, [
      `arquivo foto@${pick(r, ['2x', '3x'])}.png`,
      'valeu @maria e @joao.dev',
      'o preço da arroba do boi ponto com ágio',
      'ponto final, arroba.',
      'investors at the dot com bubble',
      'npm i react@18.2.0',
    ]),
};

/** A decoy of `family`, disguised; regenerated while its digits happen to form a valid CPF in a CPF-free family. */
export function decoySample(r: Rng, family: string): Sample {
  for (;;) {
    const plain = DECOY_FAMILIES[family]!(r);
    if (family === 'product code' && isCpfLike(plain)) continue;
    return { text: disguise(r, plain), gold: [] };
  }
}

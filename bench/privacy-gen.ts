// Deterministic generators for the privacy benches: identifiers in the formats people
// type, look-alikes that must not match, and mixed Portuguese text around them.
// Seeded PRNG, so every run measures the same data.
import type { Category } from '../src/privacy/types.js';

export type Rng = () => number;

/** mulberry32: small, fast, good enough for test data. */
export function rng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(r: Rng, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
const int = (r: Rng, lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
const digits = (r: Rng, n: number) => Array.from({ length: n }, () => int(r, 0, 9)).join('');
const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const alnum = (r: Rng, n: number) => Array.from({ length: n }, () => pick(r, ALNUM.split(''))).join('');

export function cpfDigits(r: Rng): string {
  for (;;) {
    const d = digits(r, 9).split('').map(Number);
    if (d.every((x) => x === d[0])) continue;
    for (const len of [9, 10]) {
      let s = 0;
      for (let i = 0; i < len; i++) s += d[i]! * (len + 1 - i);
      d.push(((s * 10) % 11) % 10);
    }
    return d.join('');
  }
}

export function cnpjChars(r: Rng, alpha: boolean): string {
  const base = alpha
    ? alnum(r, 8) + (r() < 0.5 ? '0001' : alnum(r, 4))
    : digits(r, 8) + pick(r, ['0001', '0002', digits(r, 4)]);
  const v = base.split('');
  const w1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
  for (const w of [w1, [6, ...w1]]) {
    let s = 0;
    for (let i = 0; i < w.length; i++) s += (v[i]!.charCodeAt(0) - 48) * w[i]!;
    const m = s % 11;
    v.push(String(m < 2 ? 0 : 11 - m));
  }
  return v.join('');
}

export function breakLast(r: Rng, id: string): string {
  return id.slice(0, -1) + String((Number(id[id.length - 1]) + int(r, 1, 9)) % 10);
}

const DDDS = [
  11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 24, 27, 28, 31, 32, 33, 34, 35, 37, 38, 41, 42, 43, 44, 45, 46,
  47, 48, 49, 51, 53, 54, 55, 61, 62, 63, 64, 65, 66, 67, 68, 69, 71, 73, 74, 75, 77, 79, 81, 82, 83, 84, 85,
  86, 87, 88, 89, 91, 92, 93, 94, 95, 96, 97, 98, 99,
];
const BAD_DDDS = [10, 20, 23, 25, 26, 29, 30, 36, 39, 40, 50, 52, 56, 57, 58, 59, 60, 70, 72, 76, 78, 80, 90];

export function fmtCpf(r: Rng, d: string): string {
  const [a, b, c, e] = [d.slice(0, 3), d.slice(3, 6), d.slice(6, 9), d.slice(9)];
  return pick(r, [
    `${a}.${b}.${c}-${e}`,
    `${a}.${b}.${c}-${e}`,
    `${a} ${b} ${c} ${e}`,
    `${a}.${b}.${c} ${e}`,
    `${a}${b}${c}-${e}`,
    `${a}.${b}.${c} - ${e}`,
  ]);
}

export function fmtCnpj(r: Rng, v: string, lower: boolean): string {
  const s = lower ? v.toLowerCase() : v;
  const [a, b, c, d, e] = [s.slice(0, 2), s.slice(2, 5), s.slice(5, 8), s.slice(8, 12), s.slice(12)];
  return pick(r, [
    `${a}.${b}.${c}/${d}-${e}`,
    `${a}.${b}.${c}/${d}-${e}`,
    `${a}${b}${c}/${d}-${e}`,
    `${a}.${b}.${c}/${d}${e}`,
  ]);
}

function subscriber(r: Rng, mobile: boolean): string {
  return mobile ? '9' + digits(r, 8) : String(int(r, 2, 5)) + digits(r, 7);
}

/** A formatted Brazilian phone; `ddd` may be an unassigned code for look-alikes. */
export function fmtPhone(r: Rng, ddd = pick(r, DDDS), mobile = r() < 0.65): string {
  const sub = subscriber(r, mobile);
  const [h, t] = [sub.slice(0, sub.length - 4), sub.slice(-4)];
  const dd = String(ddd);
  return pick(r, [
    `(${dd}) ${h}-${t}`,
    `(${dd}) ${h}-${t}`,
    `(${dd})${h}-${t}`,
    `${dd} ${h}-${t}`,
    `${dd} ${h} ${t}`,
    `+55 ${dd} ${h}-${t}`,
    `+55 (${dd}) ${h}-${t}`,
    `+55${dd}${sub}`,
    `0055 ${dd} ${h}-${t}`,
    `0${dd} ${h}-${t}`,
    `0 ${pick(r, ['21', '15', '41', '31'])} ${dd} ${h} ${t}`,
    `${dd}.${h}.${t}`,
    `${dd}-${h}-${t}`,
    mobile ? `(${dd}) ${h[0]} ${h.slice(1)}-${t}` : `(${dd}) ${h}-${t}`,
  ]);
}

const NAMES = [
  'Ana',
  'joao',
  'Maria',
  'pedro.h',
  'lucas_m',
  'fernanda',
  'Beatriz',
  'carlos',
  'joão',
  'conceição',
  'ze',
];
const DOMAINS = [
  'gmail.com',
  'hotmail.com',
  'empresa.com.br',
  'uol.com.br',
  'mail.sub.example.org',
  'x.io',
  'prefeitura.sp.gov.br',
  'outlook.com',
];

export function fmtEmail(r: Rng): string {
  let local = pick(r, NAMES);
  if (r() < 0.3) local += '.' + pick(r, ['silva', 'souza', 'santos', 'oliveira']);
  if (r() < 0.2) local += String(int(r, 1, 99));
  if (r() < 0.15) local += '+' + pick(r, ['compras', 'news', 'trabalho']);
  const addr = `${local}@${pick(r, DOMAINS)}`;
  return r() < 0.15 ? addr.toUpperCase() : addr;
}

/** A piece of text with gold spans (offsets into `text`). */
export interface Sample {
  text: string;
  gold: { category: Category; start: number; end: number }[];
}

function around(before: string, value: string, after: string, category: Category | null): Sample {
  const start = before.length;
  return {
    text: before + value + after,
    gold: category ? [{ category, start, end: start + value.length }] : [],
  };
}

const OPEN = ['', 'Olá, ', 'Bom dia! ', 'Segue: ', 'Conforme combinado, ', 'oi ', 'Prezados, '];

export function positive(r: Rng, category: 'cpf' | 'cnpj' | 'email' | 'telefone'): Sample {
  const o = pick(r, OPEN);
  switch (category) {
    case 'cpf': {
      const d = cpfDigits(r);
      // Hard but real: glued labels and, rarely, a bare number with no word at all.
      if (r() < 0.05) return around(pick(r, ['CPF:', '(CPF ', 'cpf=']), fmtCpf(r, d), ')', 'cpf');
      if (r() < 0.02) return around(pick(r, ['segue ', 'é o ', '']), d, ' beleza?', 'cpf');
      if (r() < 0.3) {
        const w = pick(r, [
          'CPF',
          'cpf:',
          'CPF nº',
          'C.P.F.',
          'inscrito no CPF sob o nº',
          'documento',
          'meu cpf é',
        ]);
        return around(`${o}${w} `, d, pick(r, ['.', ', obrigado', ' ok?', '']), 'cpf');
      }
      const v = fmtCpf(r, d);
      return around(
        `${o}${pick(r, ['CPF ', 'o cpf do cliente: ', 'titular ', 'segue '])}`,
        v,
        pick(r, ['.', ',', ' e aguardo', ')']),
        'cpf',
      );
    }
    case 'cnpj': {
      const alpha = r() < 0.5;
      const v = cnpjChars(r, alpha);
      if (r() < 0.25) {
        return around(
          `${o}${pick(r, ['CNPJ ', 'cnpj: ', 'CNPJ nº ', 'Razão social ACME LTDA, CNPJ '])}`,
          v,
          pick(r, ['.', '', ' ok']),
          'cnpj',
        );
      }
      const f = fmtCnpj(r, v, alpha && r() < 0.2);
      return around(
        `${o}${pick(r, ['empresa ', 'CNPJ ', 'fornecedor ', 'inscrita sob ', ''])}`,
        f,
        pick(r, ['.', ',', ' ltda']),
        'cnpj',
      );
    }
    case 'email': {
      const e = fmtEmail(r);
      const [b, a] = pick(r, [
        ['', ''],
        ['(', ').'],
        ['<', '>,'],
        ['"', '"'],
        ['', '.'],
        ['e-mail: ', ';'],
      ] as const);
      return around(
        `${o}${pick(r, ['manda para ', 'contato ', 'escreva em ', ''])}${b}`,
        e,
        `${a} obrigado`,
        'email',
      );
    }
    case 'telefone': {
      if (r() < 0.05)
        return around(pick(r, ['Tel.:', 'cel:', 'whatsapp: ', 'Fone/Fax: ']), fmtPhone(r), '', 'telefone');
      if (r() < 0.03) {
        const bare = String(pick(r, DDDS)) + subscriber(r, true);
        return around(pick(r, ['manda msg no ', 'é ', '']), bare, ' blz', 'telefone');
      }
      if (r() < 0.15) {
        const d = String(pick(r, DDDS)) + subscriber(r, true);
        return around(
          `${o}${pick(r, ['whatsapp ', 'meu celular é ', 'tel: ', 'zap '])}`,
          d,
          pick(r, ['', '.', ' ok']),
          'telefone',
        );
      }
      const p = fmtPhone(r);
      return around(
        `${o}${pick(r, ['ligue ', 'telefone ', 'fone: ', '', 'me chama no '])}`,
        p,
        pick(r, ['.', ',', ' (comercial)', '']),
        'telefone',
      );
    }
  }
}

/** Look-alikes that must not be reported. `kind` names the family, for reading errors. */
export function negative(r: Rng): Sample & { kind: string } {
  const o = pick(r, OPEN);
  const kind = pick(r, [
    'cpf-bad-check',
    'cnpj-bad-check',
    'order',
    'date',
    'money',
    'cep',
    'hash',
    'url',
    'ip',
    'bad-ddd',
    'business',
    'timestamp',
    'invoice-key',
    'boleto',
    'file-at',
    'mention',
    'token14',
    'version',
  ]);
  const t = (s: string) => ({ text: o + s, gold: [], kind });
  switch (kind) {
    case 'cpf-bad-check':
      return t(`CPF ${fmtCpf(r, breakLast(r, cpfDigits(r)))}.`);
    case 'cnpj-bad-check':
      return t(`CNPJ ${fmtCnpj(r, breakLast(r, cnpjChars(r, r() < 0.5)), false)}.`);
    case 'order':
      return t(
        `${pick(r, ['pedido', 'protocolo', 'chamado', 'Pedido nº', 'rastreio'])} ${digits(r, pick(r, [10, 11, 12, 14]))} confirmado`,
      );
    case 'date':
      return t(
        `${pick(r, ['em', 'vence', 'até'])} ${String(int(r, 1, 28)).padStart(2, '0')}/${String(int(r, 1, 12)).padStart(2, '0')}/${int(r, 1990, 2030)} às ${int(r, 10, 23)}:${int(r, 10, 59)}`,
      );
    case 'money':
      return t(`total R$ ${int(r, 1, 999)}.${digits(r, 3)}.${digits(r, 3)},${digits(r, 2)}`);
    case 'cep':
      return t(`CEP ${digits(r, 5)}-${digits(r, 3)}, ${pick(r, ['São Paulo', 'Recife'])}`);
    case 'hash':
      return t(
        `commit ${Array.from({ length: pick(r, [32, 40, 64]) }, () => pick(r, '0123456789abcdef'.split(''))).join('')}`,
      );
    case 'url':
      return t(`veja https://loja.com.br/produto/${digits(r, 11)}?ref=${digits(r, 8)}`);
    case 'ip':
      return t(`servidor ${int(r, 1, 255)}.${int(r, 0, 255)}.${int(r, 0, 255)}.${int(r, 0, 255)}`);
    case 'bad-ddd':
      return t(`ligue ${fmtPhone(r, pick(r, BAD_DDDS))}`);
    case 'business':
      return t(
        pick(r, [
          `SAC 0800 ${digits(r, 3)} ${digits(r, 4)}`,
          `central 4004-${digits(r, 4)}`,
          `atendimento 3003 ${digits(r, 4)}`,
          `ligue 0300-${digits(r, 3)}-${digits(r, 4)}`,
          `SAC 0800${digits(r, 7)}`,
        ]),
      );
    case 'timestamp':
      return t(`ts=${int(r, 1600000000, 1800000000)}${digits(r, 3)}`);
    case 'invoice-key':
      return t(`chave NF-e ${digits(r, 44)}`);
    case 'boleto':
      return t(
        `linha digitável ${digits(r, 5)}.${digits(r, 5)} ${digits(r, 5)}.${digits(r, 6)} ${digits(r, 5)}.${digits(r, 6)} ${digits(r, 1)} ${digits(r, 14)}`,
      );
    case 'file-at':
      return t(
        `arquivo ${pick(r, ['foto', 'icone', 'logo'])}@${pick(r, ['2x', '3x'])}.${pick(r, ['png', 'jpg', 'webp'])}`,
      );
    case 'mention':
      return t(`valeu @${pick(r, NAMES)} e @${pick(r, NAMES)}.dev`);
    case 'token14':
      return t(`ref ${alnum(r, 14)} ok`);
    default:
      return t(`versão ${int(r, 1, 20)}.${int(r, 0, 99)}.${int(r, 0, 999)} de ${int(r, 2019, 2026)}`);
  }
}

const PROSE = [
  'O contrato de prestação de serviços foi assinado pelas partes em caráter irrevogável e irretratável.',
  'A reunião do conselho aprovou o orçamento anual e a distribuição de dividendos aos acionistas.',
  'Em conformidade com a LGPD, os dados pessoais serão tratados apenas para as finalidades informadas.',
  'O prazo de entrega é de 15 dias úteis, contados a partir da confirmação do pagamento.',
  'A empresa se compromete a manter sigilo sobre as informações recebidas durante a vigência do acordo.',
  'Fica eleito o foro da comarca de São Paulo para dirimir quaisquer dúvidas oriundas deste instrumento.',
  'O relatório trimestral indica crescimento de 12,5% na receita líquida e redução de custos operacionais.',
  'Nos termos do art. 5º da Lei nº 13.709/2018, considera-se dado pessoal a informação relacionada a pessoa natural.',
];
const CHAT = [
  'oi tudo bem? preciso de ajuda com meu pedido',
  'blz, vou ver aqui e te falo',
  'o boleto venceu ontem, consegue mandar outro?',
  'kkk valeu!! amanhã passo ai',
  'qual o horário de atendimento de vcs?',
  'meu pedido ainda não chegou, já faz 10 dias',
  'pode ser às 14h? to no trabalho ate as 13',
];

/** Mixed Portuguese text of about `bytes` UTF-8 bytes: prose, chat and identifiers. */
export function mixedText(seed: number, bytes: number): string {
  const r = rng(seed);
  const parts: string[] = [];
  let size = 0;
  while (size < bytes) {
    const x = r();
    let s: string;
    if (x < 0.45) s = pick(r, PROSE);
    else if (x < 0.8) s = pick(r, CHAT);
    else if (x < 0.93) s = positive(r, pick(r, ['cpf', 'cnpj', 'email', 'telefone'] as const)).text;
    else s = negative(r).text;
    parts.push(s);
    size += Buffer.byteLength(s) + 1;
  }
  return parts.join(r() < 0.5 ? '\n' : ' ');
}

/**
 * The same text with typographic characters: about one character in 60 becomes a
 * no-break space, a curly quote, a dash or an ellipsis, so nearly every message needs the
 * barrier's normalised view.
 */
export function typographicCopy(text: string): string {
  return text
    .replace(/ /g, (sp, i: number) => (i % 97 === 0 ? '\u00a0' : sp))
    .replace(/"/g, '\u201d')
    .replace(/ - /g, ' \u2014 ')
    .replace(/\. /g, (dot, i: number) => (i % 3 === 0 ? '\u2026 ' : dot));
}

/** Pieces of about `size` characters cut on space boundaries, as a chat client sends them. */
export function messages(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; ) {
    let j = Math.min(text.length, i + size);
    const sp = text.lastIndexOf(' ', j);
    if (j < text.length && sp > i) j = sp;
    out.push(text.slice(i, j));
    i = j;
  }
  return out;
}

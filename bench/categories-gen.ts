// Generated sets for the categories beyond CPF, CNPJ, e-mail and telephone: each value
// written the way people write it (with the words around it), the disguises of the
// numeric ones (digits spelled apart, a line break inside, digits as words), and decoys
// that must stay: prices, quantities, event dates, versions, order and process numbers,
// laws, doses, temperatures, product codes, and valid-looking values under another label.
import type { Category } from '../src/privacy/types.js';
import * as g from './documents-gen.js';
import { pick, type Rng, type Sample } from './privacy-gen.js';

const { int, digits } = g;

export interface CategoryClass {
  name: string;
  category: Category;
  sample: (r: Rng) => Sample & { key: string };
}

/** `lead` + value + `tail`, the value's span as gold. */
function around(lead: string, value: string, tail: string, category: Category, key: string) {
  return {
    text: lead + value + tail,
    key,
    gold: [{ category, start: lead.length, end: lead.length + value.length }],
  };
}

const WORDS = ['zero', 'um', 'dois', 'três', 'quatro', 'cinco', 'seis', 'sete', 'oito', 'nove'];
const SEP_WORD: Record<string, string> = { '.': 'ponto', '-': 'traço', '/': 'barra' };

/** The disguises every numeric category is tested in. */
const DISGUISES = {
  'spelled apart': (v: string) => v.replace(/[0-9](?=[0-9])/g, '$& ').replace(/ ?([.\-/]) ?/g, ' $1 '),
  'digits apart': (v: string) =>
    v
      .replace(/[^0-9]/g, '')
      .split('')
      .join(' '),
  'as words': (v: string) =>
    v
      .replace(/ /g, '')
      .split('')
      .map((c) => (c >= '0' && c <= '9' ? WORDS[Number(c)] : (SEP_WORD[c] ?? '')))
      .filter(Boolean)
      .join(' '),
} as const;

/** A class per form, plus one per disguise in `disguised` (given the value's masked form). */
function numeric(
  category: Category,
  leads: readonly string[],
  tails: readonly string[],
  value: (r: Rng) => { plain: string; masked: string; key: string; broken?: string },
  forms: Record<string, (v: { plain: string; masked: string }) => string>,
  context = true,
): CategoryClass[] {
  const out: CategoryClass[] = [];
  for (const [form, f] of Object.entries(forms)) {
    out.push({
      name: `${category} ${form}`,
      category,
      sample: (r) => {
        const v = value(r);
        return around(
          context || !form.includes('no word') ? pick(r, leads) : '',
          f(v),
          pick(r, tails),
          category,
          v.key,
        );
      },
    });
  }
  for (const [name, d] of Object.entries(DISGUISES)) {
    out.push({
      name: `${category} ${name}`,
      category,
      sample: (r) => {
        const v = value(r);
        return around(
          pick(r, leads),
          d(name === 'digits apart' ? v.plain : v.masked),
          pick(r, tails),
          category,
          v.key,
        );
      },
    });
  }
  out.push({
    name: `${category} line break`,
    category,
    sample: (r) => {
      let v = value(r);
      while (v.broken === undefined) v = value(r);
      return around(pick(r, leads), v.broken, pick(r, tails), category, v.key);
    },
  });
  return out;
}

const rgValue = (r: Rng) => {
  let v = g.rgSp(r);
  while (v.endsWith('X')) v = g.rgSp(r);
  const masked = `${v.slice(0, 2)}.${v.slice(2, 5)}.${v.slice(5, 8)}-${v[8]}`;
  return { plain: v, masked, key: v, broken: masked.replace('.' + v.slice(5, 8), '.\n' + v.slice(5, 8)) };
};

const cardValue = (r: Rng) => {
  const { number } = g.card(r);
  const masked = g.fmtCard(r, number, ' ');
  const groups = masked.split(' ');
  const broken = groups.length === 4 ? `${groups[0]} ${groups[1]}\n${groups[2]} ${groups[3]}` : undefined;
  return { plain: number, masked, key: number, broken };
};

export const CATEGORY_CLASSES: CategoryClass[] = [
  ...numeric(
    'rg',
    ['RG: ', 'RG nº ', 'RG ', 'identidade ', 'carteira de identidade nº ', 'Documento: RG ', 'meu RG é '],
    ['', ' SSP/SP', ' (SSP-SP)', ', emitido pela SSP/SP', '.'],
    rgValue,
    {
      masked: (v) => v.masked,
      'masked, no word': (v) => v.masked,
      'dash only': (v) => `${v.plain.slice(0, 8)}-${v.plain[8]}`,
      bare: (v) => v.plain,
    },
    false,
  ),
  {
    name: 'rg with X check',
    category: 'rg',
    sample: (r) => {
      let v = g.rgSp(r);
      while (!v.endsWith('X')) v = g.rgSp(r);
      return around(
        pick(r, ['RG ', '', 'identidade ']),
        `${v.slice(0, 2)}.${v.slice(2, 5)}.${v.slice(5, 8)}-X`,
        '',
        'rg',
        v,
      );
    },
  },
  {
    name: 'rg other states',
    category: 'rg',
    sample: (r) => {
      const uf = pick(
        r,
        g.UF.filter((u) => u !== 'SP'),
      );
      const d = digits(r, int(r, 7, 9));
      const dotted = d.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
      const [value, lead, tail] = pick(r, [
        [dotted, pick(r, ['RG ', 'RG: ', 'identidade ', 'RG nº ']), ` SSP/${uf}`],
        [`${uf}-${dotted}`, pick(r, ['RG ', 'identidade ']), ''],
        [
          d,
          pick(r, ['RG ', 'carteira de identidade ']),
          pick(r, [` SSP/${uf}`, ` (órgão emissor SESP/${uf})`, '']),
        ],
      ] as const);
      const start = value.startsWith(uf) ? 3 : 0;
      return {
        text: lead + value + tail,
        key: d,
        gold: [{ category: 'rg', start: lead.length + start, end: lead.length + value.length }],
      };
    },
  },
  ...numeric(
    'cnh',
    [
      'CNH ',
      'CNH nº ',
      'CNH: ',
      'número da CNH ',
      'carteira de motorista ',
      'habilitação nº ',
      'registro da CNH: ',
    ],
    ['', ' válida até 2030', '.', ', categoria B'],
    (r) => {
      const v = g.cnh(r);
      return { plain: v, masked: v, key: v, broken: `${v.slice(0, 9)}-\n${v.slice(9)}` };
    },
    {
      bare: (v) => v.plain,
      'check digits after a dash': (v) => `${v.plain.slice(0, 9)}-${v.plain.slice(9)}`,
    },
  ),
  ...numeric(
    'pis',
    ['PIS ', 'PIS/PASEP: ', 'NIS ', 'NIT nº ', 'número do PIS: ', 'PIS nº ', 'meu NIS é '],
    ['', '.', ' (Caixa)'],
    (r) => {
      const v = g.pis(r);
      const masked = `${v.slice(0, 3)}.${v.slice(3, 8)}.${v.slice(8, 10)}-${v[10]}`;
      return { plain: v, masked, key: v, broken: masked.replace(/-/, '-\n') };
    },
    { masked: (v) => v.masked, 'masked, no word': (v) => v.masked, bare: (v) => v.plain },
    false,
  ),
  ...numeric(
    'titulo_eleitor',
    [
      'título de eleitor ',
      'título eleitoral nº ',
      'Título de eleitor: ',
      'inscrição eleitoral ',
      'meu título é ',
    ],
    ['', ', zona 123, seção 0456', '.'],
    (r) => {
      const v = g.titulo(r);
      const masked = `${v.slice(0, 4)} ${v.slice(4, 8)} ${v.slice(8)}`;
      return { plain: v, masked, key: v, broken: `${v.slice(0, 4)} ${v.slice(4, 8)}\n${v.slice(8)}` };
    },
    { grouped: (v) => v.masked, bare: (v) => v.plain },
  ),
  ...numeric(
    'cns',
    ['cartão do SUS ', 'CNS ', 'cartão SUS nº ', 'Cartão Nacional de Saúde: ', 'carteirinha do SUS '],
    ['', '.', ' (SUS)'],
    (r) => {
      const v = g.cns(r);
      const masked = `${v.slice(0, 3)} ${v.slice(3, 7)} ${v.slice(7, 11)} ${v.slice(11)}`;
      return {
        plain: v,
        masked,
        key: v,
        broken: `${v.slice(0, 3)} ${v.slice(3, 7)}\n${v.slice(7, 11)} ${v.slice(11)}`,
      };
    },
    { grouped: (v) => v.masked, 'grouped, no word': (v) => v.masked, bare: (v) => v.plain },
    false,
  ),
  ...numeric(
    'renavam',
    ['RENAVAM ', 'Renavam: ', 'código RENAVAM ', 'RENAVAM nº ', 'o renavam do carro é '],
    ['', '.', ', do carro da empresa'],
    (r) => {
      const v = g.renavam(r);
      return { plain: v, masked: v, key: v, broken: `${v.slice(0, 10)}-\n${v[10]}` };
    },
    { bare: (v) => v.plain, 'check digit after a dash': (v) => `${v.plain.slice(0, 10)}-${v.plain[10]}` },
  ),
  {
    name: 'passaporte',
    category: 'passaporte',
    sample: (r) => {
      const l = g.letters(r, 2);
      const d = digits(r, 6);
      const value = pick(r, [`${l}${d}`, `${l}${d}`, `${l} ${d}`]);
      const lead = pick(r, [
        'passaporte ',
        'passaporte nº ',
        'número do passaporte: ',
        'Passaporte: ',
        'passport ',
      ]);
      return around(lead, value, pick(r, ['', ', validade 2031', '.']), 'passaporte', l + d);
    },
  },
  ...numeric(
    'cartao',
    [
      'cartão ',
      'cartão de crédito ',
      'número do cartão: ',
      'paguei com o cartão ',
      'cartão Visa ',
      'cartão de débito nº ',
    ],
    ['', ', validade 08/29', '.', ' cvv 123'],
    cardValue,
    {
      grouped: (v) => v.masked,
      'grouped, no word': (v) => v.masked,
      'grouped with dashes': (v) => v.masked.replace(/ /g, '-'),
      bare: (v) => v.plain,
    },
    false,
  ),
];

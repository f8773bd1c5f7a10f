// Generated sets for the categories that are not numbered documents: bank details,
// random Pix keys, plates, street addresses, dates of birth and IP addresses, written
// the way people write them (see categories-gen.ts for the documents and cards).
import type { Category } from '../src/privacy/types.js';
import type { CategoryClass } from './categories-gen.js';
import * as g from './documents-gen.js';
import { pick, type Rng } from './privacy-gen.js';

const { int, digits } = g;

function one(
  name: string,
  category: Category,
  leads: readonly string[],
  tails: readonly string[],
  value: (r: Rng) => { value: string; key: string },
): CategoryClass {
  return {
    name,
    category,
    sample: (r) => {
      const v = value(r);
      const lead = pick(r, leads);
      return {
        text: lead + v.value + pick(r, tails),
        key: v.key,
        gold: [{ category, start: lead.length, end: lead.length + v.value.length }],
      };
    },
  };
}

const branch = (r: Rng) => {
  const d = digits(r, 4);
  return r() < 0.3 ? { value: `${d}-${digits(r, 1)}`, key: '' } : { value: d, key: d };
};
const account = (r: Rng) => {
  const d = digits(r, int(r, 5, 8));
  const dv = r() < 0.1 ? 'X' : digits(r, 1);
  return { value: `${d}-${dv}`, key: d + dv };
};

/** Branch and account in one sentence: two gold spans. */
const bank: CategoryClass = {
  name: 'conta_bancaria agência e conta',
  category: 'conta_bancaria',
  sample: (r) => {
    const ag = branch(r);
    const cc = account(r);
    const [a, b, c] = pick(r, [
      ['agência ', ', conta corrente ', ''],
      ['ag ', ' c/c ', ''],
      ['Agência: ', ' Conta: ', ''],
      ['banco 341, agência ', ', conta ', '.'],
      ['ag. ', ' cc ', ' (Itaú)'],
      ['Agência ', ' Conta poupança nº ', ''],
    ] as const);
    const text = a + ag.value + b + cc.value + c;
    const s1 = a.length;
    const s2 = s1 + ag.value.length + b.length;
    return {
      text,
      key: cc.key,
      gold: [
        { category: 'conta_bancaria', start: s1, end: s1 + ag.value.length },
        { category: 'conta_bancaria', start: s2, end: s2 + cc.value.length },
      ],
    };
  },
};

const WORDS = ['zero', 'um', 'dois', 'três', 'quatro', 'cinco', 'seis', 'sete', 'oito', 'nove'];
const accountLeads = ['conta corrente ', 'conta: ', 'c/c ', 'conta poupança nº ', 'minha conta é a '];

export const DETAIL_CLASSES: CategoryClass[] = [
  bank,
  one('conta_bancaria account spelled apart', 'conta_bancaria', accountLeads, ['', ' no Itaú'], (r) => {
    const d = digits(r, 6);
    const dv = digits(r, 1);
    return { value: `${d.split('').join(' ')} - ${dv}`, key: d + dv };
  }),
  one('conta_bancaria account line break', 'conta_bancaria', accountLeads, ['', '.'], (r) => {
    const d = digits(r, 6);
    const dv = digits(r, 1);
    return { value: `${d}-\n${dv}`, key: d + dv };
  }),
  one('conta_bancaria account as words', 'conta_bancaria', accountLeads, ['', '.'], (r) => {
    const d = digits(r, 6);
    const dv = digits(r, 1);
    return {
      value: `${[...d].map((x) => WORDS[Number(x)]).join(' ')} traço ${WORDS[Number(dv)]}`,
      key: d + dv,
    };
  }),
  one(
    'chave_pix random key',
    'chave_pix',
    [
      'chave pix ',
      'minha chave Pix é ',
      'chave aleatória: ',
      'Pix (chave aleatória) ',
      'pix: ',
      'manda um pix pra chave ',
    ],
    ['', '.', ' obrigado'],
    (r) => {
      const u = g.uuid(r);
      return { value: r() < 0.15 ? u.toUpperCase() : u, key: u };
    },
  ),
  one(
    'placa',
    'placa',
    ['placa ', 'placa do carro ', 'veículo placa ', 'carro de placa ', 'a moto placa ', 'Placa: '],
    ['', '.', ', cor prata'],
    (r) => g.plate(r),
  ),
  one(
    'endereco',
    'endereco',
    ['moro na ', 'endereço: ', 'residente na ', 'entregar na ', '', 'Endereço de entrega: '],
    ['', '.', ' - Centro, São Paulo/SP', '\n'],
    (r) => {
      const v = g.address(r);
      return { value: v, key: '' };
    },
  ),
  one(
    'data_nascimento',
    'data_nascimento',
    [
      'nascido em ',
      'nascida em ',
      'data de nascimento: ',
      'DN: ',
      'nasc. ',
      'Data de nascimento ',
      'nasceu em ',
      'Dt. nasc.: ',
    ],
    ['', '.', ', em Recife'],
    (r) => g.birthDate(r),
  ),
  one(
    'ip v4',
    'ip',
    [
      'acessou do IP ',
      'IP: ',
      'endereço IP ',
      'login a partir do IP ',
      'conectou de ',
      'acesso pelo IP ',
      'IP de origem ',
    ],
    ['', '.', ' às 14h'],
    (r) => {
      const v = g.publicIpv4(r);
      return { value: v, key: v };
    },
  ),
  one(
    'ip v6',
    'ip',
    ['acessou do IP ', 'IPv6: ', 'endereço IP ', 'conectou de '],
    ['', '.', ' às 14h'],
    (r) => {
      const v = g.ipv6(r);
      return { value: v, key: v };
    },
  ),
];

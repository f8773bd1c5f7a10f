// A generated set of the name layouts that business text holds beside the business set
// (business-gen.ts): chat messages that greet someone by a nickname, lists of nicknames
// and of names, a surname alone in a contrast ("é o Seixas, não o Amorim") — and decoys
// that must stay: chat words ("td bem", "moro", "vlw") and surnames that are ordinary
// nouns in prose ("a mangueira do quintal"). Every casing. Names, nicknames, templates
// and seeds are this file's own; tools/names/business-train.ts leaves them out of
// training. Two splits from different seeds: `dev` (readable) and `sealed` (figures
// only; it has templates `dev` never has).
import { pick, type Rng, rng } from './privacy-gen.js';

export interface NameItem {
  parts: [number, number][];
}

export interface NamesDoc {
  layout: string;
  casing: Casing;
  text: string;
  /** Names: each must be masked whole. */
  items: NameItem[];
  /** Spans that must stay untouched. */
  decoys: [number, number][];
}

export type Casing = 'as typed' | 'lower' | 'upper' | 'lower, no accents';

class Builder {
  text = '';
  items: NameItem[] = [];
  decoys: [number, number][] = [];
  t(s: string): this {
    this.text += s;
    return this;
  }
  n(s: string): this {
    this.items.push({ parts: [[this.text.length, this.text.length + s.length]] });
    this.text += s;
    return this;
  }
  d(s: string): this {
    this.decoys.push([this.text.length, this.text.length + s.length]);
    this.text += s;
    return this;
  }
}

/** Nicknames of this set (tools/names/business-train.ts holds them out of training). */
export const BENCH_NICKNAMES = [
  'Zizi',
  'Nenel',
  'Bubu',
  'Dinda',
  'Fabão',
  'Tetê',
  'Lucca',
  'Jaque',
  'Ritinha',
  'Mô',
];
/** First names and surnames of this set (also held out of training). */
export const BENCH_FIRST = [
  'Hortência',
  'Valdemar',
  'Iolanda',
  'Anselmo',
  'Quitéria',
  'Reinaldo',
  'Josiane',
  'Gumercindo',
];
export const BENCH_SURNAMES = [
  'Seixas',
  'Amorim',
  'Bittencourt',
  'Lacerda',
  'Prates',
  'Valadares',
  'Furtado',
  'Godinho',
];
/** Surnames that are nouns here: the trees and animals of ordinary sentences. */
const NOUNS: [string, string][] = [
  ['moreira', 'a'],
  ['palmeira', 'a'],
  ['mangueira', 'a'],
  ['aroeira', 'a'],
  ['parreira', 'a'],
  ['leão', 'o'],
  ['salgueiro', 'o'],
  ['raposa', 'a'],
];

const full = (r: Rng) => `${pick(r, BENCH_FIRST)} ${pick(r, BENCH_SURNAMES)}`;

type Template = (b: Builder, r: Rng) => void;

const greeting: Template = (b, r) => {
  b.t(pick(r, ['oi ', 'bom dia ', 'opa ', 'boa noite ']))
    .n(pick(r, BENCH_NICKNAMES))
    .t(pick(r, [' td bem? ', ', tudo certo? ', '! ']));
  b.t(pick(r, ['a entrega ja saiu?', 'consegue ver o boleto hj?', 'o orçamento ficou pronto']));
};

const nicknameList: Template = (b, r) => {
  b.t(pick(r, ['Quem vem no churrasco: ', 'Revezamento da semana\n', 'Responsáveis: ']));
  const n = 3 + Math.floor(r() * 2);
  const numbered = r() < 0.5;
  for (let i = 0; i < n; i++) {
    b.t(numbered ? `${i + 1}. ` : i === 0 ? '' : ' / ').n(pick(r, BENCH_NICKNAMES));
    if (numbered && i + 1 < n) b.t(' ');
  }
};

const contrast: Template = (b, r) => {
  const [x, y] = [pick(r, BENCH_SURNAMES), pick(r, BENCH_SURNAMES)];
  if (r() < 0.5) b.t('Quem assina é o ').n(x).t(', não o ').n(y).t('.');
  else b.t('Pode tratar com a ').n(x).t('; o ').n(y).t(' já saiu da empresa.');
};

const chatWords: Template = (b, r) => {
  b.t(pick(r, ['oi ', 'eai ', 'opa ']))
    .d(pick(r, ['td bem', 'blz', 'tudo certo']))
    .t('? ')
    .d(pick(r, ['moro', 'tô', 'fico']))
    .t(pick(r, [' perto da loja, ', ' no bairro, ']))
    .t('passo ai ')
    .d(pick(r, ['amn', 'hj', 'sabado']))
    .t(' ')
    .d(pick(r, ['vlw', 'obg', 'tmj']));
};

const nounProse: Template = (b, r) => {
  const [noun, art] = pick(r, NOUNS);
  b.t(`${art.charAt(0).toUpperCase()}${art.slice(1)} `)
    .d(noun)
    .t(
      pick(r, [
        ' da praça floriu cedo este ano.',
        ' do parque apareceu na reportagem.',
        ' ficou no terreno dos fundos.',
      ]),
    );
};

// ---- held back from dev
const nameList: Template = (b, r) => {
  b.t('Participantes:\n');
  for (let i = 0; i < 3; i++) b.t('• ').n(full(r)).t('\n');
  b.t('Sala 4, às 15h.');
};

const contrastLower: Template = (b, r) => {
  b.t('nao foi a ').n(pick(r, BENCH_SURNAMES)).t(' que aprovou, foi o ').n(pick(r, BENCH_SURNAMES));
};

const DEV: Record<string, Template> = {
  'chat greeting': greeting,
  'nickname list': nicknameList,
  contrast,
  'chat words (decoys)': chatWords,
  'surname nouns (decoys)': nounProse,
};
const HELD_BACK: Record<string, Template> = { 'name list': nameList, 'contrast, chat': contrastLower };

const CASINGS: Casing[] = ['as typed', 'lower', 'upper', 'lower, no accents'];

function recased(text: string, casing: Casing): string {
  if (casing === 'as typed') return text;
  if (casing === 'upper')
    return Array.from(text, (c) => (c.toUpperCase().length === 1 ? c.toUpperCase() : c)).join('');
  const low = Array.from(text, (c) => (c.toLowerCase().length === 1 ? c.toLowerCase() : c));
  if (casing === 'lower') return low.join('');
  return low.map((c) => c.normalize('NFD')[0]!).join('');
}

export type Split = 'dev' | 'sealed';

/** `perLayout` documents per layout and casing. */
export function namesSet(split: Split, perLayout: number): NamesDoc[] {
  const r = rng(split === 'dev' ? 41_0007 : 41_7789);
  const templates = split === 'dev' ? DEV : { ...DEV, ...HELD_BACK };
  const out: NamesDoc[] = [];
  for (const [layout, make] of Object.entries(templates)) {
    for (const casing of CASINGS) {
      for (let i = 0; i < perLayout; i++) {
        const b = new Builder();
        make(b, r);
        out.push({ layout, casing, text: recased(b.text, casing), items: b.items, decoys: b.decoys });
      }
    }
  }
  return out;
}

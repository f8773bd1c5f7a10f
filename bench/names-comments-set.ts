// Generated informal comments about public life, for the "informal" dev genre: lower
// case, no accents, little punctuation, nicknames and acronyms of public figures,
// surnames alone, names in lists. Its templates, nicknames (none shared with the training
// generator in tools/names/prose-train.ts), surnames (the held-out list of the first chat
// set, in no gazetteer) and seed are its own. Dev only: never used for training.
import { type Doc, frequentFirstNames } from '../tools/names/data.js';
import { Rng, Weighted } from '../tools/names/rng.js';
import { chatCase, fillSlots, type Slot } from '../tools/names/template.js';
import { HELDOUT_SURNAMES } from './names-chat-set.js';

export const COMMENTS_SEED = 8080;
export const COMMENTS_SIZE = 1000;

const NICKNAMES = [
  'fhc',
  'jk',
  'acm',
  'alckmin',
  'haddad',
  'marina',
  'aecio',
  'doria',
  'moro',
  'boulos',
  'tiririca',
  'garotinho',
  'lira',
  'mourao',
  'kassab',
  'janones',
];

const TEMPLATES = [
  'kkkk o {nick} achando que engana alguem',
  'esse {nick} so fala besteira',
  'saudade do {nick} viu',
  'na epoca do {nick} a gente vivia melhor',
  '{nick} nunca mais',
  'quem votou no {nick} ta arrependido',
  'o deputado {surname} prometeu e nao cumpriu',
  'a vereadora {surname} sumiu depois da eleicao',
  'ja mandei email pro {surname} e nada',
  'meu voto e do {full}',
  'a dona {first} do meu bairro esta sem remedio',
  'falei com o {first} do posto e ele confirmou',
  'apoio o projeto do senador {full}',
  '{full} {full} e {full} assinaram juntos',
  'o {nick} o {nick} e o {nick} tudo igual',
  'governo {nick} foi o pior de todos',
  'parabens pela iniciativa {first}',
  'obrigado {first} pelo apoio a nossa causa',
  // No names.
  'esse projeto e um absurdo',
  'a prefeitura nao faz nada pelo bairro',
  'quero saber quando vai ser votado',
  'sou contra essa lei',
  'o onibus aumentou de novo aqui em campinas',
  'a saude publica esta abandonada',
  'os politicos so aparecem em ano de eleicao',
  'concordo plenamente com a proposta',
  'o imposto ja passa de mil reais por mes',
  'moro no interior de minas e aqui falta medico',
  'alguem sabe se o psol votou a favor',
  'a reforma vai prejudicar os aposentados',
];

export function commentDocs(): Doc[] {
  const rng = new Rng(COMMENTS_SEED);
  const first = frequentFirstNames(500);
  const firstW = new Weighted(
    first.names,
    first.weights.map((w) => Math.sqrt(w)),
  );
  const pick = (list: readonly string[]) => list[rng.int(list.length)]!;
  const gold = (draw: () => string): Slot => ({ gold: true, draw });
  const slots: Record<string, Slot> = {
    nick: gold(() => pick(NICKNAMES)),
    surname: gold(() => pick(HELDOUT_SURNAMES)),
    first: gold(() => firstW.draw(rng)),
    full: gold(() => `${firstW.draw(rng)} ${pick(HELDOUT_SURNAMES)}`),
  };
  const docs: Doc[] = [];
  for (let i = 0; i < COMMENTS_SIZE; i++) {
    const d = fillSlots(rng, pick(TEMPLATES), slots);
    docs.push({ text: chatCase(d.text), spans: d.spans });
  }
  return docs;
}

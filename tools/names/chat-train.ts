// Chat-style TRAINING sentences. These templates, lists and the seed are deliberately
// different from the evaluation set in bench/names-chat-set.ts, which training never
// imports: the chat score measures templates and surnames the model has not seen.
import type { Doc } from './data.js';
import { frequentFirstNames } from './data.js';
import { BRANDS, COMMON_SURNAMES, PARTICLES, PLACES } from './lexicon.js';
import { Rng, Weighted } from './rng.js';
import { chatCase, fillTemplate, makeName, type NamePools } from './template.js';

export const TRAIN_CHAT_SEED = 20240611;

const TEMPLATES = [
  'oi, aqui e {name}, tudo bem?',
  'me chamo {full} e queria saber do meu pedido',
  'por favor falar com {name} no setor financeiro',
  'o {first} disse que vem {weekday}',
  'a {first} mandou o documento ontem',
  'pode transferir para {full}?',
  'quem assina e {full}, socio da empresa',
  'manda um abraco pra {first}',
  'liguei pro {name} mas ninguem atendeu',
  'a reuniao com {name} ficou para {month}',
  'eu e a {first} vamos viajar pra {city}',
  'o cliente {full} reclamou da entrega',
  'recebi o email do {name} hoje cedo',
  'segue o contato: {full}',
  'encaminhei para a dra {name}',
  'o sr {full} ligou duas vezes',
  '{first}, voce viu a mensagem?',
  '{first} pode me ligar?',
  'bom dia {first}!',
  'obrigado {first}, ate mais',
  'o contrato do {name} vence em {month}',
  'a conta esta no nome de {full}',
  'nome completo: {full}',
  'responsavel: {full}',
  'falei com {first} e com {first} sobre o projeto',
  'minha mae {full} nasceu em {city}',
  'o paciente {full} tem retorno dia 12',
  'cadastro feito por {name}',
  '{full} solicitou o cancelamento',
  'att, {full}',
  // No names: distractors only.
  'vou para {city} em {month}',
  'a loja da {brand} fechou mais cedo',
  'comprei uma blusa {color} na {brand}',
  'o voo para {city} atrasou de novo',
  'chega {weekday} de manha',
  'o pagamento cai todo dia 5 de {month}',
  'moro na rua {street} perto do centro',
  'a festa de {saint} foi otima',
  'paguei a conta de luz e a de agua',
  'bom dia, tudo certo por ai?',
  'a entrega para {city} leva tres dias',
  'o pedido saiu da {brand} ontem',
  'a {color} e a cor preferida dela',
  'gracas a deus chegou tudo',
  'vitoria do time ontem, que jogo',
  'tem festa no {saint} esse ano?',
  'o onibus para {city} sai as 8',
  'a {brand} liberou o cupom hoje',
  // Names followed by ordinary words: a name ends where the sentence goes on.
  '{name} {verb} ontem a noite',
  'a {name} {verb} que vem {weekday}',
  'o {name} {verb} tudo certo',
  'se o {name} {verb} me avisa',
  'eu acho que a {name} {verb} hoje',
  'quando {name} {verb} a gente conversa',
  'meu {relative} {name} {verb} semana passada',
  'minha {relative} {name} mora em {city}',
  'o {relative} da {first} {verb} aqui',
  'a {name} {adverb} vai resolver',
  'com a {name} {adverb} fica mais facil',
  'o {name} e a {name} {verb} juntos',
  '{first} e {first} vem {weekday}',
  'diga a {name} que {verb}',
  'ela se chama {full}',
  'o nome dele e {name}',
  'sou o {full}, tudo bom?',
  'assinatura: {full}',
  'de: {full} para: {full}',
  'favor contatar {full} ou {full}',
  'obrigada pelo retorno, {first}',
  'ok {first}, combinado',
  'oi {first}! {verb} ?',
  'a {name} de {city} {verb}',
  // A name next to a place: "de <city>" is where the person is from, not a surname.
  'o {first} de {place} {verb}',
  'a {first} de {place} {verb} ontem',
  '{name}, de {place}, {verb}',
  'o {first} da {dept} {verb}',
  'fala com a {first} da {dept}',
  'sou a {first}, da {dept}',
  // Who someone is by where they work or live: "o João do financeiro", "a dona Maria da
  // portaria". The name ends before "do"/"da" + an ordinary word ("Maria do Carmo" goes on).
  'o {first} do {deptm} {verb}',
  'o {full} do {deptm} {verb}',
  'a {first} do {deptm} {verb} ontem',
  'chama o {name} do {deptm}',
  'pergunta pra {full} do {deptm}',
  'a dona {first} da {dept} {verb}',
  'o seu {first} do {deptm} {verb}',
  '{name} do {deptm} {verb} que {verb}',
  'manda para a {first} da {dept} e para o {full} do {deptm}',
  'a {first} do {deptup} {verb}',
  'fala com o {name} do {deptup}',
  // ...and what belongs to someone: "o carro do João", not a name "carro do João".
  'o {thing} do {first} {verb}',
  'o {thing} da {name} {verb} de novo',
  'cade o {thing} do {full}?',
  'sou o {first} e {verb} aqui',
  'aqui e a {first} de novo',
  'a {first} e o {first} {verb}',
  'falei com o {first} e a {first} ontem',
  // Streets, schools, shops and places named after people: not a person mention.
  'moro na {head} {honoree}',
  'fica na {head} {honoree}, perto de {place}',
  'a {head} {honoree} fecha cedo',
  'estudei na {head} {honoree} em {place}',
  'o onibus passa pela {head} {honoree}',
  'comprei na {brand2}',
  'a {brand2} de {place} abre {weekday}?',
  'meu pedido da {brand2} atrasou',
  'vou de {place} para {place} {weekday}',
  'nasci em {place} mas moro em {place}',
  'o tempo em {place} ta otimo',
];

const FILL: Record<string, readonly string[]> = {
  city: [
    'recife',
    'salvador',
    'curitiba',
    'porto alegre',
    'manaus',
    'belem',
    'goiania',
    'campinas',
    'natal',
    'joao pessoa',
    'sao luis',
    'maceio',
    'teresina',
    'santos',
    'sao jose dos campos',
    'santa maria',
  ],
  month: ['janeiro', 'fevereiro', 'marco', 'abril', 'maio', 'junho', 'julho', 'agosto'],
  weekday: ['segunda', 'terca', 'quarta', 'quinta', 'sexta', 'sabado', 'domingo'],
  brand: ['renner', 'natura', 'americanas', 'riachuelo', 'boticario', 'havaianas', 'casas bahia'],
  color: ['rosa', 'azul', 'verde', 'preta', 'branca', 'amarela'],
  street: ['das flores', 'sete de setembro', 'tiradentes', 'dom pedro ii', 'santa clara'],
  saint: ['sao joao', 'santo antonio', 'sao pedro'],
  verb: [
    'ligou',
    'mandou',
    'disse',
    'falou',
    'pediu',
    'chegou',
    'saiu',
    'vai',
    'vem',
    'pagou',
    'viu',
    'ficou',
    'respondeu',
    'confirmou',
    'esqueceu',
    'trouxe',
    'sabe',
    'quer',
    'precisa',
    'acha',
    'pode',
    'comprou',
    'voltou',
    'trabalha',
    'mora',
    'estuda',
    'resolveu',
    'avisou',
    'perguntou',
    'reclamou',
    'chamou',
    'levou',
  ],
  adverb: ['amanha', 'hoje', 'depois', 'logo', 'agora', 'sempre', 'talvez', 'ainda', 'tambem', 'ja'],
  relative: ['irmao', 'primo', 'tio', 'filho', 'pai', 'avo', 'vizinho', 'amigo', 'chefe', 'colega'],
  dept: [
    'recepcao',
    'contabilidade',
    'cozinha',
    'limpeza',
    'secretaria',
    'igreja',
    'farmacia',
    'academia',
    'portaria',
    'padaria',
    'banca',
    'escola',
    'loja',
    'esquina',
    'tesouraria',
    'ouvidoria',
    'cobranca',
    'logistica',
    'diretoria',
    'obra',
  ],
  deptup: ['RH', 'TI', 'SAC', 'DP', 'CPD', 'RH', 'TI'],
  thing: [
    'carro',
    'celular',
    'notebook',
    'portao',
    'aniversario',
    'cachorro',
    'computador',
    'quarto',
    'pedido',
    'boleto',
  ],
  deptm: [
    'rh',
    'financeiro',
    'comercial',
    'suporte',
    'juridico',
    'marketing',
    'predio',
    'condominio',
    'mercado',
    'bar',
    'acougue',
    'escritorio',
    'banco',
    'almoxarifado',
    'atendimento',
    'caixa',
    'estoque',
    'sindicato',
    'plantao',
    '302',
    'bloco b',
    'terceiro andar',
    'apartamento 41',
  ],
  head: ['rua', 'avenida', 'praca', 'escola', 'colegio', 'travessa', 'alameda', 'rodovia', 'loja', 'clinica'],
  // Half of the public place and brand lists (the gazetteer flags all of them), so that
  // the model learns the place flag rather than the words themselves.
  place: PLACES.filter((_, i) => i % 2 === 0),
  brand2: BRANDS.filter((_, i) => i % 2 === 0),
};

/** Titles of people honoured in street and school names. */
const HONOREE_TITLES = [
  '',
  '',
  '',
  'presidente',
  'marechal',
  'dom',
  'padre',
  'governador',
  'doutor',
  'professor',
  'general',
  'princesa',
];

/**
 * `otherSurnames` (surnames learned from LeNER-Br train) fill 30% of the full names; the
 * trainer extracts these sentences with a gazetteer that does not list them, so the
 * model also learns names whose surname it does not know.
 */
/** Lead-ins and continuations combined freely around a name, for variety of context. */
const BEFORE = [
  '',
  'oi',
  'ola',
  'entao',
  'falei com o',
  'falei com a',
  'manda pra',
  'liga pro',
  'avisa a',
  'avisa o',
  'quem pagou foi a',
  'quem veio foi o',
  'eu e a',
  'eu e o',
  'o',
  'a',
  'ate mais',
  'obrigado',
  'parabens',
  'tenho que ligar pro',
  'lembra da',
  'lembra do',
  'vi a',
  'vi o',
  'conversei com',
  'segundo o',
  'segundo a',
  'junto com',
  'contato:',
  'cliente:',
  'de',
  'para',
  'por favor',
  'pergunta pra',
  'a mae da',
  'o pai do',
  'o carro do',
  'a casa da',
  'hoje o',
  'ontem a',
  'amanha o',
];
const AFTER = [
  '',
  'ligou',
  'vai chegar tarde',
  'mandou o comprovante',
  'e muito gente boa',
  ', tudo bem?',
  'esta de ferias',
  'disse que nao vem',
  'pagou ontem',
  'ta aqui',
  '?',
  '!',
  '.',
  'pode confirmar?',
  'fica com a chave',
  'resolveu o problema',
  'vai trazer o bolo',
  'me respondeu',
  'chegou agora',
  'precisa assinar',
  'nao atende',
  'quer falar com voce',
  'tambem vai',
  'e eu',
  'mora longe',
  'sabe disso',
  'trabalha la',
  'ficou de ver',
  'esqueceu a senha',
  'pediu desconto',
  'no sabado',
  'hoje cedo',
  'de manha',
];

export function trainChatDocs(
  count: number,
  otherSurnames: readonly string[],
  seed = TRAIN_CHAT_SEED,
): Doc[] {
  const rng = new Rng(seed);
  const { names, weights } = frequentFirstNames(100);
  const pools: NamePools = {
    first: new Weighted(names, weights),
    surnames: COMMON_SURNAMES,
    particles: PARTICLES.slice(0, 5),
  };
  const unknown: NamePools = {
    ...pools,
    surnames: otherSurnames.length > 0 ? otherSurnames : COMMON_SURNAMES,
  };
  // Rare first names, drawn uniformly: rare names alone must be found from context.
  const rare = frequentFirstNames(100).names;
  const rarePools: NamePools = {
    ...unknown,
    first: new Weighted(
      rare,
      rare.map(() => 1),
    ),
  };
  const honoree: string[] = [];
  for (let i = 0; i < 400; i++) {
    const title = rng.pick(HONOREE_TITLES);
    const name = makeName(rng, rng.chance(0.5) ? pools : unknown, 'full');
    honoree.push(title === '' ? name : `${title} ${name}`);
  }
  // Places whose words are all unambiguous: no surname the generator uses and no first
  // name of 1,000+ births ("aparecida de goiania", "sao jose" would teach that these
  // names are not names).
  const personWords = new Set([...COMMON_SURNAMES, ...otherSurnames, ...frequentFirstNames(1000).names]);
  const place = FILL.place!.filter((p) => p.split(' ').every((w) => !personWords.has(w)));
  const fill: Record<string, readonly string[]> = { ...FILL, honoree, place };
  const docs: Doc[] = [];
  for (let i = 0; i < count; i++) {
    const r0 = rng.next();
    const namePools = r0 < 0.15 ? rarePools : r0 < 0.405 ? unknown : pools;
    const template = rng.chance(0.5)
      ? rng.pick(TEMPLATES)
      : `${rng.pick(BEFORE)} {${rng.pick(['first', 'name', 'full'])}} ${rng.pick(AFTER)}`.trim();
    const doc = fillTemplate(rng, template, namePools, fill);
    // Mostly chat case; sometimes people do capitalise names, and then often the first
    // word too ("O João do RH ligou").
    const r = rng.next();
    if (r < 0.7) docs.push({ text: chatCase(doc.text), spans: doc.spans });
    else {
      const text = r < 0.85 ? capitaliseSpans(doc) : doc.text;
      docs.push({ text: rng.chance(0.5) ? capitaliseFirst(text) : text, spans: doc.spans });
    }
  }
  return docs;
}

function capitaliseFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function capitaliseSpans(doc: Doc): string {
  const chars = [...doc.text];
  if (chars.length !== doc.text.length) return doc.text;
  for (const [s, e] of doc.spans) {
    for (let i = s; i < e; i++) {
      if ((i === s || chars[i - 1] === ' ') && !/^(da|de|do|das|dos|e)\b/.test(doc.text.slice(i, e))) {
        chars[i] = chars[i]!.toUpperCase();
      }
    }
  }
  return chars.join('');
}

// The chat-style EVALUATION set for person names: lower case, no accents, names inside
// free text, with distractors (cities, saints, months, brands, words that are also
// names). Templates, distractor lists, surnames and seed are separate from the training
// generator (tools/names/chat-train.ts); 30% of surnames come from HELDOUT_SURNAMES,
// which appear in no gazetteer and no training template.
import { type Doc, frequentFirstNames } from '../tools/names/data.js';
import { COMMON_SURNAMES, PARTICLES } from '../tools/names/lexicon.js';
import { Rng, Weighted } from '../tools/names/rng.js';
import { chatCase, fillTemplate, type NamePools } from '../tools/names/template.js';

export const EVAL_CHAT_SEED = 90210;
export const EVAL_CHAT_SIZE = 2000;

/** Real Brazilian surnames deliberately absent from the model's lists. */
export const HELDOUT_SURNAMES = [
  'wanderley',
  'bittar',
  'zanella',
  'scherer',
  'becker',
  'schmidt',
  'sato',
  'suzuki',
  'watanabe',
  'romano',
  'colombo',
  'ricci',
  'conti',
  'mattar',
  'haddad',
  'khoury',
  'nassar',
  'abdalla',
  'fagundes',
  'valadares',
  'portela',
  'arruda',
  'furtado',
  'goulart',
  'lisboa',
  'bandeira',
  'chaves',
  'dutra',
  'fontes',
  'godoy',
  'jardim',
  'maciel',
  'mesquita',
  'muniz',
  'nolasco',
  'ornelas',
  'pedrosa',
  'queiroga',
  'seixas',
  'trevisan',
  'vargas',
  'werneck',
  'zago',
  'bortolini',
  'casagrande',
  'dallagnol',
  'fachini',
  'girardi',
  'loureiro',
];

const TEMPLATES = [
  'meu nome e {full}',
  'meu nome e {full}, preciso de ajuda com a fatura',
  'fala com a {name} amanha que ela resolve',
  'fala com o {name} amanha cedo',
  'oi {first} tudo bem? consegue me mandar o boleto',
  'quem ficou de ligar foi o {name}',
  'a {name} vai passar ai {weekday} a tarde',
  'preciso que o {full} assine ate {month}',
  'sou {full} e moro em {city}',
  'aqui quem fala e a {full}',
  'o dr {name} pediu os exames de novo',
  'a sra {full} esta aguardando na recepcao',
  'pode deixar com a {first} da portaria',
  'ontem a {first} e o {first} brigaram de novo kkk',
  'manda pro {first} o link da reuniao',
  'meu filho {name} esta com febre',
  'o boleto saiu no nome do {full}, ta errado',
  'favor corrigir para {full}',
  'o gerente {name} aprovou o desconto',
  'oi, sou a {first}, falei com voce semana passada',
  'a {first} pediu pra avisar que atrasa',
  'tem um pacote pra {full} aqui',
  'ja falei com {full} e ele disse que paga {weekday}',
  '{first} me passa teu email',
  'valeu {first}!',
  'beleza {first}, amanha a gente ve',
  'a professora {name} marcou prova para {month}',
  'titular do cartao: {full}',
  'dependente: {name}',
  'o {first} de {city} ligou',
  'encaminhar ao {full} do juridico',
  'a {full} e a nova coordenadora',
  // No names: distractors that look like names.
  'vou passar o feriado em {city}',
  'a reuniao ficou para {month} ou {month}',
  'bom dia, alguem sabe se a {brand} abre {weekday}?',
  'comprei um vestido {color} e um tenis branco',
  'a festa de {saint} em {city} estava cheia',
  'moro perto da avenida {avenue}',
  'a conta de luz veio alta esse mes',
  'a rosa dos ventos ltda mandou a nota',
  'chove muito em {city} em {month}',
  'meu pedido da {brand} nao chegou',
  'a loja fica no shopping {mall}',
  'foi uma vitoria importante para o time',
  'gloria a deus deu tudo certo',
  'tenho consulta {weekday} as 10h',
  'o voo sai de {city} e faz escala em {city}',
  'boa tarde, qual o prazo de entrega?',
  'paguei pelo pix e nao caiu',
];

const FILL: Record<string, readonly string[]> = {
  city: [
    'sao paulo',
    'rio de janeiro',
    'belo horizonte',
    'florianopolis',
    'vitoria',
    'vitoria da conquista',
    'santa rosa',
    'sao pedro da aldeia',
    'natal',
    'fortaleza',
    'brasilia',
    'campo grande',
    'juiz de fora',
    'ribeirao preto',
    'sao jose',
    'santo andre',
    'jundiai',
    'londrina',
    'feira de santana',
    'aracaju',
  ],
  month: ['janeiro', 'marco', 'maio', 'junho', 'setembro', 'outubro', 'novembro', 'dezembro'],
  weekday: ['segunda-feira', 'terca-feira', 'quarta', 'quinta-feira', 'sexta', 'sabado', 'domingo'],
  brand: [
    'magazine luiza',
    'amazon',
    'shopee',
    'mercado livre',
    'c&a',
    'marisa',
    'lojas renner',
    'carrefour',
  ],
  color: ['rosa', 'lilas', 'vinho', 'cinza', 'bege'],
  saint: ['sao joao', 'sao pedro', 'santo antonio', 'nossa senhora aparecida'],
  avenue: ['paulista', 'getulio vargas', 'presidente vargas', 'afonso pena', 'boa viagem'],
  mall: ['iguatemi', 'morumbi', 'barra', 'aricanduva'],
};

/** Deterministic chat evaluation set. */
export function chatEvalDocs(count = EVAL_CHAT_SIZE, seed = EVAL_CHAT_SEED): Doc[] {
  const rng = new Rng(seed);
  const { names, weights } = frequentFirstNames(200);
  const common: NamePools = {
    first: new Weighted(names, weights),
    surnames: COMMON_SURNAMES,
    particles: PARTICLES.slice(0, 5),
  };
  const heldout: NamePools = { ...common, surnames: HELDOUT_SURNAMES };
  const docs: Doc[] = [];
  for (let i = 0; i < count; i++) {
    const pools = rng.chance(0.3) ? heldout : common;
    const doc = fillTemplate(rng, rng.pick(TEMPLATES), pools, FILL);
    docs.push({ text: chatCase(doc.text), spans: doc.spans });
  }
  return docs;
}

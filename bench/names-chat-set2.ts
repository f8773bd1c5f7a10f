// A SECOND, independent chat-style evaluation set for person names. Written as a blind
// check and never used for training; its false alarms were looked at once while the
// multi-genre model was tuned (see docs/contributing/privacy-names.md), so it is no longer blind.
// Everything here is separate from bench/names-chat-set.ts and tools/names/chat-train.ts: seed, templates
// (other situations: condominium, school parents' group, clinic, deliveries, HR, church,
// football, family), the way names are built, the first-name pool (IBGE 500+ births,
// weighted by births^0.4) and a fresh surname pool (half of the surnames), filtered so that
// it shares nothing with the hand-written surname list or the first set's held-out list.
// Lower case, no accents. Streets, schools, hospitals and shops named after people are
// not person mentions (gold has no name), as in the first set.
import { type Doc, readPrenomes } from '../tools/names/data.js';
import { COMMON_SURNAMES } from '../tools/names/lexicon.js';
import { Rng, Weighted } from '../tools/names/rng.js';
import { chatCase } from '../tools/names/template.js';
import { HELDOUT_SURNAMES } from './names-chat-set.js';

export const EVAL_CHAT2_SEED = 4242017;
export const EVAL_CHAT2_SIZE = 2000;

const FRESH_SURNAMES_RAW = [
  'albuquerque',
  'amorim',
  'antunes',
  'aragao',
  'arantes',
  'avila',
  'braganca',
  'carrijo',
  'cerqueira',
  'coutinho',
  'damasceno',
  'falcao',
  'fialho',
  'garcia',
  'gouveia',
  'guedes',
  'linhares',
  'lobato',
  'lustosa',
  'mascarenhas',
  'meirelles',
  'mourao',
  'nakamura',
  'quintela',
  'rebelo',
  'ribas',
  'sarmento',
  'sobral',
  'teles',
  'uchoa',
  'vilela',
  'zimmermann',
  'kowalski',
  'yamamoto',
  'tanaka',
  'bertolini',
  'rossi',
  'giacomini',
  'pasqualini',
  'hoffmann',
  'krause',
  'wagner',
  'abreu',
  'accioly',
  'barreto',
  'bentes',
  'calado',
  'chagas',
  'couto',
  'drummond',
  'frazao',
  'galdino',
  'honorato',
  'ibiapina',
  'jatoba',
  'laranjeira',
  'nepomuceno',
  'paranhos',
  'quaresma',
  'sabino',
  'trajano',
  'ventura',
  'tolentino',
  'sganzerla',
  'zanotto',
  'pereira-lima',
];

const taken = new Set<string>([...COMMON_SURNAMES, ...HELDOUT_SURNAMES]);
/** Fresh surnames: in neither the hand-written list nor the first set's held-out list. */
export const FRESH_SURNAMES = FRESH_SURNAMES_RAW.filter((s) => !taken.has(s));

const TEMPLATES = [
  // condominium / neighbours
  'gente, o interfone do {f} ta quebrado de novo',
  'a encomenda da {p} ficou com o porteiro',
  'quem deixou o carro na vaga 12 foi o {n}, ja avisei',
  'sindica agora e a {p}, qualquer coisa fala com ela',
  'o apartamento 304 e do {p}',
  // school parents
  'mae do {f} aqui, ele vai faltar hoje',
  'a professora {n} pediu cartolina pra sexta',
  'alguem tem o numero da {f}? preciso falar sobre a excursao',
  'o {f} e o {f} ficaram de castigo kkkk',
  'reuniao de pais com a coordenadora {p} as 19h',
  // clinic / health
  'consulta remarcada com a dra {p} para o dia 14',
  'paciente {p}, comparecer a sala 3',
  'o resultado do exame da {n} ja saiu',
  'sou acompanhante do {p}, ele ta internado no quarto 210',
  // deliveries / shopping
  'entregar aos cuidados de {p}',
  'destinatario: {p}',
  'o motoboy {f} disse que ja ta chegando',
  'pedido retirado por {p} as 15h',
  // HR / work
  'a partir de segunda quem assume o setor e o {p}',
  'ferias do {n} aprovadas',
  'segue em anexo o contracheque de {p}',
  'parabens {f} pela promocao!!',
  'falta so a assinatura do {p} no contrato',
  'bom dia pessoal, {f} falando, hoje trabalho de casa',
  // church / community
  'o pastor {n} vai pregar domingo',
  'oremos pela saude da irma {p}',
  'quem traz o bolo e a {f}, o refri fica com o {f}',
  // football / leisure
  'o {f} fez dois gols na pelada ontem',
  'churrasco na casa do {p} sabado',
  // family
  'minha sogra {p} chega amanha de viagem',
  'o caçula da {f} nasceu!! se chama {f}',
  'vo {f} mandou beijo pra todo mundo',
  'tia {f} e tio {f} vem pro natal',
  'a {f} que mora em {city} vem visitar',
  'meu cunhado {p} trabalha em {city}',
  'o {f} de {city} mandou foto',
  '{f}, ve isso aqui',
  'ai {f} para com isso kkk',
  'eae {f}, bora?',
  'conheci o {p} na faculdade',
  'lembra do {f}? casou',
  // no person names
  'o onibus da linha {city} atrasou meia hora',
  'alguem indica pediatra em {city}?',
  'a escola estadual {honoree} vai entrar em greve',
  'meu irmao estuda no colegio {honoree}',
  'o acidente foi na rua {honoree}, perto da padaria',
  'fica na praca {honoree}, do lado do banco',
  'a consulta e no hospital {hospital}',
  'a promocao da {shop} acaba hoje',
  'comprei o presente na {shop}',
  'o {team} ganhou de novo, que fase',
  'vai ter quermesse na paroquia de {saint2}',
  'a festa de {saint2} e no fim de semana',
  'o condominio aumentou de novo esse mes',
  'alguem achou uma chave perto do portao?',
  'a agua vai faltar amanha das 8 as 14',
  'obrigado senhor por mais um dia',
  'feliz natal a todos',
  'bom dia grupo, fiquem com deus',
  'amanha tem feira na praca',
  'a reuniao de condominio ficou pra {day}',
  'vendo bicicleta aro 26, chamar no privado',
];

const FILL: Record<string, readonly string[]> = {
  city: [
    'porto velho',
    'cuiaba',
    'macapa',
    'boa vista',
    'palmas',
    'rio branco',
    'joinville',
    'uberlandia',
    'sorocaba',
    'caxias do sul',
    'petropolis',
    'niteroi',
    'olinda',
    'mossoro',
    'chapeco',
    'maringa',
    'blumenau',
    'anapolis',
    'itabuna',
    'campina grande',
  ],
  honoree: [
    'tiradentes',
    'duque de caxias',
    'rui barbosa',
    'castro alves',
    'marechal deodoro',
    'padre anchieta',
    'joaquim nabuco',
    'princesa isabel',
    'santos dumont',
    'machado de assis',
  ],
  hospital: ['sao lucas', 'santa casa', 'albert einstein', 'sirio libanes', 'santa marta'],
  shop: ['casas bahia', 'lojas americanas', 'havan', 'drogasil', 'pague menos', 'zara', 'leroy merlin'],
  team: ['flamengo', 'palmeiras', 'corinthians', 'gremio', 'bahia', 'sport', 'santos'],
  saint2: ['santa luzia', 'sao benedito', 'sao sebastiao', 'santa rita', 'sao judas tadeu'],
  day: ['segunda', 'terca', 'quarta', 'quinta', 'sexta', 'sabado'],
};

const JOIN = ['da', 'de', 'do', 'dos', 'das'];

interface Pools {
  first: Weighted<string>;
  fresh: readonly string[];
}

/** A person name, built differently from tools/names/template.ts. */
function personName(rng: Rng, pools: Pools, kind: 'f' | 'n' | 'p'): string {
  const first = pools.first.draw(rng);
  if (kind === 'f' || (kind === 'n' && rng.chance(0.45))) return first;
  const surname = () => (rng.chance(0.5) ? rng.pick(pools.fresh) : rng.pick(COMMON_SURNAMES));
  const parts = [first];
  if (rng.chance(0.2)) parts.push(pools.first.draw(rng));
  const n = rng.chance(0.4) ? 2 : rng.chance(0.15) ? 3 : 1;
  for (let i = 0; i < n; i++) {
    if (rng.chance(0.3)) parts.push(rng.pick(JOIN));
    parts.push(surname());
  }
  return parts.join(' ');
}

/** Deterministic second chat evaluation set. */
export function chatEvalDocs2(count = EVAL_CHAT2_SIZE, seed = EVAL_CHAT2_SEED): Doc[] {
  const rng = new Rng(seed);
  const names: string[] = [];
  const weights: number[] = [];
  for (const [name, total] of readPrenomes()) {
    if (total < 500 || name.length < 3) continue;
    names.push(name);
    weights.push(total ** 0.4);
  }
  const pools: Pools = { first: new Weighted(names, weights), fresh: FRESH_SURNAMES };
  const docs: Doc[] = [];
  for (let i = 0; i < count; i++) {
    const template = rng.pick(TEMPLATES);
    let text = '';
    const spans: [number, number][] = [];
    const re = /\{(\w+)\}/g;
    let last = 0;
    for (let m = re.exec(template); m !== null; m = re.exec(template)) {
      text += template.slice(last, m.index);
      last = m.index + m[0].length;
      const slot = m[1]!;
      if (slot === 'f' || slot === 'n' || slot === 'p') {
        const name = personName(rng, pools, slot);
        spans.push([text.length, text.length + name.length]);
        text += name;
      } else {
        const list = FILL[slot];
        if (list === undefined) throw new Error(`unknown slot {${slot}}`);
        text += rng.pick(list);
      }
    }
    text += template.slice(last);
    docs.push({ text: chatCase(text), spans });
  }
  return docs;
}

// Generated TRAINING sentences for what the corpora teach too rarely: cased prose and forms
// (a surname alone after a role, names in lists and after titles, party-UF tags and
// contact labels after a name, verbs at the start of a sentence or right after a name,
// places, currencies) and informal comments about public life (nicknames, acronyms,
// surnames alone, lower case, little punctuation). The dev comment set
// (bench/names-comments-set.ts) has its own templates, nicknames and seed.
import { brazilianBrands, type Doc, frequentFirstNames, readGazetteer, wiktionarySurnames } from './data.js';
import { COMMON_SURNAMES } from './lexicon.js';
import { PARTIES, UF_CODES } from './nonperson.js';
import { Rng, Weighted } from './rng.js';
import { chatCase, fillSlots, type Slot, titleCase } from './template.js';
import { HAND_VERBS, participle, presentThird } from './verbs.js';
import { upperDoc } from './variants.js';

export const TRAIN_PROSE_SEED = 31337;

const ROLES = [
  'o chanceler',
  'o ministro',
  'a ministra',
  'o deputado',
  'a deputada',
  'o senador',
  'a senadora',
  'o presidente',
  'a presidente',
  'o técnico',
  'o prefeito',
  'a prefeita',
  'o governador',
  'o embaixador',
  'o relator',
  'a juíza',
  'o treinador',
  'o atacante',
  'o escritor',
  'a cantora',
  'o economista',
  'o cientista',
];
/** Religious and military titles before a name ("Padre Teodoro", "Coronel Bezerra"). */
const CHURCH_AND_RANK = [
  'Padre',
  'Frei',
  'Cônego',
  'Monsenhor',
  'Pastor',
  'Coronel',
  'Sargento',
  'Cabo',
  'Tenente',
  'Dom',
  'Mestre',
];
const TITLES = ['Dr.', 'Dra.', 'Prof.', 'Profa.', 'Sr.', 'Sra.', 'Des.', 'Min.', 'Eng.', 'Pe.'];
const IRREGULAR = new Set([
  'querer',
  'saber',
  'obter',
  'propor',
  'pedir',
  'seguir',
  'sentir',
  'servir',
  'valer',
]);
/** Training-only nicknames and acronyms of public figures (the dev comment set has others). */
const NICKNAMES = [
  'Lula',
  'Collor',
  'Jango',
  'Brizola',
  'Tancredo',
  'Getúlio',
  'Sarney',
  'Itamar',
  'Dilma',
  'Temer',
  'Bolsonaro',
  'Ciro',
  'Maluf',
  'Juscelino',
  'Pelé',
  'Xuxa',
  'Zico',
  'Romário',
];

const PROSE = [
  '{role} {surname} disse que a proposta será votada na próxima semana.',
  'Segundo {role} {surname}, o acordo ainda depende de ajustes.',
  '{role} {foreign} afirmou em {fcity} que não haverá mudanças.',
  'Para {foreign}, a crise em {country} é passageira.',
  '{full} ({party}-{uf}) {verbPast} a emenda.',
  'O deputado {full} {party}-{uf} apresentou o parecer.',
  'A senadora {full} ({party}) votou contra.',
  '{full} E-mail: {email}',
  'Contato: {full} E-mail: {email} Tel: {phone}',
  'Nome: {full} Fone: {phone}',
  'Responsável: {full} - Tel. {phone}',
  '{full}\nTel: {phone}\nE-mail: {email}',
  'Estiveram presentes {full}, {full}, {full} e {full}.',
  'Assinam o documento: {full}; {full}; {full}.',
  'Compareceram {first}, {first}, {first} e {first}.',
  'A banca foi formada por {title} {full}, {title} {full} e {title} {full}.',
  '{title} {full} recebeu o prêmio.',
  'Ofício encaminhado ao {title} {full}.',
  '{verbCap} em {year}, a lei mudou o setor.',
  '{verbCap} saber se o prazo vale para todos.',
  '{verbCap} o relatório antes da reunião.',
  '{first} {verb3} o contrato e envia para {first}.',
  '{full} {verb3} os documentos toda segunda-feira.',
  'Você {verb3} conversas de atendimento e {verb3} o resultado.',
  'Você {verb3} o texto e {verb3} os riscos.',
  'O sistema {verb3} os pedidos e {verb3} um resumo.',
  'A empresa fica na {street} {honoree}, em {city}.',
  'A sede mudou de {city} para {fcity}, na {country}.',
  'O valor de R$ {amount} ({amountWords} reais) foi pago em {city}.',
  'O contrato prevê US$ {amount} e mais {amount} euros.',
  'Os preços subiram em {country}, {country} e {country}.',
  'No governo {nick}, a inflação caiu.',
  'Desde a era {acr}, o partido mudou.',
  'O ex-presidente {nick} visitou {city}.',
  'Em {city}, {role} {surname} encontrou {full}.',
  '{full} e {full} chegaram de {fcity}.',
  // Names in quotes or guillemets, people addressed by title, initials, a role word and
  // its qualifier before the name, inverted names in references.
  'Todos o chamavam de "{first}" no bairro.',
  'O personagem «{first}» aparece no último capítulo.',
  'Ela era conhecida como “{first}” na cidade.',
  'O romance «{first}» foi lançado em {year}.',
  "A canção '{first}' ficou famosa.",
  '{ctitle} {surname} celebrou a cerimônia.',
  'Segundo {ctitle} {first}, a obra termina em {year}.',
  'A {ftitle} {first} {verbPast} o pedido.',
  '{roleq} {full} {verbPast} o projeto.',
  'O {roleq} {full} votou contra.',
  '{inisur} assinou a ata.',
  'O relatório de {inisur} chegou ontem.',
  // Companies with coined names (no list knows them) in the places a surname could take.
  'As representadas {coined}, {coined} e {coined} recorreram.',
  'A {coined} informou que vai recorrer.',
  'Em relação à {coined}, a multa foi mantida.',
  'Fornecedores como {coined}, {coined} e {brand} confirmaram.',
  '{inverted}. {work}. {city}: Editora, {year}.',
  'Autor: {inverted}',
  // Brands and shops: not a person.
  'Comprei na {brand} ontem.',
  'A {brand} abriu uma loja em {city}.',
  'O pedido da {brand} atrasou de novo.',
  'Troquei o cartão da {brand} pelo da {brand}.',
  // Companies named like people, with the country after them: not a person.
  'A {corp} do Brasil {verbPast} o acordo.',
  'O contrato com a {corp} do Brasil vence em {year}.',
  'A {corp} do Brasil e a {corp} Ltda disputam o mercado.',
];

const COMMENTS = [
  'o {nick} de novo com essa conversa',
  'fora {nick}',
  'no tempo do {nick} era melhor',
  'no governo {acr} foi assim tambem',
  'concordo com o deputado {surname}',
  'o {surname} nao representa ninguem',
  'parabens senador {surname} pela coragem',
  '{full} tem meu voto',
  'alguem avisa o {nick} que o povo cansou',
  'a {first} falou tudo',
  'o {role2} {surname} votou contra o povo',
  'vergonha esse {nick}',
  'o {nick} e o {nick} sao farinha do mesmo saco',
  'votei no {surname} e me arrependo',
  'o governo federal tem que ouvir o povo',
  'a camara aprovou sem debate',
  'os deputados so pensam em si',
  'o {party} e o {party} votaram juntos',
  'isso e culpa do stf',
  'pagamos {amount} reais de imposto',
  'moro em {city} e aqui ta dificil',
  'a lei {nick} precisa mudar',
  // A name nobody lists, alone, where only its place in the sentence tells: after an
  // article or a preposition, in lists without commas, at the end of a greeting.
  'o {pol} falou e ninguem ouviu',
  'com o {pol} no poder a coisa piorou',
  'manda o {pol} explicar isso',
  'nem o {pol} nem o {pol} prestam',
  'o {pol} a {pol} e o {pol} sumiram',
  'se o {pol} ganhar eu mudo de pais',
  'pergunta pro {pol} onde foi o dinheiro',
  'ja o {pol} prometeu e nao cumpriu',
  'o ex-governador {pol} voltou a aparecer',
  'a loja da {brand} fechou',
  'comprei na {brand} e me arrependi',
  'valeu {rare} obrigado pela ajuda',
  'boa noite {rare} tudo certo',
  'falou tudo {rare}',
  'a professora {rare} merece respeito',
  'o seu {rare} da padaria fechou',
  'a {rare} da esquina vende bolo',
  '{pol} na cadeia ja',
  '{pol} presidente',
];

/**
 * A company name coined from the starts of two ordinary words ("Turbimaq", "Engecrol"):
 * the shape of the unknown capitalised words that are companies, not people.
 */
function coinedName(rng: Rng, words: readonly string[]): string {
  const a = pick(rng, words);
  const b = pick(rng, words);
  const head = a.slice(0, 3 + rng.int(3));
  const tail = b.slice(0, 2 + rng.int(3));
  return head.charAt(0).toUpperCase() + head.slice(1) + tail;
}

function pick<T>(rng: Rng, list: readonly T[]): T {
  return list[rng.int(list.length)]!;
}

/**
 * `count` sentences: 60% prose and forms (cased), 40% informal comments (lower case, no
 * accents; a fifth of them in capitals).
 */
export function trainProseDocs(count: number, learnedSurnames: readonly string[]): Doc[] {
  const rng = new Rng(TRAIN_PROSE_SEED);
  const first = frequentFirstNames(100);
  const firstW = new Weighted(first.names, first.weights);
  const foreignFirst = readGazetteer('prenomes_internacionais_cc0.txt');
  const foreignLast = [
    ...readGazetteer('sobrenomes_internacionais_cc0.txt'),
    ...readGazetteer('sobrenomes_eua_censo2010_top.txt'),
  ];
  const wiktionary = wiktionarySurnames();
  const brands = brazilianBrands();
  const foreignSurname = () => (rng.chance(0.5) ? pick(rng, wiktionary) : pick(rng, foreignLast));
  const surnames = [...COMMON_SURNAMES, ...learnedSurnames];
  const cities = readGazetteer('br_municipios.txt').filter((_, i) => i % 2 === 0);
  const fcities = readGazetteer('cidades_mundo_grandes_variantes_geonames.txt').filter((_, i) => i % 2 === 0);
  const countries = readGazetteer('paises_pt_br.txt').filter((_, i) => i % 2 === 0);
  const streets = readGazetteer('logradouro_tipos.txt');
  const verbs = HAND_VERBS.filter((v) => !IRREGULAR.has(v));
  // Rare first names (100 to 2,000 births), drawn uniformly: people's names in comments.
  const rareFirst = first.names.filter((_, i) => first.weights[i]! < Math.sqrt(2000));

  const surname = () => titleCase(pick(rng, surnames));
  const fullName = () => {
    const parts = [titleCase(firstW.draw(rng))];
    if (rng.chance(0.2)) parts.push(titleCase(firstW.draw(rng)));
    if (rng.chance(0.25)) parts.push(pick(rng, ['da', 'de', 'dos']));
    parts.push(surname());
    if (rng.chance(0.4)) parts.push(surname());
    return parts.join(' ');
  };
  const initial = () => String.fromCharCode(65 + rng.int(26));
  const acronym = () => {
    let a = '';
    for (let i = 0; i < 2 + rng.int(2); i++) a += String.fromCharCode(65 + rng.int(26));
    return PARTIES.includes(a.toLowerCase()) ? 'FHC' : a;
  };
  const slot = (draw: (r: Rng) => string, gold = false): Slot => ({ gold, draw });
  const slots: Record<string, Slot> = {
    role: slot(() => pick(rng, ROLES)),
    role2: slot(() => pick(rng, ['deputado', 'senador', 'vereador', 'ministro', 'prefeito'])),
    title: slot(() => pick(rng, TITLES)),
    surname: slot(() => (rng.chance(0.3) ? pick(rng, foreignLast) : surname()), true),
    foreign: slot(
      () => (rng.chance(0.5) ? `${pick(rng, foreignFirst)} ${foreignSurname()}` : foreignSurname()),
      true,
    ),
    full: slot(fullName, true),
    first: slot(() => titleCase(firstW.draw(rng)), true),
    nick: slot(() => pick(rng, NICKNAMES), true),
    // A politician's surname or nickname the gazetteer may not know.
    pol: slot(() => (rng.chance(0.5) ? foreignSurname() : surname()), true),
    ctitle: slot(() => pick(rng, CHURCH_AND_RANK)),
    ftitle: slot(() => pick(rng, ['Irmã', 'Madre', 'Dona', 'D.', 'Pastora', 'Tenente'])),
    roleq: slot(
      () =>
        `${pick(rng, ['Vereador', 'Juiz', 'Deputado', 'Promotor', 'Secretário', 'Delegado'])} ${pick(rng, ['Federal', 'Estadual', 'Municipal', 'Distrital', 'Regional', 'Substituto'])}`,
    ),
    inisur: slot(
      () => `${rng.chance(0.5) ? `${initial()}.${initial()}.` : `${initial()}${initial()}`} ${surname()}`,
      true,
    ),
    inverted: slot(() => `${surname().toUpperCase()}, ${titleCase(firstW.draw(rng))} ${surname()}`, true),
    work: slot(() =>
      pick(rng, [
        'Curso de direito civil',
        'Memórias do cárcere',
        'Teoria geral do processo',
        'Histórias da cidade',
      ]),
    ),
    brand: slot(() => pick(rng, brands)),
    coined: slot(() => coinedName(rng, verbs)),
    rare: slot(() => titleCase(pick(rng, rareFirst)), true),
    corp: slot(() => titleCase(pick(rng, foreignLast))),
    acr: slot(acronym, true),
    party: slot(() => pick(rng, PARTIES).toUpperCase()),
    uf: slot(() => pick(rng, UF_CODES).toUpperCase()),
    email: slot(() => `${chatCase(firstW.draw(rng))}.${rng.int(99)}@exemplo.com.br`),
    phone: slot(() => `(${11 + rng.int(80)}) 9${1000 + rng.int(8999)}-${1000 + rng.int(8999)}`),
    verbPast: slot(() => pick(rng, ['apresentou', 'criticou', 'defendeu', 'assinou', 'retirou'])),
    verbCap: slot(() => {
      const v = pick(rng, verbs);
      const form = rng.chance(0.5) ? participle(v) : presentThird(v) + pick(rng, ['', 'm']);
      return form.charAt(0).toUpperCase() + form.slice(1);
    }),
    verb3: slot(() => presentThird(pick(rng, verbs))),
    street: slot(() => pick(rng, streets)),
    honoree: slot(() => fullName()),
    city: slot(() => pick(rng, cities)),
    fcity: slot(() => pick(rng, fcities)),
    country: slot(() => pick(rng, countries)),
    year: slot(() => String(1950 + rng.int(70))),
    amount: slot(() => `${1 + rng.int(900)}.${100 + rng.int(899)},00`),
    amountWords: slot(() => pick(rng, ['duzentos', 'mil', 'trezentos e cinquenta', 'dez mil'])),
  };
  const docs: Doc[] = [];
  for (let i = 0; i < count; i++) {
    if (rng.chance(0.6)) {
      docs.push(fillSlots(rng, pick(rng, PROSE), slots));
    } else {
      const d = fillSlots(rng, pick(rng, COMMENTS), slots);
      const lower = { text: chatCase(d.text), spans: d.spans };
      // Some people comment in capitals.
      docs.push(rng.chance(0.2) ? upperDoc(lower) : lower);
    }
  }
  return docs;
}

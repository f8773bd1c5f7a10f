// One row per error class seen on text the detector was not tuned on: names it missed,
// names with wrong boundaries, and words it took for names. Sentences written for this
// test (none is copied from a corpus).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { detectNames } from '../../../src/privacy/names/index.js';

function names(text: string): string[] {
  return detectNames(text).map((m) => text.slice(m.start, m.end));
}

type Row = [errorClass: string, text: string, expected: string[]];

const MISSES: Row[] = [
  ['foreign surname alone after a role', 'O chanceler Lavrov falou ontem.', ['Lavrov']],
  [
    'foreign surname alone after a role',
    'Em Varsóvia, o primeiro-ministro Kowalczyk recebeu a comitiva.',
    ['Kowalczyk'],
  ],
  [
    'foreign full names',
    'A pesquisa foi coordenada por Ingrid Halvorsen e Tomasz Nowak.',
    ['Ingrid Halvorsen', 'Tomasz Nowak'],
  ],
  ['surname alone after a role', 'Segundo o deputado Zarattini, a votação fica para terça.', ['Zarattini']],
  ['surname alone after a role', 'A presidente Thatcher renunciou.', ['Thatcher']],
  ['acronym after "governo"', 'A inflação caiu no governo FHC, segundo o livro.', ['FHC']],
  ['nickname in a comment', 'no tempo do lula era diferente', ['lula']],
  ['names in a list', 'convidados: ana, bia, caio e davi', ['ana', 'bia', 'caio', 'davi']],
  ['name after a title', 'O Sr. Kowalski chegou.', ['Kowalski']],
  ['name after a title', 'A Dra. Nakamura atende hoje.', ['Nakamura']],
  ['name after a title', 'O Prof. Abdelkader publicou o artigo.', ['Abdelkader']],
  ['name before where the person works', 'fala com a maria do financeiro', ['maria']],
  ['name before where the person works', 'chama o carlos do suporte', ['carlos']],
  ['name before where the person works', 'Ligue para a Fernanda do comercial.', ['Fernanda']],
  ['name before where the person works', 'o Zé do posto fechou', ['Zé']],
  ['name before where the person works', 'Fale com a Maria do RH.', ['Maria']],
  ['name before where the person lives', 'a dona Maria do 302 reclamou', ['Maria']],
];

const BOUNDARIES: Row[] = [
  ['party-UF tag after a name', 'O deputado José Arruda DEM-DF votou.', ['José Arruda']],
  ['party-UF tag after a name', 'O relator, deputado Aldo Rebelo PCdoB-SP, leu o parecer.', ['Aldo Rebelo']],
  ['e-mail label after a name', 'Rita Meireles E-mail: rita@exemplo.com', ['Rita Meireles']],
  ['"Tel" after a name', 'Ana Lima Tel: 11 98888-7777', ['Ana Lima']],
  [
    'all caps with particles',
    'REQUERENTE: ANTÔNIO DE ALBUQUERQUE E CASTRO',
    ['ANTÔNIO DE ALBUQUERQUE E CASTRO'],
  ],
  ['"do" + a department after a full name', 'A Maria das Graças do RH ligou.', ['Maria das Graças']],
  ['"do" + a name inside a name', 'Maria do Carmo Souza assinou.', ['Maria do Carmo Souza']],
  ['"do" + a name inside a name, lower case', 'a maria do carmo ligou', ['maria do carmo']],
  [
    'sentence-initial word before a name',
    'Segundo Oksana Petrenko, a colheita atrasou.',
    ['Oksana Petrenko'],
  ],
];

const FALSE_ALARMS: Row[] = [
  ['sentence-initial verb', 'Querem saber se o boleto venceu.', []],
  ['sentence-initial participle', 'Elaborada em 2001, a norma segue válida.', []],
  ['verb after a name', 'Renata analisa os dados.', ['Renata']],
  ['"Você <verb>" instruction', 'Você analisa contratos de aluguel.', []],
  ['lower-case words in cased prose', 'O pedido chegou amassado, mas a troca foi rápida.', []],
  ['countries', 'Os preços subiram em Portugal, na Grécia e em Chipre.', []],
  ['city that is also a surname', 'Nossa filial em Guimarães abriu.', []],
  ['cities in a list', 'Visitamos Florença, Veneza e Viena.', []],
  ['street', 'O escritório fica na Travessa Almirante Barroso, 40.', []],
  ['currencies', 'O frete custou R$ 45,00 e a taxa, 3 Dólares.', []],
  ['"tel" before a phone number', 'Dúvidas: Tel 11 98888-7777', []],
];

for (const [title, rows] of [
  ['missed names', MISSES],
  ['name boundaries', BOUNDARIES],
  ['false alarms', FALSE_ALARMS],
] as const) {
  describe(`detectNames error classes: ${title}`, () => {
    for (const [errorClass, text, expected] of rows) {
      it(`${errorClass}: ${JSON.stringify(text)}`, () => {
        assert.deepEqual(names(text), expected);
      });
    }
  });
}

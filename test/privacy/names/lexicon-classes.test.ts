// The error classes of unfamiliar text that the lexicon round fixed (docs/contributing/privacy-names.md,
// seventh round): every row here was wrong with the model before it (checked against that
// build) and is right now. Sentences written for this test, in the pattern of each class;
// none is copied from a corpus or a dev set. Places and ALL-CAPS shouting have their
// rows in context-rules.test.ts (eighth round).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { detectNames } from '../../../src/privacy/names/index.js';

function names(text: string): string[] {
  return detectNames(text).map((m) => text.slice(m.start, m.end));
}

type Row = [errorClass: string, text: string, expected: string[]];

const MISSED: Row[] = [
  ['name in quotes', 'Todos chamavam o menino de "Toninho" na escola.', ['Toninho']],
  ['name in guillemets', 'O personagem «Quincas» morre no fim.', ['Quincas']],
  ['nickname in quotes', 'No bairro ele era conhecido como "Tonhão".', ['Tonhão']],
  ['foreign surname alone', 'O gabinete de Lewandowska respondeu.', ['Lewandowska']],
  ['foreign surname alone, lower case', 'o partido do kowalczyk perdeu', ['kowalczyk']],
  ['person addressed by title', 'O Padre Teodoro abençoou a obra.', ['Teodoro']],
  ['person addressed by title', 'O Frei Anacleto chegou cedo.', ['Anacleto']],
  ['person addressed by title', 'A Irmã Clotilde cuida da creche.', ['Clotilde']],
  ['person addressed by title', 'O Coronel Bezerra mandou recado.', ['Bezerra']],
  ['person addressed by title', 'O Monsenhor Tavares benzeu a capela.', ['Tavares']],
  ['person addressed by title', 'A Madre Celeste fundou o orfanato.', ['Celeste']],
  ['person addressed by title', 'O Pastor Elias pregou domingo.', ['Elias']],
  ['person addressed by title', 'A Dona Zulmira faz doces.', ['Zulmira']],
  ['initials before a surname', 'MJ Fontoura abriu a sessão.', ['MJ Fontoura']],
  [
    'third and later names of a list',
    'Votaram contra Abreu, Lacerda, Quintela, Bittencourt e Moog.',
    ['Abreu', 'Lacerda', 'Quintela', 'Bittencourt', 'Moog'],
  ],
];

const BOUNDARIES: Row[] = [
  ['following label swallowed', 'Responsável Fabiana Torres Data 12/03/2021', ['Fabiana Torres']],
  ['role word taken in', 'Promotora Pública Lívia Serra denunciou.', ['Lívia Serra']],
  [
    'lower-case name cut at a particle',
    'a ana clara de menezes e souza chegou',
    ['ana clara de menezes e souza'],
  ],
  ['inverted name after a label', 'autor: siqueira, marcelo antunes', ['siqueira, marcelo antunes']],
  ['inverted name after a label', 'AUTOR: SIQUEIRA, Marcelo Antunes', ['SIQUEIRA, Marcelo Antunes']],
  [
    'inverted name in a reference',
    'Referência: BASTOS, Carolina Ferreira. Título.',
    ['BASTOS, Carolina Ferreira'],
  ],
];

const FALSE_ALARMS: Row[] = [
  ['sentence-initial verb that is a surname', 'Rego as plantas de manhã.', []],
  ['lower-case common word in informal text', 'o moleque quebrou o vidro', []],
  ['lower-case common word in informal text', 'a patroa ficou brava', []],
  ['lower-case common word in informal text', 'a vovozinha fez bolo', []],
  ['species name', 'O Bem-te-vi fez ninho na janela.', []],
  ['lower-case ordinary word in prose with capitals', 'Ontem o mar estava cristalino.', []],
  ['lower-case ordinary word in prose with capitals', 'Hoje comemos mel com queijo.', []],
];

// What the joins must not do: separate people stay separate.
const GUARDS: Row[] = [
  [
    'a list after a label is not an inverted name',
    'convidados: ana, bia, caio e davi',
    ['ana', 'bia', 'caio', 'davi'],
  ],
  ['"e" between two people', 'João da Silva e Maria chegaram', ['João da Silva', 'Maria']],
  ['a frequent first name in lower case stays a name', 'Ontem falei com a maria.', ['maria']],
];

for (const [title, rows] of [
  ['missed names', MISSED],
  ['name boundaries', BOUNDARIES],
  ['false alarms', FALSE_ALARMS],
  ['guards', GUARDS],
] as const) {
  describe(`detectNames lexicon-round error classes: ${title}`, () => {
    for (const [errorClass, text, expected] of rows) {
      it(`${errorClass}: ${JSON.stringify(text)}`, () => {
        assert.deepEqual(names(text), expected);
      });
    }
  });
}

// Names in the layouts of business text (tools/names/business-train.ts trains on them):
// signatures, forms, shipping labels, chat that greets someone by a nickname (the word
// after a greeting is a candidate: features.ts), a surname alone in a contrast, and what
// must stay: chat words, a register before its number, a surname that is a noun.
// Each text through the barrier, as the vendor would see it. Names and sentences invented
// for this test; none is in the training generator's or the business benches' lists.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findAll } from '../../../src/privacy/barrier.js';
import { afterGreeting } from '../../../src/privacy/names/features.js';
import { Tokens } from '../../../src/privacy/names/tokenize.js';

const names = (text: string) =>
  findAll(text)
    .filter((m) => m.category === 'nome')
    .map((m) => text.slice(m.start, m.end));

type Row = [layout: string, text: string, expected: string[]];

const ROWS: Row[] = [
  [
    'a signature',
    'Um abraço,\nIsaura Damasceno\nCompradora\nFundição Vale Verde\nisaura.damasceno@exemplo.com.br\n(31) 99876-5432',
    ['Isaura Damasceno'],
  ],
  [
    'a signature in lower case',
    'abs,\nclodoaldo fontoura\ngerente de contas\nclodoaldo@exemplo.com.br',
    ['clodoaldo fontoura'],
  ],
  [
    'a form',
    'CADASTRO\nNome: Genésio Arruda Pimentel\nResponsável: Zulmira Pimentel\nTurno: tarde',
    ['Genésio Arruda Pimentel', 'Zulmira Pimentel'],
  ],
  [
    'a form in lower case',
    'paciente: rosimeire caldas\nresponsável: otacílio caldas\nconvênio: particular',
    ['rosimeire caldas', 'otacílio caldas'],
  ],
  [
    'a label in capitals',
    'PARA:\nELIZEU MASCARENHAS\nRUA DAS GARDÊNIAS, 88\nBAIRRO SÃO JOÃO\nPELOTAS/RS',
    ['ELIZEU MASCARENHAS'],
  ],
  [
    'a label in lower case',
    'destinatário:\njandira botelho\nrua dos cravos, 410\nvila nova',
    ['jandira botelho'],
  ],
  ['a nickname after a greeting', 'oi fifi, tudo certo? o boleto chegou', ['fifi']],
  ['a nickname after thanks', 'valeu bila, amanhã eu confirmo', ['bila']],
  ['a nickname after a greeting and a comma', 'bom dia, fifi! ja separei as caixas', ['fifi']],
  ['a nickname after a greeting, in capitals', 'OI FIFI, TUDO CERTO?', ['FIFI']],
  [
    'a surname alone in a contrast',
    'Quem aprovou o pedido foi o Mascarenhas, não o Botelho.',
    ['Mascarenhas', 'Botelho'],
  ],
  ['chat words', 'oi td bem? moro perto da loja, passo ai amanha vlw', []],
  ['a register before its number', 'Veículo: placa QWE4R56, Renavam 01234567890', []],
  ['a tree that is a surname, in a sentence', 'a amoreira do sítio deu muita fruta', []],
];

describe('names in business layouts', () => {
  for (const [layout, text, expected] of ROWS) {
    it(`${layout}: ${JSON.stringify(text.slice(0, 40))}`, () => {
      assert.deepEqual(names(text), expected);
    });
  }

  it('what follows a greeting', () => {
    const tok = new Tokens();
    const at = (text: string, word: string) => {
      tok.tokenize(text);
      const i = [...Array(tok.count).keys()].find((k) => text.slice(tok.start[k], tok.end[k]) === word);
      assert.ok(i !== undefined, word);
      return afterGreeting(tok, i);
    };
    assert.equal(at('oi lê', 'lê'), 1);
    assert.equal(at('bom dia, fê', 'fê'), 1, 'a two-word greeting and a comma');
    assert.equal(at('e aí ju', 'ju'), 1);
    assert.equal(at('o dia fê', 'fê'), 0, '"dia" without "bom"/"boa" is no greeting');
    assert.equal(at('oi. lê', 'lê'), 0, 'a sentence ends between them');
  });
});

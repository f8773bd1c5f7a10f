// Behaviour of the shipped name model on real-looking text: chat, prose, all-caps legal
// text, particles, and words that look like names but are not.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { detectNames } from '../../../src/privacy/names/index.js';

function names(text: string): string[] {
  return detectNames(text).map((m) => text.slice(m.start, m.end));
}

describe('detectNames: chat text (lower case, no accents)', () => {
  it('finds a full name with a particle', () => {
    assert.deepEqual(names('meu nome é joao da silva'), ['joao da silva']);
  });
  it('finds a two-word first name and stops before the next word', () => {
    assert.deepEqual(names('fala com a maria aparecida amanha'), ['maria aparecida']);
  });
  it('finds a name after a greeting', () => {
    assert.deepEqual(names('oi pedro, tudo bem?'), ['pedro']);
  });
  it('finds a name and surname in a request', () => {
    assert.deepEqual(names('o boleto saiu no nome do carlos pereira, ta errado'), ['carlos pereira']);
  });
});

describe('detectNames: prose', () => {
  it('finds a full name with particles', () => {
    assert.deepEqual(names('O contrato foi assinado por João Carlos de Oliveira.'), [
      'João Carlos de Oliveira',
    ]);
  });
  it('finds two names joined by "e"', () => {
    assert.deepEqual(names('Participaram Ana Paula Souza e Marcos Ribeiro da reunião.'), [
      'Ana Paula Souza',
      'Marcos Ribeiro',
    ]);
  });
});

describe('detectNames: all-caps legal text', () => {
  it('finds a bare name', () => {
    assert.deepEqual(names('LUIZ FUX'), ['LUIZ FUX']);
  });
  it('leaves the title out', () => {
    assert.deepEqual(names('RELATOR: MINISTRO GILMAR MENDES'), ['GILMAR MENDES']);
  });
  it('keeps "DE" inside a name', () => {
    assert.deepEqual(names('AGRAVANTE: ALEXANDRE DE MORAES'), ['ALEXANDRE DE MORAES']);
  });
});

describe('detectNames: things that are not names', () => {
  for (const text of [
    'Vou para São Paulo na segunda.',
    'A nota foi emitida pela Rosa dos Ventos Ltda.',
    'Bom dia, tudo certo por aí?',
    'O pagamento vence em maio e o próximo em junho.',
    'paguei a conta de luz ontem',
    'O recurso foi julgado pelo Supremo Tribunal Federal.',
    '',
    '12345 ... !!!',
  ]) {
    it(JSON.stringify(text), () => {
      assert.deepEqual(names(text), []);
    });
  }
});

// Later mentions of a name already found (names/echo.ts): in the same text, and in later
// texts of the same request through the cleaner's memory. Sentences written for this test.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createCleaner } from '../../../src/privacy/barrier.js';
import { restoreText } from '../../../src/privacy/restore.js';
import { rememberNames } from '../../../src/privacy/names/echo.js';
import { Analysis } from '../../../src/privacy/names/features.js';
import { detectNames, loadShippedModel } from '../../../src/privacy/names/index.js';
import { TAG_B, TAG_I, TAG_O } from '../../../src/privacy/names/model.js';
import { Tokens } from '../../../src/privacy/names/tokenize.js';

function names(text: string): string[] {
  return detectNames(text).map((m) => text.slice(m.start, m.end));
}

/** Each message through one request's cleaner, in order. */
function cleanConversation(messages: string[]): string[] {
  const cleaner = createCleaner({ policy: 'placeholder' });
  return messages.map((m) => cleaner.cleanText(m));
}

describe('name echoes in one text', () => {
  const rows: [string, string, string[]][] = [
    [
      'surname alone in the next sentence',
      'Reunião com Olusegun Adeyemi às 10h. Adeyemi pediu a ata.',
      ['Olusegun Adeyemi', 'Adeyemi'],
    ],
    [
      'upper-case text',
      'RELATOR: MINISTRO GILMAR MENDES. VOTO DE MENDES: ACOMPANHO.',
      ['GILMAR MENDES', 'MENDES'],
    ],
    // What an echo must not take.
    [
      'a place named after the person',
      'Paulo Freire nasceu em Recife. Hoje mora em São Paulo.',
      ['Paulo Freire'],
    ],
    [
      'a company named after the person',
      'O sócio Kleber Tompkins saiu. A Tompkins Ltda fechou.',
      ['Kleber Tompkins'],
    ],
    [
      'a lower-case word in prose that capitalises names',
      'Rosa Maria Tavolaro chegou. a rosa é a cor da capa.',
      ['Rosa Maria Tavolaro'],
    ],
  ];
  for (const [what, text, expected] of rows) {
    it(`${what}: ${JSON.stringify(text)}`, () => assert.deepEqual(names(text), expected));
  }

  it('an address that holds the name is left to the e-mail detector', () => {
    const text = 'Escreva para Olusegun Adeyemi: adeyemi@exemplo.com.';
    assert.deepEqual(names(text), ['Olusegun Adeyemi']);
  });
});

describe('name echoes across the texts of one request', () => {
  const rows: [string, string[], string[]][] = [
    [
      'chat, lower case',
      ['meu nome é Olusegun Quaresmini', 'o quaresmini aqui de novo: preciso da segunda via'],
      ['meu nome é [NOME_1]', 'o [NOME_2] aqui de novo: preciso da segunda via'],
    ],
    [
      'surname alone at the start of a message',
      ['Sou a Lavínia Quaresmini, do financeiro.', 'quaresmini de novo, alguma novidade?'],
      ['Sou a [NOME_1], do financeiro.', '[NOME_2] de novo, alguma novidade?'],
    ],
    [
      'surname after an article',
      ['Olá, aqui é Jurema Quaresmini', 'Pode mandar para a Quaresmini mesmo.'],
      ['Olá, aqui é [NOME_1]', 'Pode mandar para a [NOME_2] mesmo.'],
    ],
  ];
  for (const [what, messages, expected] of rows) {
    it(what, () => {
      assert.deepEqual(cleanConversation(messages), expected);
      // Each message alone leaks the surname: the memory is what catches it.
      const alone = messages.map((m) => createCleaner({ policy: 'placeholder' }).cleanText(m));
      assert.ok(alone[1]!.toLowerCase().includes(messages[1]!.match(/quaresmini/i)![0]!.toLowerCase()));
    });
  }

  it('rememberNames reads ahead: an earlier mention is masked by a name given later', () => {
    const messages = ['oi, aqui é o quaresmini de novo', 'Olusegun Quaresmini'];
    const cleaner = createCleaner({ policy: 'placeholder' });
    cleaner.rememberNames(messages);
    assert.deepEqual(
      messages.map((m) => cleaner.cleanText(m)),
      ['oi, aqui é o [NOME_1] de novo', '[NOME_2]'],
    );
    assert.equal(cleanConversation(messages)[0], messages[0]); // without reading ahead it leaks
  });

  it('another request remembers nothing', () => {
    cleanConversation(['meu nome é Olusegun Quaresmini']);
    const [later] = cleanConversation(['o quaresmini aqui de novo: preciso da segunda via']);
    assert.equal(later, 'o quaresmini aqui de novo: preciso da segunda via');
  });

  it('the restored reply gives each placeholder back its own words', () => {
    const cleaner = createCleaner({ policy: 'placeholder' });
    cleaner.cleanText('meu nome é Olusegun Quaresmini');
    cleaner.cleanText('o quaresmini aqui de novo');
    assert.equal(restoreText('[NOME_1] / [NOME_2]', cleaner.map), 'Olusegun Quaresmini / quaresmini');
  });
});

describe('what is remembered', () => {
  const model = loadShippedModel();
  function remembered(text: string, tags: number[]): number {
    const tok = new Tokens();
    tok.tokenize(text);
    const an = new Analysis();
    an.run(model, tok);
    const known = new Set<number>();
    rememberNames(tok, an.flags, Uint8Array.from(tags), known);
    return known.size;
  }

  it('the words of a name of two or more words', () => {
    assert.equal(remembered('com Olusegun Adeyemi', [TAG_O, TAG_B, TAG_I]), 2);
  });
  it('not a name of one word: too often a company', () => {
    assert.equal(remembered('a Magna', [TAG_O, TAG_B]), 0);
  });
  it('not particles, nor ordinary words the model took for a name', () => {
    assert.equal(remembered('Maria da Silva', [TAG_B, TAG_I, TAG_I]), 2);
    assert.equal(remembered('Querem Olusegun Adeyemi', [TAG_B, TAG_I, TAG_I]), 2);
    assert.equal(remembered('Querem Silva', [TAG_B, TAG_I]), 0);
  });
});

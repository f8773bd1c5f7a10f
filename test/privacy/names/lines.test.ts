// Line structure (names/lines.ts): a name never takes a word across a line break unless
// the line before is a wrapped line of prose. Each layout is checked whole through the
// barrier, so a name that ran into the next field (and lost to it) fails the row.
// Sentences and names invented for this test.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findAll } from '../../../src/privacy/barrier.js';
import { endsLine, WRAPPED_LINE } from '../../../src/privacy/names/lines.js';
import { detectNames } from '../../../src/privacy/names/index.js';

const found = (text: string) => findAll(text).map((m) => `${m.category}:${text.slice(m.start, m.end)}`);
const names = (text: string) => detectNames(text).map((m) => text.slice(m.start, m.end));

describe('names and line breaks', () => {
  it('a signature: the name, then the e-mail and phone, each whole', () => {
    const text = 'Abraços,\nRenata Fagundes\nrenata.fagundes@gmail.com\n(11) 98765-4321';
    assert.deepEqual(found(text), [
      'nome:Renata Fagundes',
      'email:renata.fagundes@gmail.com',
      'telefone:(11) 98765-4321',
    ]);
  });

  it('a label block: the name, then the address under it', () => {
    const text = 'Remetente:\nOtávio Lins Cordeiro\nAv. Dom Pedro II, 45 - apto 3';
    assert.deepEqual(found(text).slice(0, 2), [
      'nome:Otávio Lins Cordeiro',
      'endereco:Av. Dom Pedro II, 45 - apto 3',
    ]);
  });

  it('lower case signatures too', () => {
    const text = 'att.,\nthiago moraes\nthiago.moraes@lumen.eng.br';
    assert.deepEqual(names(text), ['thiago moraes']);
  });

  it('a wrapped line of prose continues the name on the next line', () => {
    const head = 'Na reunião de ontem ficou decidido que o contrato será assinado por Renata';
    assert.ok(head.length >= WRAPPED_LINE);
    const text = `${head}\nFagundes Quintela, diretora da unidade.`;
    assert.deepEqual(names(text), ['Renata\nFagundes Quintela']);
  });

  it('what ends a line', () => {
    assert.equal(endsLine('Ana\nLins', 3, 4), true, 'a short line is a field');
    assert.equal(endsLine('Ana\n\nLins', 3, 5), true, 'a blank line ends a paragraph');
    assert.equal(endsLine('Ana Lins', 3, 4), false, 'no line break');
    const long = 'x'.repeat(WRAPPED_LINE) + ' Ana';
    assert.equal(endsLine(`${long}\nLins`, long.length, long.length + 1), false, 'a wrapped line');
    assert.equal(endsLine(`${long}:\nLins`, long.length + 1, long.length + 2), true, 'a label line');
  });
});

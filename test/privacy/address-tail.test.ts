// Whole addresses (detectors/address-tail.ts, endereco.ts): the neighbourhood, city, UF
// and CEP after a street, on its line or the lines of its block; chat addresses without
// capitals; and what stays — a label's line, a sentence that goes on, a CEP alone.
// Addresses invented for this test.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findAll } from '../../src/privacy/barrier.js';

const addresses = (text: string) =>
  findAll(text, { categories: ['endereco'] }).map((m) => text.slice(m.start, m.end));

describe('addresses as a whole', () => {
  const rows: [string, string, string[]][] = [
    [
      'one line, street to CEP',
      'Endereço: Rua das Acácias, 120, apto 81, Jardim Botânico, Porto Alegre - RS, CEP 90690-120.',
      ['Rua das Acácias, 120, apto 81, Jardim Botânico, Porto Alegre - RS, CEP 90690-120'],
    ],
    [
      'a complement after " - "',
      'Av. Dom Pedro II, 45 - apto 3, Centro',
      ['Av. Dom Pedro II, 45 - apto 3, Centro'],
    ],
    [
      'the lines of a block, ending in a CEP',
      'Remetente:\nOtávio Lins\nAv. Dom Pedro II, 45 - apto 3\nCentro - Recife/PE\nCEP 50030-120\n\nPedido 48213',
      ['Av. Dom Pedro II, 45 - apto 3\nCentro - Recife/PE\nCEP 50030-120'],
    ],
    [
      'upper case block',
      'RUA TIRADENTES, 90\nSAVASSI\nBELO HORIZONTE/MG',
      ['RUA TIRADENTES, 90\nSAVASSI\nBELO HORIZONTE/MG'],
    ],
    [
      'chat: no capitals, a complement settles it',
      'oi td bem? moro na rua tiradentes 450 casa 3, vila mariana\nvaleu',
      ['rua tiradentes 450 casa 3, vila mariana'],
    ],
    [
      'chat: the neighbourhood after "bairro"',
      'entrega na rua padre chagas 77 apto 12 bairro centro',
      ['rua padre chagas 77 apto 12 bairro centro'],
    ],
    ['a numbered street before a comma', 'Rua 7, 45, Centro', ['Rua 7, 45, Centro']],
    ['a numbered street before "nº"', 'moro na Rua 12 nº 300 - casa 2', ['Rua 12 nº 300 - casa 2']],
  ];
  for (const [name, text, want] of rows) it(name, () => assert.deepEqual(addresses(text), want));

  const stays: [string, string, string[]][] = [
    [
      'a line under the address that is no place',
      'Rua das Flores, 45\nMaria Souza ligou ontem',
      ['Rua das Flores, 45'],
    ],
    [
      'a label on the next line',
      'Endereço: Rua das Flores, 45\nTelefone: (11) 3456-7890',
      ['Rua das Flores, 45'],
    ],
    ['a sentence that goes on', 'Rua das Flores, 45, perto do mercado', ['Rua das Flores, 45']],
    ['a blank line ends the block', 'Rua das Flores, 45\n\nCEP 01234-567', ['Rua das Flores, 45']],
    [
      'a place on a later line without a UF or CEP',
      'Rua das Flores, 45\nCentro\nobrigado',
      ['Rua das Flores, 45'],
    ],
    ['chat: a count is no house number', 'na rua de cima tem 3 lojas', []],
    ['a numbered street without a house number', 'a Rua 7 fica longe', []],
    ['a numbered street and a count', 'na rua 3, 45 pessoas', []],
    ['chat: a length is no house number', 'a rua tem 120 metros', []],
    ['capitals around: a lower-case name needs a comma', 'O pedido foi para rua tiradentes 450 casa 3', []],
    ['a CEP alone', 'CEP 01310-100, São Paulo - SP', []],
    // A number on the next line opens the search for a street before it.
    ['chat: a year after "em" is no house number', 'a rua estava cheia em 2005\nCPF 311', []],
    [
      "a CEP closes the block: the next line's CEP is another",
      'Rua Santa Clara, 1840, sala 22 - 78276-429\nCEP 68646-861, Recife',
      ['Rua Santa Clara, 1840, sala 22 - 78276-429'],
    ],
  ];
  for (const [name, text, want] of stays) it(`stays: ${name}`, () => assert.deepEqual(addresses(text), want));
});

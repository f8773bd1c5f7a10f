// Personal data as people write it in business text: Brasília's sector addresses, rural
// properties, labels a few words before or a line above their value, old telephone
// prefixes, e-mails typed with spaces; and next to each, the look-alikes that must stay.
// Every value is invented; check digits are valid where the category has them.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findAll } from '../../src/privacy/barrier.js';
import type { Category } from '../../src/privacy/types.js';

/** [masked text, category] of every match, names left out. */
const found = (text: string): [string, Category][] =>
  findAll(text, { names: false }).map((m) => [text.slice(m.start, m.end), m.category]);

/** Each row: a text and exactly what must be found in it (nothing, for a decoy). */
function table(rows: [string, [string, Category][]][]): void {
  for (const [text, want] of rows) {
    it(JSON.stringify(text), () => assert.deepEqual(found(text), want));
  }
}

const CPF = '52998224725';
const CNS = '276043827720004';

describe('Brasília addresses: a sector code with its blocks, a region or an address word', () => {
  table([
    [
      'Endereço: SQN 210 bloco F apto 302, Asa Norte, Brasília - DF',
      [['SQN 210 bloco F apto 302, Asa Norte, Brasília - DF', 'endereco']],
    ],
    ['moro na SQS 308 Bloco C', [['SQS 308 Bloco C', 'endereco']]],
    [
      'residente na SHIS QI 05 conjunto 8 casa 12, Lago Sul',
      [['SHIS QI 05 conjunto 8 casa 12, Lago Sul', 'endereco']],
    ],
    ['Loja: CLN 405 bloco B loja 20', [['CLN 405 bloco B loja 20', 'endereco']]],
    ['endereço: QNM 34 conjunto H lote 10 Ceilândia', [['QNM 34 conjunto H lote 10 Ceilândia', 'endereco']]],
    ['entrega na qnm 34 conjunto h lote 10 ceilandia', [['qnm 34 conjunto h lote 10 ceilandia', 'endereco']]],
    ['SQN 210, Asa Norte', [['SQN 210, Asa Norte', 'endereco']]],
    ['moro na SQS 308', [['SQS 308', 'endereco']]],
    // Numbered streets still read as streets.
    ['Rua 7, 120 - Setor Oeste, Goiânia', [['Rua 7, 120 - Setor Oeste, Goiânia', 'endereco']]],
    // The same codes and numbers with nothing of an address: an IQ, a car, a room.
    ['o QI 130 dele impressiona', []],
    ['o cliente tem um CLS 350 e quer revisão', []],
    ['a reunião é na sala 302 do bloco F', []],
    ['SQN 210', []],
  ]);
});

describe('rural addresses: a property and a rural cue after it', () => {
  table([
    [
      'Sítio Boa Esperança, zona rural, Itapecerica - MG',
      [['Sítio Boa Esperança, zona rural, Itapecerica - MG', 'endereco']],
    ],
    ['Fazenda Santa Rita, km 12 da BR-050', [['Fazenda Santa Rita, km 12 da BR-050', 'endereco']]],
    ['Chácara 14, Núcleo Rural Vargem Bonita', [['Chácara 14, Núcleo Rural Vargem Bonita', 'endereco']]],
    ['Estrada Municipal dos Pinheiros, s/n', [['Estrada Municipal dos Pinheiros, s/n', 'endereco']]],
    ['SÍTIO BOA VISTA - KM 8 DA MG-050', [['SÍTIO BOA VISTA - KM 8 DA MG-050', 'endereco']]],
    // An "s/n" before a later number of a lower-case line: both searched.
    [
      'propriedade: estrada municipal boa esperança, s/n, zona rural\ntítulo 349232872534 zona 12 seção 04',
      [
        ['estrada municipal boa esperança, s/n, zona rural', 'endereco'],
        ['349232872534 zona 12 seção 04', 'titulo_eleitor'],
      ],
    ],
    // A property's name without a rural cue: a company, a ministry, a website.
    ['A Fazenda Santa Rita Agropecuária fechou o pedido 48213.', []],
    ['conforme o Ministério da Fazenda, a zona rural paga menos', []],
    ['publicado no sítio eletrônico do tribunal, km de fila', []],
  ]);
});

describe('labels as people write them', () => {
  table([
    [`nº SUS ${CNS}`, [[CNS, 'cns']]],
    [`SUS: ${CNS}`, [[CNS, 'cns']]],
    [`cartão sus ${CNS}`, [[CNS, 'cns']]],
    ['renavan 07221492086', [['07221492086', 'renavam']]],
    ['pass. AB123456', [['AB123456', 'passaporte']]],
    ['passaporte n. AB123456', [['AB123456', 'passaporte']]],
    ['Passport no AB123456', [['AB123456', 'passaporte']]],
    ['aniversário: 12/3/87', [['12/3/87', 'data_nascimento']]],
    ['nascido em 12/3/87', [['12/3/87', 'data_nascimento']]],
    ['nasc. 03/04/90', [['03/04/90', 'data_nascimento']]],
    ['Carteira de identidade: M-12.345.678', [['12.345.678', 'rg']]],
    ['carteira de identidade: m-12.345.678', [['12.345.678', 'rg']]],
    ['carro: Gol prata FQX3B21', [['FQX3B21', 'placa']]],
    ['carro: Volkswagen Gol prata FQX3B21', [['FQX3B21', 'placa']]],
    ['título 349232872534 zona 123 seção 0456', [['349232872534 zona 123 seção 0456', 'titulo_eleitor']]],
    [`O CPF do titular é o ${CPF}`, [[CPF, 'cpf']]],
    [`o CPF dele, se não me engano, é ${CPF}`, [[CPF, 'cpf']]],
    // Decoys: a boarding pass, a booking code, other dates, a plate's label on another line.
    ['boarding pass AB123456', []],
    ['boarding pass: AB123456 e localizador XY987654', []],
    ['aniversário da empresa em 12/03/2025', []],
    ['vencimento 12/03/27, reunião em 12/03/2026', []],
    ['voo LA3456 em 12/03/2025', []],
    ['Processo 0001234-56.2024.8.26.0100', []],
    ['carro: entregue\nFQX3B21', []],
  ]);
});

describe('a number alone on its line under a question about it', () => {
  table([
    [`pode confirmar esse cpf?\n${CPF}`, [[CPF, 'cpf']]],
    [`qual o seu cpf, por favor, pra eu confirmar aqui no sistema?\n${CPF}`, [[CPF, 'cpf']]],
    [`qual o número do cartão do sus?\n  ${CNS}.`, [[CNS, 'cns']]],
    // A question about something else, or a number that is not alone on its line.
    [`pode confirmar o pedido?\n${CPF}`, []],
    [`qual o seu cpf, por favor, pra eu confirmar aqui no sistema?\npedido ${CPF}`, []],
    [`o cadastro pede o seu cpf e a gente precisa dele pra confirmar no sistema\n${CPF}`, []],
  ]);
});

describe('telephones with old prefixes', () => {
  table([
    ['tel 0xx11 98765-4321', [['0xx11 98765-4321', 'telefone']]],
    ['(0xx11) 3456-7890', [['(0xx11) 3456-7890', 'telefone']]],
    ['fone (0XX31) 3456-7890', [['(0XX31) 3456-7890', 'telefone']]],
    // Through a carrier code a capital-like subscriber is an ordinary long-distance line.
    ['me liga 0 31 77 4000 7856', [['0 31 77 4000 7856', 'telefone']]],
    ['fone 0xx21 4007-6529', [['0xx21 4007-6529', 'telefone']]],
    // Capital numbers dialled alone stay business numbers; "xx" inside a word is no prefix.
    ['central 4004 0001', []],
    ['lote ab0xx11 98765', []],
  ]);
});

describe('labels and verbs the name model took for names', () => {
  const withNames = (text: string) =>
    findAll(text).map((m): [string, Category] => [text.slice(m.start, m.end), m.category]);
  const rows: [string, [string, Category][]][] = [
    ['o renavam do carro é 8676959730-8', [['8676959730-8', 'renavam']]],
    ['moro na SQS 308 Bloco C', [['SQS 308 Bloco C', 'endereco']]],
    // A label word with no value after it may be a surname.
    ['a vereadora bandeira faltou na sessao de ontem', [['bandeira', 'nome']]],
  ];
  for (const [text, want] of rows) it(JSON.stringify(text), () => assert.deepEqual(withNames(text), want));
});

describe('e-mails typed with spaces', () => {
  table([
    ['renata . barros @ gmail . com', [['renata . barros @ gmail . com', 'email']]],
    ['renata.barros @gmail.com', [['renata.barros @gmail.com', 'email']]],
    ['manda pra renata_b @ empresa.com.br por favor', [['renata_b @ empresa.com.br', 'email']]],
    // A handle, a full stop after an address, an "@" in prose.
    ['me segue no insta @joao.silva', []],
    ['valeu @maria e @joao.dev', []],
    ['obrigado @ana.com pela ajuda', []],
    ['meu email: ana@empresa.com. Depois te ligo', [['ana@empresa.com', 'email']]],
    ['escreve pra ana@x.com . se precisar', [['ana@x.com', 'email']]],
    ['o time @ slack decide', []],
  ]);
});

// Bank details, random Pix keys, plates, street addresses, dates of birth and IP
// addresses, table-driven through the registry as categories.test.ts does for documents.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findAll } from '../../src/privacy/barrier.js';
import type { Category } from '../../src/privacy/types.js';

function found(text: string): [string, Category, string][] {
  return findAll(text, { names: false }).map((m) => [text.slice(m.start, m.end), m.category, m.key]);
}

type Row = [text: string, values: [string, string][]];

function table(category: Category, rows: Row[]): void {
  test(`${category}: forms, words and decoys`, () => {
    for (const [text, values] of rows) {
      assert.deepEqual(
        found(text),
        values.map(([v, key]) => [v, category, key]),
        text,
      );
    }
  });
}

table('conta_bancaria', [
  [
    'agência 1234, conta corrente 12345-6',
    [
      ['1234', '1234'],
      ['12345-6', '123456'],
    ],
  ],
  [
    'ag. 0001-9 c/c 0012345-X (Itaú)',
    [
      ['0001-9', '00019'],
      ['0012345-X', '0012345X'],
    ],
  ],
  ['Conta: 98765-4', [['98765-4', '987654']]],
  ['minha conta é a 98765-4', [['98765-4', '987654']]],
  ['conta-corrente nº 12345-6', [['12345-6', '123456']]],
  ['conta poupança 1 2 3 4 5 - 6', [['1 2 3 4 5 - 6', '123456']]],
  ['conta corrente 12345-\n6', [['12345-\n6', '123456']]],
  ['c/c um dois três quatro cinco traço seis', [['um dois três quatro cinco traço seis', '123456']]],
  ['a empresa conta com 1500 funcionários', []],
  ['a conta deu R$ 45,90', []],
  ['a conta de 3 itens', []],
]);

const UUID = '9f0a4eb0-2fcb-4c6e-a69b-a1fde4be7767';
table('chave_pix', [
  [`chave pix ${UUID}`, [[UUID, UUID]]],
  [`chave aleatória: ${UUID.toUpperCase()}.`, [[UUID.toUpperCase(), UUID]]],
  [`request id ${UUID}`, []],
  [`pedido ${UUID}`, []],
]);

table('placa', [
  ['placa ABC1D23', [['ABC1D23', 'ABC1D23']]],
  ['veículo de placa ABC-1234, cor prata', [['ABC-1234', 'ABC1234']]],
  ['placa do carro abc 1234', [['abc 1234', 'ABC1234']]],
  ['modelo ABC1D23', []],
  ['ABC-1234 é o lote', []],
  ['placa ainda antiga, SAC 0800 072 4838', []],
]);

table('endereco', [
  [
    'moro na Rua das Flores, 120, apto 31, CEP 01234-567',
    [['Rua das Flores, 120, apto 31, CEP 01234-567', 'rua das flores, 120, apto 31, cep 01234-567']],
  ],
  ['Av. Paulista 1578 - Bela Vista', [['Av. Paulista 1578 - Bela Vista', 'av. paulista 1578 - bela vista']]],
  ['entregar na rua sete de setembro, 45.', [['rua sete de setembro, 45', 'rua sete de setembro, 45']]],
  [
    'Travessa São José nº 45, casa 2',
    [['Travessa São José nº 45, casa 2', 'travessa sao jose nº 45, casa 2']],
  ],
  ['Praça XV de Novembro 384', [['Praça XV de Novembro 384', 'praca xv de novembro 384']]],
  ['CEP 01310-100, São Paulo', []],
  ['a rua tem 120 metros', []],
  ['na avenida principal, 3 quarteirões depois', []],
  [
    'Rua das Flores, 120\nCEP 01234-567',
    [['Rua das Flores, 120\nCEP 01234-567', 'rua das flores, 120 cep 01234-567']],
  ],
]);

table('data_nascimento', [
  ['nascido em 03/03/1990', [['03/03/1990', '1990-03-03']]],
  ['nascida em 3 de março de 1990', [['3 de março de 1990', '1990-03-03']]],
  ['data de nascimento: 1990-03-03', [['1990-03-03', '1990-03-03']]],
  ['DN 3.3.90', [['3.3.90', '1990-03-03']]],
  ['nasceu no dia 1º de abril de 1985', [['1º de abril de 1985', '1985-04-01']]],
  ['nascido em 31/02/1990', []], // no such day
  ['reunião em 12/03/2025', []],
  ['vence em 10/12/2025', []],
  ['DN: 03/03/1990, evento em 10/05/2024', [['03/03/1990', '1990-03-03']]],
]);

table('ip', [
  ['acessou do IP 187.45.12.9', [['187.45.12.9', '187.45.12.9']]],
  ['login a partir de 200.147.3.1 às 14h', [['200.147.3.1', '200.147.3.1']]],
  ['IP 2804:14c:65a0::1', [['2804:14c:65a0::1', '2804:14c:65a0::1']]],
  ['IP interno 192.168.0.15', [['192.168.0.15', '192.168.0.15']]],
  ['servidor 192.168.0.15', []],
  ['host 10.0.0.1', []],
  ['servidor 187.45.12.9', []],
  ['versão 1.2.3.4', []],
  ['às 10:30:00', []],
  ['MAC 00:1A:2B:3C:4D:5E', []],
  ['endereço fe80::1', []],
]);

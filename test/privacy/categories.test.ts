// Every category beyond CPF, CNPJ, e-mail and telephone, table-driven through the
// registry: each written form, a failed check digit, with and without its word, each
// disguise (digits spelled apart, separators spaced, a line break inside, digits as
// words), and the decoys that must stay.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findAll } from '../../src/privacy/barrier.js';
import type { Category } from '../../src/privacy/types.js';

/** [matched text, category, key] of every match. */
function found(text: string): [string, Category, string][] {
  return findAll(text, { names: false }).map((m) => [text.slice(m.start, m.end), m.category, m.key]);
}

type Row = [text: string, value: string | null, key?: string];

/** Each row: the text, and the one value found in it (null: nothing at all). */
function table(category: Category, rows: Row[]): void {
  test(`${category}: forms, checks, words, disguises and decoys`, () => {
    for (const [text, value, key] of rows) {
      const got = found(text);
      if (value === null) assert.deepEqual(got, [], text);
      else assert.deepEqual(got, [[value, category, key ?? value.replace(/[^0-9A-Za-z]/g, '')]], text);
    }
  });
}

const WORDS = ['zero', 'um', 'dois', 'três', 'quatro', 'cinco', 'seis', 'sete', 'oito', 'nove'];
const words = (digits: string) => [...digits].map((d) => WORDS[Number(d)]).join(' ');
const apart = (digits: string) => [...digits].join(' ');

table('rg', [
  ['RG 31.203.131-2 SSP/SP', '31.203.131-2'],
  ['segue 31.203.131-2, ok?', '31.203.131-2', '312031312'],
  ['identidade 16.306.958-X', '16.306.958-X', '16306958X'],
  ['RG: 31203131-2', '31203131-2', '312031312'],
  ['RG 312031312', '312031312'],
  ['identidade 1.234.567 SSP/SC', '1.234.567', '1234567'],
  ['RG MG-12.345.678', '12.345.678', '12345678'],
  ['carteira de identidade 1234567 (SSP/PR)', '1234567'],
  ['segue 31.203.131-3, ok?', null], // failed check, no word
  ['RG 3 1 . 2 0 3 . 1 3 1 - 2', '3 1 . 2 0 3 . 1 3 1 - 2', '312031312'],
  [`RG ${apart('312031312')}`, apart('312031312'), '312031312'],
  ['RG 31.203.\n131-2', '31.203.\n131-2', '312031312'],
  [`meu RG é ${words('312031312')}`, words('312031312'), '312031312'],
  ['estoque de 12.345.678 itens', null],
  ['data de emissão: 12.03.2010', null],
  ['RG 31.203.131-2 emitido em 12/03/2010', '31.203.131-2', '312031312'],
  ['o carro sai por R$ 12.345.678', null],
]);

table('cnh', [
  ['CNH nº 58316794534', '58316794534'],
  ['carteira de motorista 583167945-34', '583167945-34', '58316794534'],
  ['habilitação: 69156898590, categoria B', '69156898590'],
  ['CNH 58316794535', null],
  ['segue 58316794534', null],
  [`CNH ${apart('58316794534')}`, apart('58316794534'), '58316794534'],
  ['CNH 583167945-\n34', '583167945-\n34', '58316794534'],
  [`registro da CNH: ${words('58316794534')}`, words('58316794534'), '58316794534'],
  ['protocolo 58316794534 confirmado', null],
]);

table('pis', [
  ['PIS 295.84675.32-0', '295.84675.32-0', '29584675320'],
  ['segue 295.84675.32-0 (Caixa)', '295.84675.32-0', '29584675320'],
  ['NIS 29584675320', '29584675320'],
  ['NIT nº 10986065797', '10986065797'],
  ['PIS 295.84675.32-1', null],
  ['segue 29584675320', null],
  ['PIS 2 9 5 . 8 4 6 7 5 . 3 2 - 0', '2 9 5 . 8 4 6 7 5 . 3 2 - 0', '29584675320'],
  ['PIS 295.84675.32-\n0', '295.84675.32-\n0', '29584675320'],
  [`meu NIS é ${words('29584675320')}`, words('29584675320'), '29584675320'],
  ['nota fiscal 29584675320', null],
]);

table('titulo_eleitor', [
  ['título de eleitor 1023 8501 0671', '1023 8501 0671', '102385010671'],
  // The zone and section after it say where the voter votes: part of its span, not of its key.
  [
    'título eleitoral nº 102385010671, zona 123, seção 0456',
    '102385010671, zona 123, seção 0456',
    '102385010671',
  ],
  ['título de eleitor 1023 8501 0672', null],
  ['segue 102385010671', null],
  ['título de eleitor 1023 8501\n0671', '1023 8501\n0671', '102385010671'],
  [`meu título é ${apart('102385010671')}`, apart('102385010671'), '102385010671'],
  [`título eleitoral ${words('102385010671')}`, words('102385010671'), '102385010671'],
  ['pedido 102385010671 enviado', null],
]);

table('cns', [
  ['cartão do SUS 101 0189 0144 0002', '101 0189 0144 0002', '101018901440002'],
  ['segue 837 7857 4525 7028.', '837 7857 4525 7028', '837785745257028'],
  ['CNS 837785745257028', '837785745257028'],
  ['cartão do SUS 837 7857 4525 7029', null],
  ['segue 837785745257028', null],
  ['CNS 837 7857\n4525 7028', '837 7857\n4525 7028', '837785745257028'],
  [`cartão SUS nº ${words('837785745257028')}`, words('837785745257028'), '837785745257028'],
  ['fatura 837785745257028 paga', null],
]);

table('renavam', [
  ['RENAVAM 86769597308', '86769597308'],
  ['código RENAVAM 498457737', '498457737', '00498457737'],
  ['o renavam do carro é 8676959730-8', '8676959730-8', '86769597308'],
  ['RENAVAM 86769597309', null],
  ['segue 86769597308', null],
  [`Renavam: ${apart('86769597308')}`, apart('86769597308'), '86769597308'],
  [`RENAVAM ${words('86769597308')}`, words('86769597308'), '86769597308'],
  ['código de rastreio 86769597308', null],
  ['renavan 86769597308', '86769597308'], // a common misspelling
]);

table('passaporte', [
  ['passaporte FZ123456', 'FZ123456'],
  ['passaporte nº FZ 123456, validade 2031', 'FZ 123456', 'FZ123456'],
  ['SKU FZ123456', null],
  ['FZ123456 é o código do pedido', null],
  ['pass. FZ123456', 'FZ123456'], // abbreviated, as in forms
  ['pasaporte FZ123456', 'FZ123456'],
  ['senha do pass 123456', null],
]);

table('cartao', [
  ['cartão 4111 1111 1111 1111', '4111 1111 1111 1111', '4111111111111111'],
  ['segue 5041 7599 5735 0169.', '5041 7599 5735 0169', '5041759957350169'],
  ['paguei com 6062-8241-1573-0793', '6062-8241-1573-0793', '6062824115730793'],
  ['Amex 3782 822463 10005', '3782 822463 10005', '378282246310005'],
  ['cartão de crédito 4061147308112280', '4061147308112280'],
  ['cartão 4111 1111 1111 1112', null], // Luhn fails
  ['segue 4061147308112280', null], // bare, no word
  ['pedido nº 4111 1111 1111 1111', null],
  [`cartão ${apart('4111111111111111')}`, apart('4111111111111111'), '4111111111111111'],
  ['cartão 4111 1111\n1111 1111', '4111 1111\n1111 1111', '4111111111111111'],
  [`número do cartão: ${words('4111111111111111')}`, words('4111111111111111'), '4111111111111111'],
]);

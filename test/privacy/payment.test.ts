// Payment data: a card's expiry and security code masked with it, a valid card over a
// nearer label of another category, Pix "copia e cola" payloads (BR Code) and Pix keys
// written bare after "pix"/"chave". Card numbers are Luhn-valid test values; the BR Code
// is the example payload of the Pix specification, whose CRC (1D3D) is published with it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findAll } from '../../src/privacy/barrier.js';
import { crc16 } from '../../src/privacy/detectors/br-code.js';

const found = (text: string) =>
  findAll(text, { names: false }).map((m) => `${m.category}:${text.slice(m.start, m.end)}`);

const CARD = '5374 9282 7720 7220';
const EXAMPLE =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***6304';

describe('cards with their codes', () => {
  const rows: [string, string[]][] = [
    [`cc ${CARD} val 03/28 cvv 914`, [`cartao:${CARD} val 03/28 cvv 914`]],
    [
      `Cartão: ${CARD}, validade 08/2029, código de segurança 123.`,
      [`cartao:${CARD}, validade 08/2029, código de segurança 123`],
    ],
    [`cartao ${CARD} cvc 456 exp 11/30`, [`cartao:${CARD} cvc 456 exp 11/30`]],
    // A valid card outranks the nearer "cc" (conta corrente): no branch-sized piece alone.
    ['cc 5374928277207220 val 03/28', ['cartao:5374928277207220 val 03/28']],
    [`Ag 1234 cc ${CARD}`, ['conta_bancaria:1234', `cartao:${CARD}`]],
  ];
  for (const [text, want] of rows) it(text, () => assert.deepEqual(found(text), want));

  const stays: [string, string, string[]][] = [
    ['a card number as an order number', 'pedido nº 5374928277207220', []],
    ['five digits are no security code', `cartao ${CARD} cvv 12345`, [`cartao:${CARD}`]],
    ['a date of another thing', `cartão ${CARD}; a fatura de 03/28 vence dia 10`, [`cartao:${CARD}`]],
  ];
  for (const [name, text, want] of stays) it(`stays: ${name}`, () => assert.deepEqual(found(text), want));
});

describe('BR Code (Pix copia e cola)', () => {
  it('the CRC16 of the specification example', () => assert.equal(crc16(EXAMPLE), '1D3D'));

  it('key, name and city are masked; amount and the rest stay readable', () => {
    const text = `segue o pix copia e cola:\n${EXAMPLE}1D3D\nobrigado`;
    assert.deepEqual(found(text), [
      'chave_pix:123e4567-e12b-12d1-a456-426655440000',
      'chave_pix:Fulano de Tal',
      'chave_pix:BRASILIA',
    ]);
  });

  it('a payload whose CRC fails is not read', () => {
    assert.deepEqual(found(`pix copia e cola: ${EXAMPLE}1D3E`), []);
  });

  it('a payload with an e-mail key and an amount', () => {
    const body =
      '00020126450014br.gov.bcb.pix0123renata.barros@gmail.com5204000053039865406150.005802BR' +
      '5922RENATA QUINTELA BARROS6012PORTO ALEGRE62130509PED1234566304';
    const text = `${body}${crc16(body)}`;
    const got = found(text);
    assert.deepEqual(got, [
      'chave_pix:renata.barros@gmail.com',
      'chave_pix:RENATA QUINTELA BARROS',
      'chave_pix:PORTO ALEGRE',
    ]);
    assert.ok(text.includes('5406150.00'), 'the amount field is no personal item');
  });
});

describe('Pix keys written bare', () => {
  const rows: [string, string[]][] = [
    ['pix 11987654321', ['telefone:11987654321']],
    ['pix: 52998224725', ['cpf:52998224725']],
    ['minha chave pix é 5511987654321', ['telefone:5511987654321']],
    ['pedido 11987654321', []],
    ['pix 12345678901', []],
    ['pix do pedido 48213', []],
  ];
  for (const [text, want] of rows) it(text, () => assert.deepEqual(found(text), want));
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createPhoneDetector, phoneDetector } from '../../src/privacy/detectors/telefone.js';
import { found } from './helpers.js';

const M = '11987654321';
const L = '1134567890';

test('mobile and landline formats', () => {
  const cases: [string, string][] = [
    ['(11) 98765-4321', M],
    ['(11)98765-4321', M],
    ['11 98765-4321', M],
    ['11 9 8765-4321', M],
    ['11-98765-4321', M],
    ['11.98765.4321', M],
    ['+55 11 98765-4321', M],
    ['+55 (11) 98765-4321', M],
    ['+5511987654321', M],
    ['55 11 98765 4321', M],
    ['0055 11 98765-4321', M],
    ['011 98765-4321', M],
    ['0 21 11 98765 4321', M],
    ['015 11 98765-4321', M],
    ['(11) 3456-7890', L],
    ['+55 11 3456 7890', L],
    ['(21) 2345-6789', '2123456789'],
    ['(99) 99876-5432', '99998765432'],
  ];
  for (const [v, key] of cases) {
    assert.deepEqual(found(phoneDetector, `me liga no ${v} amanhã`), [[v, key]], v);
    assert.deepEqual(found(phoneDetector, v), [[v, key]], `${v} alone`);
  }
});

test('bare runs and numbers without DDD need a telephone word', () => {
  assert.deepEqual(found(phoneDetector, 'whatsapp 11987654321'), [['11987654321', M]]);
  assert.deepEqual(found(phoneDetector, 'meu zap: 98765-4321'), [['98765-4321', '987654321']]);
  assert.deepEqual(found(phoneDetector, 'tel. 3456-7890'), [['3456-7890', '34567890']]);
  assert.deepEqual(found(phoneDetector, '11987654321'), []);
  assert.deepEqual(found(phoneDetector, 'pedido 11987654321'), []);
  assert.deepEqual(found(phoneDetector, '98765-4321'), []);
  assert.deepEqual(found(phoneDetector, 'celular do pedido 11987654321'), [], 'nearest word wins');
});

test('invalid area codes and subscriber numbers', () => {
  for (const t of [
    '(52) 98765-4321',
    '(20) 3456-7890',
    '(11) 8765-4321',
    '(11) 1234-5678',
    '+1 212 555 0100',
  ]) {
    assert.deepEqual(found(phoneDetector, t), [], t);
  }
});

test('business numbers only when asked for', () => {
  const t = 'SAC 0800 123 4567, ou 4004-1234, ou (11) 4004-1234, ou 0300 789 0000';
  assert.deepEqual(found(phoneDetector, t), []);
  assert.deepEqual(found(createPhoneDetector({ includeBusiness: true }), t), [
    ['0800 123 4567', '08001234567'],
    ['4004-1234', '40041234'],
    ['(11) 4004-1234', '1140041234'],
    ['0300 789 0000', '03007890000'],
  ]);
});

test('look-alikes', () => {
  for (const t of [
    'CPF 529.982.247-25',
    'CEP 01310-100',
    'R$ 11.987.654,32',
    'em 15/03/2024 às 10:30',
    'IP 200.147.67.142',
    'nota fiscal 000.119.876.543',
    'timestamp 1711987654321',
    'hash 9f11987654321ab',
    'NF 11987654321',
    'versão 11.9876.5432.1',
  ]) {
    assert.deepEqual(found(phoneDetector, t), [], t);
  }
});

test('two phones in a row', () => {
  const t = 'fixo (11) 3456-7890, celular (11) 98765-4321';
  assert.deepEqual(
    found(phoneDetector, t).map((x) => x[1]),
    [L, M],
  );
  assert.deepEqual(
    found(phoneDetector, '11 3456-7890 11 98765-4321').map((x) => x[1]),
    [L, M],
  );
});

test('an area code is never split across groups', () => {
  assert.deepEqual(found(phoneDetector, 'fim 00. (44) 92874-1725'), [['(44) 92874-1725', '44928741725']]);
});

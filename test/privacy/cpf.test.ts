import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cpfDetector } from '../../src/privacy/detectors/cpf.js';
import { breakCheck, cpfFrom, found } from './helpers.js';

const K = '52998224725';

test('masked and typed variants', () => {
  for (const v of [
    '529.982.247-25',
    '529 982 247 25',
    '529.982.247 25',
    '529982247-25',
    '529.982.247 - 25',
  ]) {
    assert.deepEqual(found(cpfDetector, `O CPF do cliente é ${v}.`), [[v, K]], v);
    assert.deepEqual(found(cpfDetector, `${v}`), [[v, K]], `${v} alone`);
  }
});

test('bare 11 digits need a document word nearby', () => {
  assert.deepEqual(found(cpfDetector, 'meu cpf é 52998224725'), [['52998224725', K]]);
  assert.deepEqual(found(cpfDetector, 'C.P.F.: 52998224725'), [['52998224725', K]]);
  assert.deepEqual(found(cpfDetector, 'documento 52998224725 em anexo'), [['52998224725', K]]);
  assert.deepEqual(found(cpfDetector, 'Inscrição nº 52998224725'), [['52998224725', K]]);
  assert.deepEqual(found(cpfDetector, '52998224725 (meu CPF)'), [['52998224725', K]], 'word after');
  assert.deepEqual(found(cpfDetector, 'segue 52998224725'), []);
  assert.deepEqual(found(cpfDetector, 'pedido 52998224725 do cpf anterior'), [], 'nearest word is "pedido"');
  const far = 'cpf ' + 'x'.repeat(80) + ' 52998224725';
  assert.deepEqual(found(cpfDetector, far), [], 'context word too far away');
});

test('CPF versus telephone by nearest word', () => {
  const t = 'meu cpf e telefone: 52998224725 e 11987654321';
  assert.deepEqual(found(cpfDetector, t), [['52998224725', K]], 'not a valid phone, so the cpf word counts');
  const cpfLikePhone = cpfFrom('119876543');
  assert.deepEqual(
    found(cpfDetector, `telefone ${cpfLikePhone}`),
    [],
    'a phone word alone is not CPF context',
  );
});

test('invalid check digits and identical digits are rejected', () => {
  assert.deepEqual(found(cpfDetector, `CPF ${breakCheck('529.982.247-25')}`), []);
  assert.deepEqual(found(cpfDetector, 'CPF 111.111.111-11'), []);
  assert.deepEqual(found(cpfDetector, 'cpf 00000000000'), []);
});

test('look-alikes', () => {
  for (const t of [
    'R$ 529.982.247,25',
    'IP 192.168.100.12',
    '192.168.100.41 ', // four dotted groups that can be an IP address, without a document word
    'servidor 192.168.100.41, CPF do admin',
    'hash a52998224725f',
    'código 1529.982.247-25',
    '529.982.247-251',
    'x-529.982.247-25',
    'data 2024-03-15 pedido 12345678901',
    'https://loja.com/p/52998224725',
  ]) {
    assert.deepEqual(found(cpfDetector, t), [], t);
  }
});

test('four dotted groups: a CPF unless they can be an IP address', () => {
  assert.deepEqual(found(cpfDetector, 'segue 529.982.247.25 ok'), [['529.982.247.25', K]], '529 is no octet');
  assert.deepEqual(found(cpfDetector, 'CPF 192.168.100.41'), [['192.168.100.41', '19216810041']]);
  assert.deepEqual(found(cpfDetector, 'IP 192.168.100.41'), []);
});

test('separators a person still reads', () => {
  for (const v of ['529/982/247/25', '529_982_247_25', '529.982.247/25', '529.982.247_25']) {
    assert.deepEqual(found(cpfDetector, `cliente ${v} ok`), [[v, K]], v);
  }
  assert.deepEqual(found(cpfDetector, 'arquivo_529.982.247-25'), [], 'glued to a word by "_"');
  assert.deepEqual(found(cpfDetector, '529.982.247-25_v2'), [], 'glued to a word by "_"');
});

test('several CPFs in one cluster of numbers', () => {
  const a = cpfFrom('123456789');
  const t = `CPFs: 529.982.247-25 ${a.slice(0, 3)}.${a.slice(3, 6)}.${a.slice(6, 9)}-${a.slice(9)}`;
  assert.deepEqual(
    found(cpfDetector, t).map((x) => x[1]),
    [K, a],
  );
});

test("a label on the next line is the next value's", () => {
  const d = cpfFrom('080014463');
  const t = `SAC ${d.slice(0, 4)} ${d.slice(4, 7)} ${d.slice(7)}\n\nCPF do titular abaixo`;
  assert.deepEqual(found(cpfDetector, t), []);
});

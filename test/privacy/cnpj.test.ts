import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cnpjDetector } from '../../src/privacy/detectors/cnpj.js';
import { breakCheck, cnpjFrom, found } from './helpers.js';

test('numeric masks', () => {
  const k = '11222333000181';
  for (const v of ['11.222.333/0001-81', '11222333/0001-81', '11.222.333 0001 81', '11 222 333/0001-81']) {
    assert.deepEqual(found(cnpjDetector, `Empresa X, ${v}.`), [[v, k]], v);
    assert.deepEqual(found(cnpjDetector, `fornecedor ${v} ok`), [[v, k]], `${v} without context`);
  }
});

test('alphanumeric format, any case, key uppercase without mask', () => {
  const k = '12ABC34501DE35';
  for (const v of ['12.ABC.345/01DE-35', '12.abc.345/01de-35', '12ABC345/01DE35', '12.ABC.345/01DE35']) {
    assert.deepEqual(found(cnpjDetector, `a empresa ${v} pagou`), [[v, k]], v);
  }
  const other = cnpjFrom('AB9XYZ12W3Q0');
  const masked = `${other.slice(0, 2)}.${other.slice(2, 5)}.${other.slice(5, 8)}/${other.slice(8, 12)}-${other.slice(12)}`;
  assert.deepEqual(found(cnpjDetector, `fornecedor ${masked}`), [[masked, other]]);
});

test('unmasked candidates need a context word', () => {
  assert.deepEqual(found(cnpjDetector, 'CNPJ 11222333000181'), [['11222333000181', '11222333000181']]);
  assert.deepEqual(found(cnpjDetector, 'cnpj: 12abc34501de35'), [['12abc34501de35', '12ABC34501DE35']]);
  assert.deepEqual(found(cnpjDetector, 'Razão social ACME, 12ABC34501DE35'), [
    ['12ABC34501DE35', '12ABC34501DE35'],
  ]);
  assert.deepEqual(found(cnpjDetector, 'token 11222333000181'), []);
  assert.deepEqual(found(cnpjDetector, 'token 12ABC34501DE35'), []);
  assert.deepEqual(found(cnpjDetector, 'pedido 11222333000181 da empresa'), [], 'nearest word is "pedido"');
});

test('invalid check digits, identical digits and look-alikes', () => {
  for (const t of [
    `CNPJ ${breakCheck('11.222.333/0001-81')}`,
    `CNPJ ${breakCheck('12.ABC.345/01DE-35')}`,
    'CNPJ 00.000.000/0000-00',
    'data 11/22/2024',
    'caminho /usr/12.ABC.345/01DE-35X',
    'R$ 11.222.333,00',
    'sha 9f11222333000181ab',
  ]) {
    assert.deepEqual(found(cnpjDetector, t), [], t);
  }
});

test("a label on the next line, or after a run of numbers, is not this number's", () => {
  const v = cnpjFrom('486307038292');
  assert.deepEqual(
    found(cnpjDetector, `linha digitável 31673.04342 92096.728134 16705.562829 9 ${v} empresa`),
    [],
  );
  assert.deepEqual(found(cnpjDetector, `${v}\n\nempresa ACME`), []);
  assert.deepEqual(found(cnpjDetector, `${v} (CNPJ)`), [[v, v]], 'a label after it on the same line');
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isValidCnpj, isValidCpf, nationalNumber, VALID_DDDS } from '../../src/privacy/checks.js';
import { breakCheck, cnpjFrom, cpfFrom } from './helpers.js';

test('CPF check digits', () => {
  assert.equal(isValidCpf('52998224725'), true);
  assert.equal(isValidCpf('52998224726'), false);
  assert.equal(isValidCpf('11111111111'), false, 'identical digits pass the arithmetic but are not CPFs');
  assert.equal(isValidCpf('5299822472'), false);
  for (const base of ['000000001', '123456789', '987654321', '100000000']) {
    const cpf = cpfFrom(base);
    assert.equal(isValidCpf(cpf), true, cpf);
    assert.equal(isValidCpf(breakCheck(cpf)), false, cpf);
  }
});

test('CNPJ check digits, numeric and alphanumeric', () => {
  assert.equal(isValidCnpj('11222333000181'), true);
  assert.equal(isValidCnpj('11222333000182'), false);
  assert.equal(isValidCnpj('12ABC34501DE35'), true, 'the example published by the Receita Federal');
  assert.equal(isValidCnpj('12ABC34501DE36'), false);
  assert.equal(isValidCnpj('12abc34501de35'), false, 'expects normalised (uppercase) input');
  assert.equal(isValidCnpj('00000000000000'), false);
  assert.equal(isValidCnpj('12ABC34501DEX5'), false, 'check digits are numeric');
  assert.equal(isValidCnpj(cnpjFrom('A1B2C3D4E5F6')), true);
});

test('the 67 area codes', () => {
  assert.equal(VALID_DDDS.length, 67);
  for (const bad of [
    10, 20, 23, 25, 26, 29, 30, 36, 39, 40, 50, 52, 56, 57, 58, 59, 60, 70, 72, 76, 78, 80, 90,
  ]) {
    assert.equal(VALID_DDDS.includes(bad), false, String(bad));
  }
});

test('national number from dialled digits', () => {
  assert.equal(nationalNumber('11987654321'), '11987654321');
  assert.equal(nationalNumber('1134567890'), '1134567890');
  assert.equal(nationalNumber('5511987654321'), '11987654321');
  assert.equal(nationalNumber('005511987654321'), '11987654321');
  assert.equal(nationalNumber('011987654321'), '11987654321');
  assert.equal(nationalNumber('02111987654321'), '11987654321', 'trunk + carrier code 21');
  assert.equal(nationalNumber('5511987654321', true), '11987654321');
  assert.equal(nationalNumber('1212345678', true), null, '+ with a foreign country code');
  assert.equal(nationalNumber('52987654321'), null, 'DDD 52 is unassigned');
  assert.equal(nationalNumber('1187654321'), null, 'landline must start with 2-5');
  assert.equal(nationalNumber('11887654321'), null, 'mobile must start with 9');
});

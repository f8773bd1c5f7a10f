import assert from 'node:assert/strict';
import { test } from 'node:test';
import { asciiDigit, normalisedView, originalSpan } from '../../src/privacy/normalize.js';

test('plain Portuguese text needs no view', () => {
  for (const t of [
    'Olá, João! O CPF nº 529.982.247-25 e o e-mail ana@x.com.br — não, sem travessão.'.replace('—', '-'),
    'ação, coração, pôr-do-sol, 1º lugar, 2ª via, 10² m, ½ kg, « citação »',
    'ana@empresa.com.br',
    '',
  ]) {
    assert.equal(normalisedView(t), null, t);
  }
});

test('every decimal digit script maps to ASCII, astral ones included', () => {
  for (const zero of [0x30, 0x660, 0x6f0, 0x966, 0x9e6, 0xe50, 0xff10, 0x1d7ce, 0x1d7d8, 0x1d7e2, 0x1d7f6]) {
    for (let d = 0; d <= 9; d++)
      assert.equal(asciiDigit(zero + d), String(d), `U+${(zero + d).toString(16)}`);
  }
  assert.equal(asciiDigit(0xb2), null, 'superscript two is not a decimal digit');
  assert.equal(asciiDigit(0x2460), null, 'circled one is not a decimal digit');
});

test('the view and its offsets', () => {
  const t = 'x\u200b𝟏２\u00ad3 a\u0301 ｂ — ＠。';
  const v = normalisedView(t)!;
  assert.equal(v.text, 'x12-3 á b - @.');
  // Each view unit maps to the original characters it came from.
  const src = (i: number) => t.slice(...originalSpan(v, i, i + 1));
  assert.equal(src(1), '𝟏');
  assert.equal(src(2), '２');
  assert.equal(src(3), '\u00ad');
  assert.equal(src(6), 'a\u0301');
  assert.deepEqual(
    originalSpan(v, 1, 5),
    [2, 7],
    'a span from the astral digit to the 3, the zero-width before it left out',
  );
});

test('invisible characters are removed; a soft hyphen between digits is a hyphen', () => {
  assert.equal(
    normalisedView('a\u00adb\u200c\u200d\u200e\u200f\u202a\u202e\u2060\u2066\u2069\ufeff\ufe0fc')!.text,
    'abc',
  );
  assert.equal(normalisedView('12\u00ad34 a\u00ad1')!.text, '12-34 a1');
});

test('digits NFKC would invent are kept as written', () => {
  const v = normalisedView('área 10² ① ½ ⁵ ₃ x\u200b')!;
  assert.equal(v.text, 'área 10² ① ½ ⁵ ₃ x');
});

test('spelled e-mail separators only where they make an address', () => {
  const read = (t: string) => normalisedView(t)?.text ?? t;
  assert.equal(read('ana arroba gmail ponto com'), 'ana@gmail.com');
  assert.equal(read('ana [ at ] x [ dot ] com [dot] br'), 'ana@x.com.br');
  assert.equal(read('ana (arroba) x (ponto) org, ok'), 'ana@x.org, ok');
  assert.equal(read('fale com ana arroba gmail ponto com ponto final'), 'fale com ana@gmail.com ponto final');
  for (const prose of [
    'o preço da arroba do boi ponto com ágio',
    'investors at the dot com bubble',
    'meet me at home',
    'arroba ponto com',
    'ana arroba gmail',
    'a@b ponto final',
    'ana at x.com',
  ]) {
    assert.equal(read(prose), prose, prose);
  }
});

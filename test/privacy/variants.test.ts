// Identifiers a person still reads although they are typed with other characters:
// each variant is found through the normalised view, validated as usual, reported at
// its original offsets, blocked under `block`, and numbered like its plain form.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createCleaner, findAll, LABEL } from '../../src/privacy/index.js';
import type { Category } from '../../src/privacy/types.js';

/** The ASCII digits of `s` written in the digit script whose zero is `zero`. */
const script = (s: string, zero: number) =>
  s.replace(/[0-9]/g, (d) => String.fromCodePoint(zero + Number(d)));
const FULL = 0xff10;
const ARABIC = 0x660;
const PERSIAN = 0x6f0;
const DEVANAGARI = 0x966;
const MATH_BOLD = 0x1d7ce;
const DOUBLE_STRUCK = 0x1d7d8;

const CPF = '52998224725';
const CNPJ = '11222333000181';
const MAIL = 'ana.souza@empresa.com.br';
const PHONE = '11987654321';

/** [variant class, text around the value, the value as typed, category, key]. */
const VARIANTS: [string, string, string, Category, string][] = [
  ['cpf four dotted groups', 'segue %s para cadastro', '529.982.247.25', 'cpf', CPF],
  ['cpf narrow no-break space', 'cliente %s ok', '529\u202f982\u202f247\u202f25', 'cpf', CPF],
  ['cpf soft hyphen', 'cliente %s ok', '529\u00ad982\u00ad247\u00ad25', 'cpf', CPF],
  ['cpf em dash', 'cliente %s ok', '529.982.247\u201425', 'cpf', CPF],
  ['cpf minus sign', 'cliente %s ok', '529.982.247\u221225', 'cpf', CPF],
  ['cpf slash', 'cliente %s ok', '529/982/247/25', 'cpf', CPF],
  ['cpf underscore', 'cliente %s ok', '529_982_247_25', 'cpf', CPF],
  ['cpf zero-width inside', 'cliente %s ok', '529.98\u200b2.247-25', 'cpf', CPF],
  ['cpf full-width digits', 'cliente %s ok', script('529.982.247-25', FULL), 'cpf', CPF],
  ['cpf Arabic-Indic digits', 'cliente %s ok', script('529.982.247-25', ARABIC), 'cpf', CPF],
  ['cpf mathematical bold digits', 'cliente %s ok', script('529.982.247-25', MATH_BOLD), 'cpf', CPF],
  ['cnpj full-width digits', 'fornecedor %s ok', script('11.222.333/0001-81', FULL), 'cnpj', CNPJ],
  ['email full-width @', 'escreva para %s hoje', 'ana.souza\uff20empresa.com.br', 'email', MAIL],
  ['email small @', 'escreva para %s hoje', 'ana.souza\ufe6bempresa.com.br', 'email', MAIL],
  ['email ideographic dots', 'escreva para %s hoje', 'ana.souza@empresa\u3002com\u3002br', 'email', MAIL],
  ['email zero-width inside', 'escreva para %s hoje', 'ana.sou\u200bza@empresa.com.br', 'email', MAIL],
  [
    'email arroba ... ponto com',
    'escreva para %s hoje',
    'ana.souza arroba empresa ponto com ponto br',
    'email',
    MAIL,
  ],
  [
    'email [at] ... [dot]',
    'escreva para %s hoje',
    'ana.souza [at] empresa [dot] com [dot] br',
    'email',
    MAIL,
  ],
  ['phone full-width digits', 'me liga no %s amanhã', script('(11) 98765-4321', FULL), 'telefone', PHONE],
  ['phone zero-width inside', 'me liga no %s amanhã', '(11) 98765\u200b-4321', 'telefone', PHONE],
  ['phone after "ligou do número"', 'ele ligou do número %s ontem', '5511987654321', 'telefone', PHONE],
  // Neighbours of the variants above.
  ['cpf en dash', 'cliente %s ok', '529.982.247\u201325', 'cpf', CPF],
  ['cpf figure dash', 'cliente %s ok', '529.982.247\u201225', 'cpf', CPF],
  ['cpf no-break spaces', 'cliente %s ok', '529\u00a0982\u00a0247\u00a025', 'cpf', CPF],
  ['cpf ideographic spaces', 'cliente %s ok', '529\u3000982\u3000247\u300025', 'cpf', CPF],
  ['cpf word joiner and BOM', 'cliente %s ok', '529.982\u2060.247-2\ufeff5', 'cpf', CPF],
  ['cpf bidi controls', 'cliente %s ok', '529\u200e.982.247\u202c-25', 'cpf', CPF],
  ['cpf Persian digits', 'cliente %s ok', script('529.982.247-25', PERSIAN), 'cpf', CPF],
  ['cpf Devanagari digits', 'cliente %s ok', script('529.982.247-25', DEVANAGARI), 'cpf', CPF],
  ['cpf double-struck digits', 'cliente %s ok', script('529.982.247-25', DOUBLE_STRUCK), 'cpf', CPF],
  ['cpf full-width dots and hyphen', 'cliente %s ok', '５２９．９８２．２４７－２５', 'cpf', CPF],
  ['cpf bare with zero-width, CPF word', 'meu cpf é %s', '5299\u200b8224725', 'cpf', CPF],
  ['cnpj Arabic-Indic digits', 'fornecedor %s ok', script('11.222.333/0001-81', ARABIC), 'cnpj', CNPJ],
  ['cnpj full-width slash and em dash', 'fornecedor %s ok', '11.222.333\uff0f0001\u201481', 'cnpj', CNPJ],
  [
    'cnpj alphanumeric full-width',
    'a empresa %s pagou',
    '１２．ＡＢＣ．３４５／０１ＤＥ－３５',
    'cnpj',
    '12ABC34501DE35',
  ],
  [
    'email (at) ... (dot)',
    'escreva para %s hoje',
    'ana.souza (at) empresa (dot) com (dot) br',
    'email',
    MAIL,
  ],
  ['email at ... dot', 'write to %s today', 'ana.souza at empresa dot com dot br', 'email', MAIL],
  ['email arroba with real dots', 'escreva para %s hoje', 'ana.souza arroba empresa.com.br', 'email', MAIL],
  ['email @ with ponto', 'escreva para %s hoje', 'ana.souza@empresa ponto com ponto br', 'email', MAIL],
  [
    'email full-width letters',
    'escreva para %s hoje',
    'ａｎａ.ｓｏｕｚａ＠ｅｍｐｒｅｓａ.ｃｏｍ.ｂｒ',
    'email',
    MAIL,
  ],
  ['email full-width dots', 'escreva para %s hoje', 'ana.souza@empresa\uff0ecom\uff0ebr', 'email', MAIL],
  ['phone Arabic-Indic digits', 'me liga no %s amanhã', script('(11) 98765-4321', ARABIC), 'telefone', PHONE],
  [
    'phone no-break space and em dash',
    'me liga no %s amanhã',
    '(11)\u00a098765\u20144321',
    'telefone',
    PHONE,
  ],
  ['phone after "número"', 'anota o número %s', '5511987654321', 'telefone', PHONE],
  [
    'phone mathematical digits',
    'me liga no %s amanhã',
    script('+55 11 98765-4321', MATH_BOLD),
    'telefone',
    PHONE,
  ],
];

for (const [name, around, value, category, key] of VARIANTS) {
  test(`variant: ${name}`, () => {
    const text = around.replace('%s', value);
    const ms = findAll(text, { names: false });
    assert.deepEqual(
      ms.map((m) => [m.category, text.slice(m.start, m.end), m.key]),
      [[category, value, key]],
    );
    const block = createCleaner({ policy: 'block', names: false });
    block.cleanText(text);
    assert.equal(block.blocked, true, 'blocked under the block policy');
    const [before, after] = around.split('%s') as [string, string];
    const label = LABEL[category];
    const placeholder = createCleaner({ policy: 'placeholder', names: false }).cleanText(text);
    assert.equal(placeholder, `${before}[${label}_1]${after}`, 'everything around the value kept as it was');
  });
}

test('a variant and its plain form share one placeholder', () => {
  const c = createCleaner({ policy: 'placeholder', names: false });
  const out = c.cleanText(
    `529.982.247-25, ${script('529.982.247-25', FULL)}, 529.982.247.25 e ${script('52998224725', MATH_BOLD)} (CPF)`,
  );
  assert.equal(out, '[CPF_1], [CPF_1], [CPF_1] e [CPF_1] (CPF)');
  assert.equal(c.map.get('[CPF_1]'), '529.982.247-25', 'the first form seen is restored');
  const mails = c.cleanText(
    'ana.souza@empresa.com.br / ana.souza arroba empresa ponto com ponto br / ANA.SOUZA＠EMPRESA.COM.BR',
  );
  assert.equal(mails, '[EMAIL_1] / [EMAIL_1] / [EMAIL_1]');
  assert.equal(
    c.cleanText(`${script('(11) 98765-4321', ARABIC)} ou (11) 98765-4321`),
    '[TELEFONE_1] ou [TELEFONE_1]',
  );
});

test('the output equals the original outside the replaced spans, byte for byte', () => {
  const zw = '\u200b';
  const astral = script('7', MATH_BOLD);
  const text = `${zw}${astral} ${zw}${script('529.982.247-25', MATH_BOLD)}${zw}, ${astral}${zw} ana\uff20x.com${zw}\u00ad fim ﬁ ${astral}`;
  const out = createCleaner({ policy: 'placeholder', names: false }).cleanText(text);
  assert.equal(out, `${zw}${astral} ${zw}[CPF_1]${zw}, ${astral}${zw} [EMAIL_1]${zw}\u00ad fim ﬁ ${astral}`);
  for (const m of findAll(text, { names: false })) {
    assert.ok(
      !text.slice(m.start, m.end).startsWith(zw),
      'a leading invisible character stays outside the match',
    );
    assert.ok(!/[\udc00-\udfff]/.test(text[m.start]!), 'never starts inside a surrogate pair');
  }
});

test('redact keeps the surroundings too', () => {
  const text = `a\u200b ${script('11.222.333/0001-81', FULL)} \u2060b`;
  const out = createCleaner({ policy: 'redact', names: false }).cleanText(text);
  assert.equal(out, 'a\u200b [CNPJ removido] \u2060b');
});

test('decoys stay unmasked, in plain and in disguised characters', () => {
  for (const t of [
    'total R$ 1.234.567,89',
    `total R$ ${script('1.234.567,89', FULL)}`,
    'de 2024\u201403\u201415 a 2024\u201404\u201401',
    `em ${script('15/03/2024', ARABIC)} às 10:30`,
    `CEP ${script('01310-100', FULL)}, São Paulo`,
    'CEP 01310\u2011100',
    'protocolo 529.982.247\u201426',
    `pedido nº ${script('11987654321', FULL)} confirmado`,
    'a conta deu R$\u00a045,90 e a agência\u2013sede fica no centro',
    'SKU 529_982_247_26',
    'código 123/456/789/00',
    'linha digitável 34191\u202f79001 01043\u202f510047 91020\u202f150008 1 96610000010000',
    '192.168.100.41',
    `servidor ${script('192.168.100.41', ARABIC)}`,
    `servidor ${script('10.0.0.1', FULL)}`,
    'versão 1.2.3.4 de 2026',
    `ts=${script('1711987654321', FULL)}`,
    'arquivo foto\uff202x.png',
    'valeu \uff20maria',
    'o preço da arroba do boi ponto com ágio',
    'ponto final. arroba.',
    'nota 11\u00a0987\u00a0654\u00a0321',
  ]) {
    assert.deepEqual(
      findAll(t, { names: false }).map((m) => [m.category, t.slice(m.start, m.end)]),
      [],
      t,
    );
  }
});

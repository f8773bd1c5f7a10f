import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createCleaner, findAll, PrivacyInputError } from '../../src/privacy/barrier.js';
import { resolveOverlaps } from '../../src/privacy/overlaps.js';
import { strictest } from '../../src/privacy/policy.js';
import type { Match, Policy } from '../../src/privacy/types.js';

// Structured detectors only: the name model is tested by its own suite.
const S = { names: false } as const;

const TEXT =
  'Cliente CPF 529.982.247-25, e-mail Ana@Exemplo.com.br, celular (11) 98765-4321. ' +
  'Confirmando: cpf 52998224725 e ana@exemplo.com.br; empresa 11.222.333/0001-81.';

test('placeholders numbered by first appearance, same key → same placeholder', () => {
  const c = createCleaner({ policy: 'placeholder', ...S });
  const out = c.cleanText(TEXT);
  assert.equal(
    out,
    'Cliente CPF [CPF_1], e-mail [EMAIL_1], celular [TELEFONE_1]. ' +
      'Confirmando: cpf [CPF_1] e [EMAIL_1]; empresa [CNPJ_1].',
  );
  assert.deepEqual(c.findings(), [
    { category: 'cpf', count: 2, action: 'placeholder' },
    { category: 'cnpj', count: 1, action: 'placeholder' },
    { category: 'email', count: 2, action: 'placeholder' },
    { category: 'telefone', count: 1, action: 'placeholder' },
  ]);
  assert.equal(c.map.get('[CPF_1]'), '529.982.247-25', 'first form seen is restored');
  assert.equal(c.map.get('[EMAIL_1]'), 'Ana@Exemplo.com.br');
  assert.equal(c.blocked, false);
});

test('one map across all parts of a request', () => {
  const c = createCleaner({ policy: 'placeholder', ...S });
  assert.deepEqual(c.cleanList(['a@x.com', 'b@x.com', 'A@X.COM']), ['[EMAIL_1]', '[EMAIL_2]', '[EMAIL_1]']);
  assert.equal(c.cleanText('de novo b@x.com'), 'de novo [EMAIL_2]');
  assert.deepEqual(c.cleanJson({ to: 'c@x.com', cc: ['a@x.com'] }), { to: '[EMAIL_3]', cc: ['[EMAIL_1]'] });
  assert.deepEqual(c.findings(), [{ category: 'email', count: 6, action: 'placeholder' }]);
});

test('redact keeps the text readable and numbers nothing', () => {
  const c = createCleaner({ policy: 'redact', ...S });
  assert.equal(
    c.cleanText('ligue (11) 98765-4321 ou mande para a@x.com, CPF 529.982.247-25'),
    'ligue [TELEFONE removido] ou mande para [EMAIL removido], CPF [CPF removido]',
  );
  assert.equal(c.map.size, 0, 'nothing to restore under redact');
  assert.deepEqual(
    c.findings().map((f) => f.action),
    ['cpf', 'email', 'telefone'].map(() => 'redact'),
  );
});

test('block reports findings and still never returns the values', () => {
  const c = createCleaner({ policy: 'block', ...S });
  const out = c.cleanText('CPF 529.982.247-25');
  assert.equal(c.blocked, true);
  assert.equal(out.includes('529'), false);
  assert.deepEqual(c.findings(), [{ category: 'cpf', count: 1, action: 'block' }]);
  const clean = createCleaner({ policy: 'block', ...S });
  assert.equal(clean.cleanText('nada pessoal aqui'), 'nada pessoal aqui');
  assert.equal(clean.blocked, false);
});

test('JSON: strings and keys cleaned, structure kept, documents in numbers caught by key', () => {
  const c = createCleaner({ policy: 'placeholder', ...S });
  const input = {
    cliente: { cpf: 52998224725, cpf_texto: '52998224725', telefone: 11987654321, idade: 42 },
    pedido: 52998224725,
    cnpj: 11222333000181,
    itens: [{ obs: 'mandar para a@x.com' }, 3, true, null],
    'a@x.com': 'a chave fica',
  };
  assert.deepEqual(c.cleanJson(input), {
    cliente: { cpf: '[CPF_1]', cpf_texto: '[CPF_1]', telefone: '[TELEFONE_1]', idade: 42 },
    pedido: 52998224725,
    cnpj: '[CNPJ_1]',
    itens: [{ obs: 'mandar para [EMAIL_1]' }, 3, true, null],
    '[EMAIL_1]': 'a chave fica',
  });
  // A CPF with a leading zero loses it as a JSON number.
  assert.deepEqual(createCleaner({ policy: 'redact', ...S }).cleanJson({ cpf: 1234567890 }), {
    cpf: cpfLeadingZeroProbe(),
  });
});

function cpfLeadingZeroProbe(): unknown {
  // 01234567890 is a valid CPF, so the number is replaced.
  return '[CPF removido]';
}

test('JSON: "__proto__" stays a plain key; deep nesting is a clean error', () => {
  const c = createCleaner({ policy: 'placeholder', ...S });
  const parsed = JSON.parse('{"__proto__": {"email": "a@x.com"}}');
  const out = c.cleanJson(parsed) as Record<string, unknown>;
  assert.equal(Object.getPrototypeOf(out), Object.prototype);
  assert.deepEqual(Object.keys(out), ['__proto__']);
  let deep: unknown = 'a@x.com';
  for (let i = 0; i < 1000; i++) deep = [deep];
  assert.throws(() => c.cleanJson(deep), PrivacyInputError);
});

test('overlaps: longest wins, then category order', () => {
  const m = (category: Match['category'], start: number, end: number): Match => ({
    category,
    start,
    end,
    key: 'k',
  });
  // A name inside an e-mail (the name model is a test double here).
  assert.deepEqual(resolveOverlaps([m('nome', 0, 3), m('email', 0, 10)]), [m('email', 0, 10)]);
  assert.deepEqual(resolveOverlaps([m('telefone', 5, 16), m('cpf', 5, 16)]), [m('cpf', 5, 16)]);
  // What a match not kept covers beyond the kept ones stays masked: the union, never less.
  assert.deepEqual(resolveOverlaps([m('nome', 0, 4), m('nome', 3, 8), m('email', 7, 20)]), [
    m('nome', 0, 4),
    m('nome', 4, 7),
    m('email', 7, 20),
  ]);
  assert.deepEqual(resolveOverlaps([m('nome', 0, 4), m('cpf', 10, 14)]), [m('nome', 0, 4), m('cpf', 10, 14)]);
});

test('overlaps: the union of two categories is masked, trimmed to letters and digits', () => {
  const text = 'Otávio Lins\nAv. Brasil, 45';
  const nome = { category: 'nome', start: 0, end: 14, key: 'n' } as const;
  const endereco = { category: 'endereco', start: 12, end: 26, key: 'e' } as const;
  assert.deepEqual(resolveOverlaps([nome, endereco], text), [{ ...nome, end: 11 }, endereco]);
  // Only a line break outside the kept match: nothing of a value, nothing added.
  assert.deepEqual(resolveOverlaps([{ ...nome, start: 11 }, endereco], text), [endereco]);
});

test('findAll runs every detector and returns disjoint sorted matches', () => {
  const ms = findAll(TEXT, S);
  assert.deepEqual(
    ms.map((x) => x.category),
    ['cpf', 'email', 'telefone', 'cpf', 'email', 'cnpj'],
  );
  for (let i = 1; i < ms.length; i++) assert.ok(ms[i]!.start >= ms[i - 1]!.end);
  assert.deepEqual(findAll('0800 123 4567', S), []);
  assert.equal(findAll('0800 123 4567', { ...S, includeBusinessPhones: true }).length, 1);
});

test('personal values never reach findings, errors or serialised maps', () => {
  const c = createCleaner({ policy: 'placeholder', ...S });
  c.cleanText(TEXT);
  const exposed = JSON.stringify({ findings: c.findings(), map: c.map }) + String(c.map);
  for (const secret of ['529', '98765', 'exemplo', '11.222', '11222']) {
    assert.equal(exposed.includes(secret), false, secret);
  }
  const err = new PrivacyInputError('too_deep');
  assert.equal(err.message.includes('@'), false);
});

test('strictest only raises the policy', () => {
  assert.equal(strictest('placeholder', 'redact'), 'redact');
  assert.equal(strictest('placeholder', 'block'), 'block');
  assert.equal(strictest('redact', 'placeholder'), 'redact');
  assert.equal(strictest('block', 'placeholder'), 'block');
  assert.equal(strictest('redact', undefined), 'redact');
  assert.equal(strictest('redact', null), 'redact');
});

const CPF = '529.982.247-25';
/** Every piece a split CPF could leave behind. */
const CPF_PIECES = ['529', '982', '247', '-25', '52998224725'];
const holdsNoPiece = (text: string) => CPF_PIECES.every((p) => !text.includes(p));

test('JSON keys are cleaned like values, in input, arguments, schemas and extra alike', () => {
  const cases: [string, Policy, unknown, unknown][] = [
    ['a CPF key', 'placeholder', { [CPF]: 'x' }, { '[CPF_1]': 'x' }],
    ['nested, next to its value', 'placeholder', { a: { [CPF]: CPF } }, { a: { '[CPF_1]': '[CPF_1]' } }],
    ['an e-mail key in a list', 'redact', [{ 'ana@x.com': 1 }], [{ '[EMAIL removido]': 1 }]],
    [
      'a schema property and its required entry',
      'placeholder',
      { type: 'object', properties: { [CPF]: { type: 'string' } }, required: [CPF] },
      { type: 'object', properties: { '[CPF_1]': { type: 'string' } }, required: ['[CPF_1]'] },
    ],
    ['a key with text around the value', 'placeholder', { [`cpf ${CPF} ok`]: 1 }, { 'cpf [CPF_1] ok': 1 }],
    ['plain keys untouched', 'placeholder', { nome_cliente: 1, cpf: 2 }, { nome_cliente: 1, cpf: 2 }],
  ];
  for (const [what, policy, input, expected] of cases) {
    const c = createCleaner({ policy, ...S });
    assert.deepEqual(c.cleanJson(input), expected, what);
  }
  const blocking = createCleaner({ policy: 'block', ...S });
  blocking.cleanJson({ meta: { [CPF]: true } });
  assert.equal(blocking.blocked, true, 'a key alone blocks');
});

test('JSON keys that clean to the same text never overwrite each other', () => {
  const cases: [string, Policy, string, unknown][] = [
    [
      'a CPF key and a literal placeholder key: the unchanged key keeps its name',
      'placeholder',
      `{"${CPF}": 1, "[CPF_1]": 2}`,
      { '[CPF_1] (2)': 1, '[CPF_1]': 2 },
    ],
    [
      'two forms of one CPF',
      'placeholder',
      `{"${CPF}": 1, "529 982 247 25": 2}`,
      { '[CPF_1]': 1, '[CPF_1] (2)': 2 },
    ],
    [
      'two CPFs under redact, suffixes skip names in use',
      'redact',
      `{"${CPF}": 1, "[CPF removido] (2)": 2, "111.444.777-35": 3}`,
      { '[CPF removido]': 1, '[CPF removido] (2)': 2, '[CPF removido] (3)': 3 },
    ],
  ];
  for (const [what, policy, json, expected] of cases) {
    const out = createCleaner({ policy, ...S }).cleanJson(JSON.parse(json));
    assert.deepEqual(out, expected, what);
    assert.deepEqual(Object.keys(out as object), Object.keys(expected as object), `${what}: order kept`);
  }
});

test('a cleaned key keeps reading its value with the original key as context', () => {
  const c = createCleaner({ policy: 'placeholder', ...S });
  assert.deepEqual(c.cleanJson({ [`cpf de ${CPF}`]: '11144477735', [`tel ${CPF}`]: 11987654321 }), {
    'cpf de [CPF_1]': '[CPF_2]',
    'tel [CPF_1]': '[TELEFONE_1]',
  });
  const proto = c.cleanJson(JSON.parse(`{"__proto__": {"${CPF}": 1}}`)) as Record<string, unknown>;
  assert.equal(Object.getPrototypeOf(proto), Object.prototype);
  assert.deepEqual(Object.keys(proto), ['__proto__']);
  assert.deepEqual(Object.keys(Object.getOwnPropertyDescriptor(proto, '__proto__')?.value), ['[CPF_1]']);
});

test('a value split across parts is caught and each part keeps only its share', () => {
  // [parts, placeholder result, redact result]
  const cases: [string[], string[], string[]][] = [
    [
      ['meu CPF é 529.982.', '247-25, ok'],
      ['meu CPF é [CPF_1]', ', ok'],
      ['meu CPF é [CPF removido]', ', ok'],
    ],
    [
      ['CPF 529.982.247', '-25'],
      ['CPF [CPF_1]', ''],
      ['CPF [CPF removido]', ''],
    ],
    [
      ['CPF 529.982.247', '25 ok'],
      ['CPF [CPF_1]', ' ok'],
      ['CPF [CPF removido]', ' ok'],
    ],
    [
      ['529', '.982', '.247', '-25'],
      ['[CPF_1]', '', '', ''],
      ['[CPF removido]', '', '', ''],
    ],
    [
      ['escreva para ana.prado@', 'exemplo.com.br'],
      ['escreva para [EMAIL_1]', ''],
      ['escreva para [EMAIL removido]', ''],
    ],
    [
      ['ligue (11) 98765', '-4321 hoje'],
      ['ligue [TELEFONE_1]', ' hoje'],
      ['ligue [TELEFONE removido]', ' hoje'],
    ],
    [
      ['empresa 11.222.333/', '0001-81'],
      ['empresa [CNPJ_1]', ''],
      ['empresa [CNPJ removido]', ''],
    ],
    // The label in one part, the bare value in the next: read together, as one text would be.
    [
      ['meu cpf é', '52998224725'],
      ['meu cpf é', '[CPF_1]'],
      ['meu cpf é', '[CPF removido]'],
    ],
  ];
  for (const [parts, placeholder, redact] of cases) {
    const c = createCleaner({ policy: 'placeholder', ...S });
    assert.deepEqual(c.cleanParts(parts), placeholder, parts.join('|'));
    assert.equal(
      c.findings().reduce((n, f) => n + f.count, 0),
      1,
      `${parts.join('|')}: one finding`,
    );
    assert.ok(holdsNoPiece(c.cleanParts(parts).join('')));
    assert.deepEqual(createCleaner({ policy: 'redact', ...S }).cleanParts(parts), redact, parts.join('|'));
    const blocking = createCleaner({ policy: 'block', ...S });
    assert.ok(holdsNoPiece(blocking.cleanParts(parts).join('')));
    assert.equal(blocking.blocked, true, `${parts.join('|')} blocks`);
  }
  const c = createCleaner({ policy: 'placeholder', ...S });
  c.cleanParts(['529.982.', '247-25']);
  assert.equal(c.map.get('[CPF_1]'), CPF, 'the whole value is restored into the first part');
});

test('parts read together create no value that is not there', () => {
  const decoys = [
    ['Total: 529', '982 itens'],
    ['pedido 529.982.247', '26 unidades'],
    ['nota 5299', '8224725'],
    ['versão 1.2', '.3'],
    ['abc', '@', 'def'],
  ];
  for (const parts of decoys) {
    const c = createCleaner({ policy: 'block', ...S });
    assert.deepEqual(c.cleanParts(parts), parts, parts.join('|'));
    assert.equal(c.blocked, false, parts.join('|'));
  }
  // Values whole in their own parts stay separate values.
  const c = createCleaner({ policy: 'placeholder', ...S });
  assert.deepEqual(c.cleanParts(['a@x.com', 'b@x.com', 'A@X.COM']), ['[EMAIL_1]', '[EMAIL_2]', '[EMAIL_1]']);
  assert.deepEqual(c.cleanParts(['só uma parte a@x.com']), ['só uma parte [EMAIL_1]']);
  assert.deepEqual(c.cleanParts([]), []);
  // A value whole in its part is not glued to the next part's text.
  const fresh = () => createCleaner({ policy: 'placeholder', ...S });
  assert.deepEqual(fresh().cleanParts(['fale com a@x.com.br', 'nada mais']), [
    'fale com [EMAIL_1]',
    'nada mais',
  ]);
  assert.deepEqual(fresh().cleanParts(['Ana', 'ana@x.com.br']), ['Ana', '[EMAIL_1]']);
  // Across punctuation or a space the longer reading stands.
  assert.deepEqual(fresh().cleanParts(['fale com a@x.com', '.br, ok']), ['fale com [EMAIL_1]', ', ok']);
});

test('a text cut anywhere in two reads as the whole text', () => {
  const whole = createCleaner({ policy: 'placeholder', ...S }).cleanText(TEXT);
  const letter = /\p{L}/u;
  for (let k = 1; k < TEXT.length; k++) {
    const parts = [TEXT.slice(0, k), TEXT.slice(k)];
    const out = createCleaner({ policy: 'placeholder', ...S })
      .cleanParts(parts)
      .join('');
    assert.equal(
      out.replace(/_[0-9]+\]/g, ']').match(/[0-9]/),
      null,
      `cut at ${k}: no digit of any value left`,
    );
    // Where letters meet, a cut that leaves a whole e-mail on one side keeps the other
    // side's letters ("A" + "na@exemplo.com.br"): the documented limit of the split rule.
    if (!(letter.test(TEXT[k - 1]!) && letter.test(TEXT[k]!))) assert.equal(out, whole, `cut at ${k}`);
  }
});

test('a split far from the edges of long parts is caught, and the long parts stay intact', () => {
  const filler = 'texto comum sem nada pessoal. '.repeat(40);
  const parts = [`${filler}CPF 529.982.`, `247-25 ${filler}`];
  const out = createCleaner({ policy: 'placeholder', ...S }).cleanParts(parts);
  assert.deepEqual(out, [`${filler}CPF [CPF_1]`, ` ${filler}`]);
});

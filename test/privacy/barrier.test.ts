import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createCleaner, findAll, PrivacyInputError, resolveOverlaps } from '../../src/privacy/barrier.js';
import { strictest } from '../../src/privacy/policy.js';
import type { Match } from '../../src/privacy/types.js';

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

test('JSON: strings cleaned, keys and structure kept, documents in numbers caught by key', () => {
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
    'a@x.com': 'a chave fica',
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
  assert.deepEqual(resolveOverlaps([m('nome', 0, 4), m('nome', 3, 8), m('email', 7, 20)]), [
    m('nome', 0, 4),
    m('email', 7, 20),
  ]);
  assert.deepEqual(resolveOverlaps([m('nome', 0, 4), m('cpf', 10, 14)]), [m('nome', 0, 4), m('cpf', 10, 14)]);
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

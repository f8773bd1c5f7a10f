import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createCleaner, findAll } from '../../src/privacy/barrier.js';
import { redactMarker } from '../../src/privacy/policy.js';
import { CATEGORIES, detectorOf, isCategory, LABEL, PLACEHOLDER } from '../../src/privacy/registry.js';
import { restoreStream, restoreText } from '../../src/privacy/restore.js';

const S = { names: false } as const;
const TEXT = 'CPF 529.982.247-25, e-mail ana@x.com, celular (11) 98765-4321, empresa 11.222.333/0001-81.';

test('CATEGORIES lists every detector once, in findings order', () => {
  assert.deepEqual(
    CATEGORIES.filter((c) => ['cpf', 'cnpj', 'email', 'telefone', 'nome'].includes(c)),
    ['cpf', 'cnpj', 'email', 'telefone', 'nome'],
  );
  assert.equal(CATEGORIES.length, 19);
  assert.equal(new Set(CATEGORIES).size, CATEGORIES.length);
  for (const c of CATEGORIES) {
    assert.equal(isCategory(c), true);
    assert.equal(detectorOf(c).category, c);
    assert.match(LABEL[c], /^[A-Z]+$/, c);
  }
  assert.equal(isCategory('rg-sp'), false);
  assert.equal(isCategory('toString'), false);
});

test('labels, redact markers and the placeholder pattern come from the registry', () => {
  assert.equal(LABEL.telefone, 'TELEFONE');
  assert.equal(redactMarker('nome'), '[NOME removido]');
  for (const c of CATEGORIES) {
    const p = `[${LABEL[c]}_12]`;
    assert.deepEqual(p.match(PLACEHOLDER), [p], c);
  }
  assert.equal('[XYZ_1]'.match(PLACEHOLDER), null);
});

test('findings follow the registry order whatever order the values come in', () => {
  const c = createCleaner({ policy: 'placeholder', ...S });
  c.cleanText('empresa 11.222.333/0001-81, ligue (11) 98765-4321, ana@x.com, CPF 529.982.247-25');
  assert.deepEqual(
    c.findings().map((f) => f.category),
    CATEGORIES.filter((x) => ['cpf', 'cnpj', 'email', 'telefone'].includes(x)),
  );
});

test('categories option: only the chosen categories are detected', () => {
  assert.deepEqual(
    findAll(TEXT, { ...S, categories: ['email', 'cnpj'] }).map((m) => m.category),
    ['email', 'cnpj'],
  );
  assert.deepEqual(findAll(TEXT, { ...S, categories: [] }), []);
  assert.deepEqual(
    findAll(TEXT, S).map((m) => m.category),
    ['cpf', 'email', 'telefone', 'cnpj'],
    'default: all',
  );
});

test('createCleaner accepts categories; what is left out stays in the text', () => {
  const c = createCleaner({ policy: 'placeholder', categories: ['telefone'] });
  const out = c.cleanText('Ana Souza, CPF 529.982.247-25, celular (11) 98765-4321');
  assert.equal(out, 'Ana Souza, CPF 529.982.247-25, celular [TELEFONE_1]');
  assert.deepEqual(c.findings(), [{ category: 'telefone', count: 1, action: 'placeholder' }]);
  assert.equal(restoreText(out, c.map), 'Ana Souza, CPF 529.982.247-25, celular (11) 98765-4321');
  // Parts, JSON and remembered names follow the same choice.
  assert.deepEqual(c.cleanParts(['cpf 529.982.', '247-25 e ana@x.com']), [
    'cpf 529.982.',
    '247-25 e ana@x.com',
  ]);
  assert.deepEqual(c.cleanJson({ cpf: 52998224725, tel: '11 98765-4321' }), {
    cpf: 52998224725,
    tel: '[TELEFONE_1]',
  });
  const names = createCleaner({ policy: 'placeholder', categories: ['nome'] });
  assert.match(
    names.cleanText('Falei com Ana Souza, CPF 529.982.247-25'),
    /^Falei com \[NOME_1\], CPF 529\.982\.247-25$/,
  );
});

test('placeholders of every category restore, whole and streamed one character at a time', async () => {
  const text =
    'RG 31.203.131-2, CNH 58316794534, PIS 295.84675.32-0, título 1023 8501 0671, ' +
    'CNS 837 7857 4525 7028, RENAVAM 86769597308, passaporte FZ123456, cartão 4111 1111 1111 1111, ' +
    'agência 1234, chave pix 9f0a4eb0-2fcb-4c6e-a69b-a1fde4be7767, placa ABC1D23, ' +
    'Rua das Flores, 120, nascido em 03/03/1990, IP 187.45.12.9.';
  const c = createCleaner({ policy: 'placeholder', names: false });
  const out = c.cleanText(text);
  const found = c.findings().map((f) => f.category);
  for (const category of CATEGORIES.filter(
    (x) => !['cpf', 'cnpj', 'email', 'telefone', 'nome'].includes(x),
  )) {
    assert.ok(found.includes(category), category);
    assert.ok(out.includes(`[${LABEL[category]}_1]`), `${category} placeholder`);
  }
  assert.equal(restoreText(out, c.map), text);
  const chunks: string[] = [];
  for await (const piece of restoreStream([...out], c.map)) chunks.push(piece);
  assert.equal(chunks.join(''), text);
  assert.equal(
    restoreText('[NASCIMENTO_9] e [CARTAO_2]', c.map),
    '[NASCIMENTO_9] e [CARTAO_2]',
    'unknown stay',
  );
});

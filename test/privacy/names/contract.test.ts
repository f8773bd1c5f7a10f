// The Match contract (category, key, UTF-16 offsets), loading the shipped model, the
// model round trip and determinism.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  createNameDetector,
  deserializeModel,
  detectNames,
  loadShippedModel,
  nameKey,
  serializeModel,
} from '../../../src/privacy/names/index.js';

describe('nameKey', () => {
  it('lower-cases, removes accents and collapses whitespace', () => {
    assert.equal(nameKey('João  Carlos\nde OLIVEIRA'), 'joao carlos de oliveira');
    assert.equal(nameKey('CÁRMEN LÚCIA'), 'carmen lucia');
  });
});

describe('matches', () => {
  it('have category nome, offsets into the original text and a normalised key', () => {
    const text = 'Assinado por   João   Carlos de Oliveira.';
    const [m, ...rest] = detectNames(text);
    assert.equal(rest.length, 0);
    assert.ok(m);
    assert.equal(m.category, 'nome');
    assert.equal(text.slice(m.start, m.end), 'João   Carlos de Oliveira');
    assert.equal(m.key, 'joao carlos de oliveira');
  });
  it('give the same key to the same name in different cases', () => {
    const keys = ['JOÃO DA SILVA assinou', 'meu nome e joao da silva'].map((t) => detectNames(t)[0]?.key);
    assert.deepEqual(keys, ['joao da silva', 'joao da silva']);
  });
  it('count offsets in UTF-16 code units (emoji before the name)', () => {
    const text = '😀😀 oi, aqui é a Maria Souza';
    const [m] = detectNames(text);
    assert.ok(m);
    assert.equal(text.slice(m.start, m.end), 'Maria Souza');
    assert.equal(m.start, text.indexOf('Maria'));
  });
});

describe('the shipped model', () => {
  it('loads and has weights', () => {
    const model = loadShippedModel();
    assert.ok(model.weights.length > 0);
  });
  it('survives a serialise/deserialise round trip with the same output', () => {
    const model = loadShippedModel();
    const copy = deserializeModel(serializeModel(model));
    const text = 'O relator, Ministro Ricardo Lewandowski, ouviu maria das dores e JOSÉ DOS SANTOS.';
    assert.deepEqual(createNameDetector(copy).detect(text), createNameDetector(model).detect(text));
  });
  it('is deterministic and does not leak state between calls', () => {
    const detector = createNameDetector(loadShippedModel());
    const a = 'fala com a maria aparecida amanha';
    const b = 'RELATOR: MINISTRO GILMAR MENDES '.repeat(50);
    const first = detector.detect(a);
    detector.detect(b);
    assert.deepEqual(detector.detect(a), first);
    assert.deepEqual(detectNames(a), first);
  });
});

describe('sensitivity', () => {
  const text = 'ontem o kowalczyk e a dra. yolanda falaram com o pessoal do condominio sobre a obra';
  it('balanced is the default', () => {
    assert.deepEqual(detectNames(text, { sensitivity: 'balanced' }), detectNames(text));
  });
  it('strict keeps every balanced match and may add more', () => {
    const strict = detectNames(text, { sensitivity: 'strict' }).map((m) => m.key);
    for (const m of detectNames(text))
      assert.ok(
        strict.some((k) => k.includes(m.key)),
        m.key,
      );
  });
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { emailDetector } from '../../src/privacy/detectors/email.js';
import { found } from './helpers.js';

test('real-world addresses', () => {
  const cases: [string, string][] = [
    ['escreva para ana.souza@empresa.com.br hoje', 'ana.souza@empresa.com.br'],
    ['Ana+compras@Gmail.com', 'Ana+compras@Gmail.com'],
    ['joão@exemplo.com.br', 'joão@exemplo.com.br'],
    ['contato: (ana@x.com).', 'ana@x.com'],
    ['<a@b.co>, ok', 'a@b.co'],
    ['"maria_1@mail.sub.example.org"', 'maria_1@mail.sub.example.org'],
    ['fim da frase suporte@loja.com.', 'suporte@loja.com'],
    ['mailto:x-y%z@a-b.io', 'x-y%z@a-b.io'],
  ];
  for (const [text, addr] of cases) {
    assert.deepEqual(found(emailDetector, text), [[addr, addr.toLowerCase()]], text);
  }
});

test('not addresses', () => {
  for (const t of [
    'foto@2x.png',
    'image@3x.jpg',
    'fala @maria, tudo bem?',
    '@joao.silva viu isso',
    'user@localhost',
    'npm i react@18.2.0',
    'a@b',
    'e-mail: @',
    'x@.com',
    'x@-a.com',
  ]) {
    assert.deepEqual(found(emailDetector, t), [], t);
  }
});

test('several addresses and the same one twice', () => {
  const t = 'a@x.com; B@Y.org e a@x.com';
  assert.deepEqual(found(emailDetector, t), [
    ['a@x.com', 'a@x.com'],
    ['B@Y.org', 'b@y.org'],
    ['a@x.com', 'a@x.com'],
  ]);
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createCleaner } from '../../src/privacy/barrier.js';
import { restoreStream, restoreText } from '../../src/privacy/restore.js';

const ORIGINAL =
  'CPF 529.982.247-25, a@x.com, b@y.org, c@z.net, d@w.io, e@v.co, f@u.me, g@t.br, h@s.pt, i@r.dev, j@q.app';

function setup() {
  const c = createCleaner({ policy: 'placeholder', names: false });
  const clean = c.cleanText(ORIGINAL);
  return { clean, map: c.map };
}

async function collect(chunks: Iterable<string>, map: ReturnType<typeof setup>['map']): Promise<string[]> {
  const out: string[] = [];
  for await (const piece of restoreStream(chunks, map)) out.push(piece);
  return out;
}

test('restoreText replaces known placeholders and leaves unknown ones', () => {
  const { clean, map } = setup();
  assert.ok(clean.includes('[EMAIL_10]'));
  assert.equal(restoreText(clean, map), ORIGINAL);
  assert.equal(restoreText('[CPF_99] [CPF_1] [cpf_1] [CPF_1', map), '[CPF_99] 529.982.247-25 [cpf_1] [CPF_1');
});

test('every split position of a reply into two and three chunks', async () => {
  const { map } = setup();
  const reply = 'Ok [CPF_1]! Mande para [EMAIL_1] e [EMAIL_10] ([EMAIL_1]) [[NOME_1] [CPF_9]';
  const expected = restoreText(reply, map);
  assert.ok(expected.includes('529.982.247-25') && expected.includes('j@q.app'));
  for (let i = 0; i <= reply.length; i++) {
    assert.equal((await collect([reply.slice(0, i), reply.slice(i)], map)).join(''), expected, `split ${i}`);
    for (let j = i; j <= reply.length; j += 7) {
      const parts = [reply.slice(0, i), reply.slice(i, j), reply.slice(j)];
      assert.equal((await collect(parts, map)).join(''), expected, `split ${i},${j}`);
    }
  }
  const single = await collect(reply.split(''), map);
  assert.equal(single.join(''), expected, 'one character per chunk');
});

test('holds back only a tail that can still become a placeholder', async () => {
  const { map } = setup();
  assert.deepEqual(await collect(['olá [CP', 'F_1] fim'], map), ['olá ', '529.982.247-25 fim']);
  assert.deepEqual(await collect(['a [x', 'y]'], map), ['a [x', 'y]'], '"[x" cannot start a placeholder');
  assert.deepEqual(
    await collect(['[EMAIL_1', '0]'], map),
    ['j@q.app'],
    '[EMAIL_1 may still become [EMAIL_10]',
  );
  assert.deepEqual(await collect(['[EMAIL_1', ' e'], map), ['[EMAIL_1 e']);
  assert.deepEqual(
    await collect(['fim [CPF_'], map),
    ['fim ', '[CPF_'],
    'an unfinished tail is flushed at the end',
  );
});

test('works with async iterables', async () => {
  const { map } = setup();
  async function* gen() {
    yield '[CPF';
    yield '_1]';
  }
  const out: string[] = [];
  for await (const p of restoreStream(gen(), map)) out.push(p);
  assert.deepEqual(out, ['529.982.247-25']);
});

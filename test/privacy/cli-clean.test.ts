import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type CleanIo, cleanCommand, guessFormat, parseCleanArgs, runClean } from '../../src/cli/clean.js';
import { UsageError } from '../../src/cli/command.js';
import { sensitivityExample } from '../helpers/sensitivity.js';

function fakeIo(files: Record<string, string>, stdin = '', tty = false) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CleanIo = {
    stdout: (s) => out.push(s),
    stderr: (s) => err.push(s),
    stderrIsTTY: tty,
    readStdin: async () => stdin,
    readFile: async (p) => {
      if (!(p in files)) throw new Error(`ENOENT ${p}`);
      return files[p]!;
    },
  };
  return { io, out: () => out.join(''), err: () => err.join('') };
}

const TEXT = 'CPF 529.982.247-25 e e-mail ana@x.com\n';

test('text file: cleaned on stdout, findings on stderr', async () => {
  const f = fakeIo({ 'a.txt': TEXT });
  assert.equal(await runClean(['a.txt'], f.io), 0);
  assert.equal(f.out(), 'CPF [CPF_1] e e-mail [EMAIL_1]\n');
  const summary = JSON.parse(f.err());
  assert.equal(summary.blocked, false);
  assert.deepEqual(
    summary.findings.map((x: { category: string }) => x.category),
    ['cpf', 'email'],
  );
});

test('JSON and JSONL share one placeholder map across the whole input', async () => {
  const f = fakeIo({
    'a.json': '{"cliente": {"cpf": 52998224725, "email": "ana@x.com"}}',
    'b.jsonl': '{"m": "ana@x.com"}\n\n{"m": "bia@x.com e ana@x.com"}\n',
  });
  assert.equal(await runClean(['a.json', '--policy', 'placeholder'], f.io), 0);
  assert.deepEqual(JSON.parse(f.out()), { cliente: { cpf: '[CPF_1]', email: '[EMAIL_1]' } });
  const g = fakeIo({ 'b.jsonl': '{"m": "ana@x.com"}\n\n{"m": "bia@x.com e ana@x.com"}\n' });
  assert.equal(await runClean(['b.jsonl'], g.io), 0);
  assert.equal(g.out(), '{"m":"[EMAIL_1]"}\n\n{"m":"[EMAIL_2] e [EMAIL_1]"}\n');
});

test('stdin with --format and --policy=redact', async () => {
  const f = fakeIo({}, '["ligue (11) 98765-4321"]');
  assert.equal(await runClean(['-', '--format=json', '--policy=redact'], f.io), 0);
  assert.deepEqual(JSON.parse(f.out()), ['ligue [TELEFONE removido]']);
});

test('block: nothing on stdout, exit 3', async () => {
  const f = fakeIo({ 'a.txt': TEXT });
  assert.equal(await runClean(['a.txt', '--policy', 'block'], f.io), 3);
  assert.equal(f.out(), '');
  assert.equal(JSON.parse(f.err()).blocked, true);
  const clean = fakeIo({ 'a.txt': 'nada aqui' });
  assert.equal(await runClean(['a.txt', '--policy', 'block'], clean.io), 0);
  assert.equal(clean.out(), 'nada aqui');
});

test('--sensitivity strict masks what balanced leaves; the summary says which applied', async () => {
  const { text } = sensitivityExample((w) => `O ${w} passou aqui.`);
  const balanced = fakeIo({ 'a.txt': text });
  assert.equal(await runClean(['a.txt'], balanced.io), 0);
  assert.equal(balanced.out(), text);
  assert.equal(JSON.parse(balanced.err()).sensitivity, 'balanced');
  const strict = fakeIo({ 'a.txt': text });
  assert.equal(await runClean(['a.txt', '--sensitivity', 'strict'], strict.io), 0);
  assert.equal(strict.out(), 'O [NOME_1] passou aqui.');
  assert.deepEqual(JSON.parse(strict.err()), {
    policy: 'placeholder',
    sensitivity: 'strict',
    blocked: false,
    findings: [{ category: 'nome', count: 1, action: 'placeholder' }],
  });
  const redact = fakeIo({}, text);
  assert.equal(await runClean(['-', '--sensitivity=strict', '--policy=redact'], redact.io), 0);
  assert.equal(redact.out(), 'O [NOME removido] passou aqui.');
});

test('bad arguments: exit 2 with a clear message', async () => {
  for (const args of [
    [],
    ['a.txt', '--policy', 'loose'],
    ['a.txt', '--format', 'xml'],
    ['a', 'b'],
    ['a.txt', '--x'],
    ['a.txt', '--policy'],
    ['a.txt', '--sensitivity', 'maximo'],
    ['a.txt', '--sensitivity', 'STRICT'],
    ['a.txt', '--sensitivity'],
  ]) {
    const f = fakeIo({ 'a.txt': TEXT });
    assert.equal(await runClean(args, f.io), 2, args.join(' '));
    assert.match(f.err(), /^svc clean: /);
    assert.equal(f.out(), '');
  }
  assert.throws(() => parseCleanArgs(['--policy', 'x', 'f']), UsageError);
});

test('unreadable or invalid input: exit 1, and the message never echoes the content', async () => {
  const missing = fakeIo({});
  assert.equal(await runClean(['nope.txt'], missing.io), 1);
  const f = fakeIo({
    'a.json': '{"cpf": "529.982.247-25", oops}',
    'b.jsonl': '{"a":1}\n{"email": "ana@x.com"',
  });
  assert.equal(await runClean(['a.json'], f.io), 1);
  assert.equal(await runClean(['b.jsonl'], f.io), 1);
  assert.match(f.err(), /line 2 is not valid JSON/);
  assert.equal(f.err().includes('529'), false);
  assert.equal(f.err().includes('ana@'), false);
  assert.equal(f.out(), '');
});

test('progress bar only for large input on a terminal, always on stderr', async () => {
  const big = (TEXT + 'texto comum sem nada pessoal '.repeat(40) + '\n').repeat(1500);
  const tty = fakeIo({ 'big.txt': big }, '', true);
  assert.equal(await runClean(['big.txt'], tty.io), 0);
  assert.match(tty.err(), /\r\[#+\] 100%/);
  assert.equal(tty.out().includes('['), true);
  assert.equal(tty.out().includes('#####'), false);
  assert.equal(tty.out().split('[CPF_1]').length - 1, 1500, 'chunks share one map');
  const pipe = fakeIo({ 'big.txt': big }, '', false);
  await runClean(['big.txt'], pipe.io);
  assert.equal(pipe.err().includes('%'), false);
});

test('format guess and command metadata', () => {
  assert.equal(guessFormat('x.JSON'), 'json');
  assert.equal(guessFormat('x.ndjson'), 'jsonl');
  assert.equal(guessFormat('x.jsonl'), 'jsonl');
  assert.equal(guessFormat('x.txt'), 'text');
  assert.deepEqual(cleanCommand.path, ['clean']);
  assert.match(cleanCommand.usage, /--policy/);
  assert.match(cleanCommand.usage, /--sensitivity balanced\|strict/);
});

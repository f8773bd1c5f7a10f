// The barrier on the neutral conversation form: keys in every JSON location, values split
// across blocks, messages of one role and system parts, and keys restored in replies.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cleanConversation, restoreReply } from '../../src/gateway/pipeline/barrier.js';
import type { Block, Conversation, Message } from '../../src/gateway/models/types.js';
import { createCleaner } from '../../src/privacy/barrier.js';
import type { Policy } from '../../src/privacy/types.js';

const CPF = '529.982.247-25';
const PIECES = ['529', '982', '247', '-25', '52998224725'];

function conversation(over: Partial<Conversation>): Conversation {
  return {
    model: 'svc/eco',
    source: 'chat',
    system: [],
    messages: [{ role: 'user', content: [{ type: 'text', text: 'oi' }] }],
    stream: false,
    streamUsage: true,
    extra: {},
    ...over,
  };
}

const text = (t: string): Block => ({ type: 'text', text: t });
const user = (...content: Block[]): Message => ({ role: 'user', content });
const assistant = (...content: Block[]): Message => ({ role: 'assistant', content });

function clean(conv: Conversation, policy: Policy = 'placeholder') {
  const cleaner = createCleaner({ policy, names: false });
  return { out: cleanConversation(conv, cleaner), cleaner };
}

test('keys are cleaned in tool arguments, tool schemas and pass-through fields', () => {
  const cases: [string, Conversation, (c: Conversation) => unknown, unknown][] = [
    [
      'tool_use input',
      conversation({
        messages: [
          user(text('busque')),
          assistant({ type: 'tool_use', id: 't1', name: 'f', input: { [CPF]: { ok: true } } }),
        ],
      }),
      (c) => (c.messages[1]!.content[0] as { input: unknown }).input,
      { '[CPF_1]': { ok: true } },
    ],
    [
      'tool parameters',
      conversation({
        tools: [
          {
            name: 'f',
            parameters: { type: 'object', properties: { [CPF]: { type: 'string' } }, required: [CPF] },
          },
        ],
      }),
      (c) => c.tools![0]!.parameters,
      { type: 'object', properties: { '[CPF_1]': { type: 'string' } }, required: ['[CPF_1]'] },
    ],
    [
      'extra (metadata)',
      conversation({ extra: { metadata: { [CPF]: 'cliente', '[CPF_1]': 'literal' } } }),
      (c) => c.extra,
      { metadata: { '[CPF_1] (2)': 'cliente', '[CPF_1]': 'literal' } },
    ],
  ];
  for (const [where, conv, pick, expected] of cases) {
    const { out, cleaner } = clean(conv);
    assert.deepEqual(pick(out), expected, where);
    assert.ok(!PIECES.some((p) => JSON.stringify(out).includes(p)), where);
    const blocking = clean(conv, 'block').cleaner;
    assert.equal(blocking.blocked, true, `${where}: blocks`);
    assert.equal(cleaner.map.get('[CPF_1]'), CPF);
  }
});

test('a value split across blocks, messages of one role or system parts never leaves a piece', () => {
  const cases: [string, Conversation, (c: Conversation) => string[]][] = [
    [
      'two text blocks of one message',
      conversation({ messages: [user(text('meu CPF é 529.982.'), text('247-25, obrigado'))] }),
      (c) => c.messages.flatMap((m) => m.content.map((b) => (b as { text: string }).text)),
    ],
    [
      'two user messages in a row',
      conversation({
        messages: [
          user(text('oi')),
          assistant(text('olá')),
          user(text('CPF 529.982.247')),
          user(text('-25')),
        ],
      }),
      (c) => c.messages.flatMap((m) => m.content.map((b) => (b as { text: string }).text)),
    ],
    [
      'two system parts',
      conversation({ system: ['Cliente com CPF 529.982.', '247-25.', 'Seja breve.'] }),
      (c) => c.system,
    ],
  ];
  const expected: Record<Policy, string> = {
    placeholder: '[CPF_1]',
    redact: '[CPF removido]',
    block: '[CPF removido]',
  };
  for (const [where, conv, texts] of cases) {
    for (const policy of ['placeholder', 'redact', 'block'] as Policy[]) {
      const { out, cleaner } = clean(conv, policy);
      const joined = texts(out).join('');
      assert.ok(!PIECES.some((p) => joined.includes(p)), `${where}/${policy}: ${joined}`);
      assert.ok(joined.includes(expected[policy]), `${where}/${policy}: ${joined}`);
      assert.deepEqual(
        cleaner.findings().map((f) => [f.category, f.count]),
        [['cpf', 1]],
        `${where}/${policy}`,
      );
      assert.equal(cleaner.blocked, policy === 'block', `${where}/${policy}`);
    }
  }
});

test('parts left empty by a split are dropped, the roles still alternate', () => {
  const { out } = clean(
    conversation({
      system: ['CPF 529.982.247', '-25'],
      messages: [user(text('CPF 529.982.'), text('247-25')), user(text('-')), assistant(text('ok'))],
    }),
  );
  assert.deepEqual(out.system, ['CPF [CPF_1]']);
  assert.deepEqual(out.messages, [user(text('CPF [CPF_1]')), user(text('-')), assistant(text('ok'))]);
  const dropped = clean(
    conversation({ messages: [user(text('CPF 529.982.')), user(text('247-25')), assistant(text('ok'))] }),
  ).out;
  assert.deepEqual(dropped.messages, [user(text('CPF [CPF_1]')), assistant(text('ok'))]);
});

test('blocks of other kinds and other roles break a run: no value is read across them', () => {
  const { out } = clean(
    conversation({
      messages: [
        user(text('Total: 529.982.'), { type: 'tool_result', toolUseId: 't', content: 'ok' }, text('247-25')),
        assistant(text('CPF 529.982.')),
        user(text('247-25')),
      ],
    }),
  );
  assert.equal(JSON.stringify(out.messages).includes('[CPF'), false);
});

test('restoring a reply restores placeholder keys in tool arguments, collisions kept apart', () => {
  const cleaner = createCleaner({ policy: 'placeholder', names: false });
  cleaner.cleanText(`CPF ${CPF}`);
  const reply = restoreReply(
    {
      content: [
        { type: 'text', text: 'ver [CPF_1]' },
        { type: 'tool_use', id: 't', name: 'f', input: { '[CPF_1]': '[CPF_1]', [CPF]: 'x', ok: 1 } },
      ],
      stop: 'tool_use',
      usage: { input: 1, output: 1 },
    },
    cleaner.map,
  );
  assert.deepEqual(reply.content[1], {
    type: 'tool_use',
    id: 't',
    name: 'f',
    input: { [`${CPF} (2)`]: CPF, [CPF]: 'x', ok: 1 },
  });
});

test('vendor settings keep their fixed values; field names stay; anything else in them is cleaned', () => {
  const NAME = 'Maria Souza';
  const extra = {
    reasoning_effort: 'low',
    verbosity: 'low',
    service_tier: 'flex',
    reasoning: { effort: 'low', summary: 'auto' },
    text: { verbosity: 'low', format: { type: 'json_schema', name: 'ficha', schema: { type: 'object' } } },
    audio: { voice: 'coral', format: 'mp3' },
    include: ['reasoning.encrypted_content'],
    response_format: {
      type: 'json_schema',
      json_schema: {
        name: 'pessoa',
        strict: true,
        schema: { type: 'object', properties: { first_name: { type: 'string' }, taxId: { type: 'string' } } },
      },
    },
    metadata: { cliente: NAME, documento: CPF },
  };
  const cleaner = createCleaner({ policy: 'placeholder' });
  const out = cleanConversation(conversation({ extra }), cleaner);
  assert.deepEqual(out.extra, { ...extra, metadata: { cliente: '[NOME_1]', documento: '[CPF_1]' } });
  // A value outside the setting's list is read like any other: a name there is masked.
  const odd = cleanConversation(
    conversation({ extra: { reasoning_effort: NAME, audio: { voice: NAME }, modalities: ['text', NAME] } }),
    createCleaner({ policy: 'placeholder' }),
  );
  assert.doesNotMatch(JSON.stringify(odd.extra), /Maria|Souza/);
  // Identifier keys are field names for the name model, but a CPF or an e-mail as a key is still found.
  const keys = createCleaner({ policy: 'placeholder' }).cleanJson({
    reasoning_effort: 'x',
    json_schema: 'x',
    [CPF]: 1,
    'maria.souza@exemplo.com.br': 2,
    [NAME]: 3,
  });
  assert.deepEqual(Object.keys(keys as object), [
    'reasoning_effort',
    'json_schema',
    '[CPF_1]',
    '[EMAIL_1]',
    '[NOME_1]',
  ]);
});

// What to do with a new key, with this gateway's address filled in: curl, the openai client
// and the @anthropic-ai/sdk client, each calling a model through the barrier.
const SAMPLE = 'Sou Maria Souza, CPF 529.982.247-25';

export function Quickstart({ secret, model }: { secret: string; model: string }) {
  const base = location.origin;
  const samples: [string, string][] = [
    [
      'curl',
      `curl -s ${base}/v1/chat/completions \\
  -H "Authorization: Bearer ${secret}" \\
  -H 'Content-Type: application/json' \\
  -d '{"model": "${model}", "messages": [{"role": "user", "content": "${SAMPLE}"}]}'`,
    ],
    [
      'openai (Node)',
      `import OpenAI from 'openai';

const client = new OpenAI({ apiKey: '${secret}', baseURL: '${base}/v1' });
const chat = await client.chat.completions.create({
  model: '${model}',
  messages: [{ role: 'user', content: '${SAMPLE}' }],
});
console.log(chat.choices[0].message.content);`,
    ],
    [
      '@anthropic-ai/sdk (Node)',
      `import Anthropic from '@anthropic-ai/sdk';

const client = new Anthropic({ apiKey: '${secret}', baseURL: '${base}' });
const msg = await client.messages.create({
  model: '${model}',
  max_tokens: 256,
  messages: [{ role: 'user', content: '${SAMPLE}' }],
});
console.log(msg.content[0].text);`,
    ],
  ];
  return (
    <section class="quickstart" aria-label="Primeira chamada">
      <h2>Primeira chamada com esta chave</h2>
      <p>
        Endereço base: <code data-testid="base-url">{base}</code> (<code>{base}/v1</code> para o cliente
        openai). O modelo recebe <code>[NOME_1]</code> e <code>[CPF_1]</code> no lugar dos dados pessoais.
      </p>
      {samples.map(([title, code]) => (
        <figure key={title}>
          <figcaption>{title}</figcaption>
          <pre data-testid={`quickstart-${title.split(' ')[0]}`}>{code}</pre>
        </figure>
      ))}
    </section>
  );
}

// Who is behind a user agent: a person's browser, an AI agent, or another robot. `isbot`
// decides robot or not; AI agents are named from a short list so counters stay bounded.
import { isbot } from 'isbot';

const AI_AGENTS: ReadonlyArray<[string, RegExp]> = [
  ['GPTBot', /GPTBot/i],
  ['ChatGPT-User', /ChatGPT-User/i],
  ['OAI-SearchBot', /OAI-SearchBot/i],
  ['ClaudeBot', /ClaudeBot|Claude-Web|Claude-User|Claude-SearchBot/i],
  ['anthropic-ai', /anthropic-ai/i],
  ['PerplexityBot', /Perplexity/i],
  ['Google-Extended', /Google-Extended/i],
  ['CCBot', /CCBot/i],
  ['Bytespider', /Bytespider/i],
  ['Amazonbot', /Amazonbot/i],
  ['Applebot-Extended', /Applebot-Extended/i],
  ['meta-externalagent', /meta-external/i],
  ['cohere-ai', /cohere-ai/i],
  ['MistralAI-User', /MistralAI/i],
  ['DeepSeekBot', /DeepSeek/i],
];

export type Visitor = { kind: 'person' } | { kind: 'ai'; agent: string } | { kind: 'robot'; agent: string };

/** A request without a user agent is no browser: counted as a robot. */
export function classify(userAgent: string | undefined): Visitor {
  const ua = userAgent ?? '';
  for (const [agent, pattern] of AI_AGENTS) if (pattern.test(ua)) return { kind: 'ai', agent };
  if (ua.trim() === '' || isbot(ua)) return { kind: 'robot', agent: 'outro' };
  return { kind: 'person' };
}

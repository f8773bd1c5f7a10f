// POST /v1/messages/count_tokens: the tokens of a conversation as the vendor would receive
// it — after the barrier, placeholders in place of personal data. A model served by the
// vendor messages API (its first provider is of type `anthropic`) is counted by that vendor
// (its tokenizer is not public), through the model's anthropic providers in order; any
// other model, svc/eco included, is counted here with o200k_base, the encoding of GPT-4o
// and later. Nothing is charged and no usage or quota is counted: no model runs.
import type { Finding } from '../../privacy/index.js';
import { blockedError } from '../privacy/clean.js';
import { barrierDone, barrierStart } from '../privacy/observe.js';
import type { Conversation } from '../models/types.js';
import { IMAGE_TOKENS, warmTokenizer } from './input-tokens.js';
import type { Principal } from './principal.js';
import type { ProviderCall } from './provider-call.js';
import { assertReleased, resolveModel } from './resolve.js';
import type { PipelineDeps, RunOptions } from './run-model.js';
import { screen } from './screen.js';

/** What a chat model adds around each message (role and separators), and before its answer, as OpenAI counts. */
const PER_MESSAGE = 3;
const REPLY_PRIMING = 3;

export interface TokenCount {
  model: string;
  findings: Finding[];
  inputTokens: number;
}

/** What a count uses of a model call's options: no payer, no billing, nothing to log. */
export type CountOptions = Pick<RunOptions, 'signal' | 'policy' | 'nameSensitivity' | 'onScreened'>;

/** Throws ApiError (404, 400, 403, 422, 502, 504) for the caller to render. */
export async function runCountTokens(
  deps: PipelineDeps,
  provider: ProviderCall,
  principal: Principal,
  conversation: Conversation,
  opts: CountOptions,
): Promise<TokenCount> {
  const model = resolveModel(deps.catalogue, principal, conversation);
  assertReleased(principal, model);
  const started = barrierStart();
  const { conversation: clean, findings, blocked } = screen(conversation, principal, opts);
  barrierDone('model', started, findings, blocked);
  opts.onScreened?.(model.id, findings);
  if (blocked) throw blockedError(findings);
  const vendor = model.targets.filter((t) => t.provider.type === 'anthropic');
  const inputTokens =
    vendor.length > 0 && model.targets[0] === vendor[0]
      ? await provider.countTokens(clean, vendor, opts.signal)
      : await countLocally(clean);
  return { model: model.id, findings, inputTokens };
}

/** Every text the provider would read, each counted, plus the framing of each message. */
async function countLocally(conv: Conversation): Promise<number> {
  const count = await warmTokenizer();
  let tokens = REPLY_PRIMING;
  for (const text of conv.system) tokens += PER_MESSAGE + count(text);
  for (const m of conv.messages) {
    tokens += PER_MESSAGE;
    for (const b of m.content) {
      if (b.type === 'text') tokens += count(b.text);
      else if (b.type === 'tool_result') tokens += count(b.content);
      else if (b.type === 'tool_use') tokens += count(b.name) + count(JSON.stringify(b.input ?? {}));
      else tokens += IMAGE_TOKENS;
    }
  }
  for (const t of conv.tools ?? []) {
    tokens += count(JSON.stringify({ name: t.name, description: t.description, parameters: t.parameters }));
  }
  return tokens;
}

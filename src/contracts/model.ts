// Model calls of the contract API, always through the gateway over HTTP (so the contract
// text crosses the privacy barrier like any client's). `svc/auto` when the gateway offers
// it, else the first real model; svc/eco (the barrier's echo) is not a model and is only
// used where an answer of some kind is better than none (chat without any real model).
import { type ChatMessage, type GatewayClient, GatewayError } from '../platform/gateway-client.js';
import type { Logger } from '../platform/logger.js';
import { AUTO_ID, ECO_ID } from '../platform/model-ids.js';
import { ContractsError } from './errors.js';

/** Characters of contract text sent to a model: enough for most contracts, bounded cost. */
export const MODEL_TEXT_CHARS = 24_000;

export interface ModelPicker {
  /** The model to use, or undefined when the gateway offers no real model. */
  realModel(): Promise<string | undefined>;
}

export function createModelPicker(client: GatewayClient): ModelPicker {
  return {
    async realModel() {
      const ids = await client.models();
      const real = ids.filter((id) => id !== ECO_ID && id !== AUTO_ID);
      if (real.length === 0) return undefined; // svc/auto with no provider is svc/eco
      return ids.includes(AUTO_ID) ? AUTO_ID : real[0];
    },
  };
}

const excerpt = (text: string) =>
  text.length <= MODEL_TEXT_CHARS ? text : `${text.slice(0, MODEL_TEXT_CHARS)}\n[…texto cortado…]`;

export function summaryMessages(text: string): ChatMessage[] {
  return [
    {
      role: 'system',
      content:
        'Você é um analista jurídico. Resuma em português do Brasil, em até 8 tópicos curtos, os principais riscos do contrato abaixo para quem o assina. Não invente cláusulas; cite apenas o que está no texto.',
    },
    { role: 'user', content: `Contrato:\n"""\n${excerpt(text)}\n"""` },
  ];
}

export function chatMessages(text: string, question: string): ChatMessage[] {
  return [
    {
      role: 'system',
      content:
        'Responda em português do Brasil, apenas com base no contrato fornecido. Se a resposta não estiver no contrato, diga que o contrato não trata do assunto. Cite a cláusula quando possível.',
    },
    { role: 'user', content: `Contrato:\n"""\n${excerpt(text)}\n"""\n\nPergunta: ${question}` },
  ];
}

/** A model summary, or null when no real model is configured or the call failed (logged without content). */
export async function modelSummary(
  client: GatewayClient,
  picker: ModelPicker,
  text: string,
  log: Logger,
): Promise<{ text: string; model: string } | null> {
  try {
    const model = await picker.realModel();
    if (!model) return null;
    const result = await client.chat(summaryMessages(text), { model, maxTokens: 800, temperature: 0 });
    return { text: result.text, model: result.model || model };
  } catch (err) {
    log.warn({ error: gatewayFailure(err) }, 'contract summary unavailable');
    return null;
  }
}

export async function answerQuestion(
  client: GatewayClient,
  picker: ModelPicker,
  text: string,
  question: string,
  log: Logger,
): Promise<{ text: string; model: string }> {
  try {
    const model = (await picker.realModel()) ?? ECO_ID;
    const result = await client.chat(chatMessages(text, question), { model, maxTokens: 800, temperature: 0 });
    return { text: result.text, model: result.model || model };
  } catch (err) {
    log.warn({ error: gatewayFailure(err) }, 'contract chat unavailable');
    if (err instanceof GatewayError && err.status === 422) throw new ContractsError('CONTENT_BLOCKED');
    throw new ContractsError('MODEL_UNAVAILABLE');
  }
}

/** Only the class, status and code: a gateway or network message could quote the content. */
function gatewayFailure(err: unknown): Record<string, unknown> {
  if (err instanceof GatewayError) return { kind: 'gateway', status: err.status, code: err.code };
  return { kind: (err as Error)?.name ?? 'unknown', code: (err as { code?: string })?.code };
}

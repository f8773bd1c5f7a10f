// Analysis of one transcript: through the gateway (so the transcript crosses the privacy
// barrier before any model sees it) when a real model is configured, else by rules. What
// is stored is cleaned again locally: a model may echo or restore something personal.
import { GatewayError, type GatewayClient } from '../../platform/gateway-client.js';
import { AUTO_ID, ECO_ID } from '../../platform/model-ids.js';
import { createCleaner } from '../../privacy/index.js';
import type { TranscriptMessage } from '../crm/client.js';
import { type AnalysisFields, analyzeByRules, type Outcome, type Sentiment } from './rules.js';

export interface Analysis extends AnalysisFields {
  analyzer: 'modelo' | 'regras';
  model: string | null;
}

/** Transient gateway trouble: the job is retried (unless it is its last attempt). */
export class AnalysisUnavailable extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}

export const SYSTEM = [
  'Você analisa conversas de atendimento ao cliente.',
  'Responda somente com um objeto JSON, sem texto fora dele, com as chaves:',
  '"resumo" (até três frases, em português, sem nomes, documentos, e-mails ou telefones),',
  '"topicos" (lista de até cinco assuntos curtos),',
  '"sentimento" ("positivo", "neutro" ou "negativo", do cliente) e',
  '"desfecho" ("resolvido", "nao_resolvido" ou "indefinido").',
].join(' ');

// Past this the oldest lines are dropped: the end of a conversation decides its outcome.
const MAX_TRANSCRIPT_CHARS = 60_000;

export function transcriptText(messages: TranscriptMessage[]): string {
  const lines = messages.map((m) => `${m.author}: ${m.text.replace(/\s+/g, ' ').trim()}`);
  let total = 0;
  let start = lines.length;
  while (start > 0 && total + lines[start - 1]!.length + 1 <= MAX_TRANSCRIPT_CHARS)
    total += lines[--start]!.length + 1;
  return lines.slice(start).join('\n');
}

const SENTIMENTS: Sentiment[] = ['positivo', 'neutro', 'negativo'];
const OUTCOMES: Outcome[] = ['resolvido', 'nao_resolvido', 'indefinido'];

/** The model's JSON answer, or undefined when it is not usable (then rules decide). */
export function parseModelReply(text: string): AnalysisFields | undefined {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end <= start) return undefined;
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(text.slice(start, end + 1)) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  const summary = typeof json.resumo === 'string' ? json.resumo.trim().slice(0, 2000) : '';
  const topics = Array.isArray(json.topicos)
    ? json.topicos
        .filter((t): t is string => typeof t === 'string' && t.trim() !== '')
        .map((t) => t.trim().slice(0, 80))
        .slice(0, 5)
    : [];
  const sentiment = SENTIMENTS.find((s) => s === json.sentimento);
  const outcome = OUTCOMES.find((o) => o === json.desfecho);
  if (!summary || !sentiment || !outcome) return undefined;
  return { summary, topics, sentiment, outcome };
}

/**
 * Removes anything personal the barrier can find from what will be stored. This is the one
 * cleaner outside the gateway's cleaning-choice door: insights tenants are not gateway
 * organisations and have no barrier settings to choose from, so every category is masked.
 */
export function scrub(fields: AnalysisFields): AnalysisFields {
  const cleaner = createCleaner({ policy: 'placeholder' });
  return {
    ...fields,
    summary: cleaner.cleanText(fields.summary),
    topics: fields.topics.map((t) => cleaner.cleanText(t)),
  };
}

export interface Analyzer {
  analyze(messages: TranscriptMessage[], options: { lastAttempt: boolean }): Promise<Analysis>;
}

export function createAnalyzer(
  client: GatewayClient,
  log: { warn: (o: object, m: string) => void },
): Analyzer {
  let cached: { at: number; model: string | null } | undefined;

  // svc/auto when the catalogue offers it and holds a real model; svc/eco (the echo) is no
  // analyst, so a catalogue of only eco/auto means rules.
  async function pickModel(): Promise<string | null> {
    if (cached && Date.now() - cached.at < 60_000) return cached.model;
    const ids = await client.models();
    const real = ids.filter((id) => id !== ECO_ID && id !== AUTO_ID);
    const model = real.length === 0 ? null : ids.includes(AUTO_ID) ? AUTO_ID : real[0]!;
    cached = { at: Date.now(), model };
    return model;
  }

  const byRules = (messages: TranscriptMessage[]): Analysis => ({
    ...scrub(analyzeByRules(messages)),
    analyzer: 'regras',
    model: null,
  });

  return {
    async analyze(messages, { lastAttempt }) {
      let model: string | null;
      try {
        model = await pickModel();
        if (model === null) return byRules(messages);
        const reply = await client.chat(
          [
            { role: 'system', content: SYSTEM },
            { role: 'user', content: transcriptText(messages) },
          ],
          { model, temperature: 0 },
        );
        const fields = parseModelReply(reply.text);
        if (!fields) {
          log.warn({ reason: 'invalid_model_reply', model }, 'insight analysis fell back to rules');
          return byRules(messages);
        }
        return { ...scrub(fields), analyzer: 'modelo', model: reply.model || model };
      } catch (err) {
        const status = err instanceof GatewayError ? err.status : 0;
        const code =
          err instanceof GatewayError ? `gateway_${err.status}_${err.code}` : 'gateway_unreachable';
        // 5xx, 429 and network failures pass; anything else (a refusal) will not.
        const transient = status === 0 || status === 429 || status >= 500;
        if (transient && !lastAttempt) throw new AnalysisUnavailable(code);
        log.warn({ reason: code }, 'insight analysis fell back to rules');
        return byRules(messages);
      }
    },
  };
}

// svc/auto: picks a catalogue model from what the request holds. Deterministic — the same
// request and catalogue always give the same model — and cheap: one pass over the text,
// no tokenizer. The rules are in docs/gateway.md ("svc/auto"); keep the two in step.
import { AUTO_ID } from '../../platform/model-ids.js';
import type { CatalogueModel } from './catalogue.js';
import { DEFAULT_MAX_TOKENS } from '../models/output-bound.js';
import type { Conversation } from '../models/types.js';
import { noAutoModel } from './errors.js';

/** What the chooser looks at. Exported so tests and docs can show the reading of a request. */
export interface Needs {
  /** Rough prompt size: characters / 4, as svc/eco counts. */
  inputTokens: number;
  /** The caller's max_tokens, or the default the providers get (4096). */
  answerTokens: number;
  tools: boolean;
  code: boolean;
  /** 'pt', 'en' or null when no language stands out. */
  language: string | null;
  /** 1 = a small model will do … 3 = wants the strongest one. */
  tier: number;
}

/** A prompt + answer above this is "long" and wants a stronger model. */
const LONG = 16_000;
const DEFAULT_TIER = 2;

// Code: a fence, or lines that look like statements of common languages.
const CODE =
  /```|^\s*(?:def |class |import |from \S+ import|function |const |let |public |#include|SELECT |package )|[;{}]\s*$/im;
// Common function words of each language, as whole words (accented letters count as letters).
const words = (list: string) => new RegExp(`(?<!\\p{L})(?:${list})(?!\\p{L})`, 'giu');
const PT = words(
  'não|você|é|está|são|também|então|qual|que|para|por|com|uma|isso|se|há|de|do|da|em|obrigad[oa]',
);
const EN = words('the|and|you|with|this|that|what|please|is|are|of|to|in|it|for|how');

function count(re: RegExp, text: string): number {
  re.lastIndex = 0;
  return text.match(re)?.length ?? 0;
}

/** An image counts as about a thousand tokens (a page-sized image at the vendors' rates). */
const IMAGE_CHARS = 4000;

export function readNeeds(conv: Conversation): Needs {
  let chars = 0;
  let userText = '';
  let toolsInTalk = false;
  for (const s of conv.system) chars += s.length;
  for (const m of conv.messages) {
    for (const b of m.content) {
      if (b.type === 'text') {
        chars += b.text.length;
        if (m.role === 'user') userText += `${b.text}\n`;
      } else if (b.type === 'tool_use') {
        toolsInTalk = true;
        chars += JSON.stringify(b.input ?? null).length + b.name.length;
      } else if (b.type === 'tool_result') {
        toolsInTalk = true;
        chars += b.content.length;
      } else chars += IMAGE_CHARS;
    }
  }
  for (const t of conv.tools ?? []) {
    chars += t.name.length + (t.description?.length ?? 0) + JSON.stringify(t.parameters ?? null).length;
  }
  const inputTokens = Math.ceil(chars / 4);
  const answerTokens = conv.maxTokens ?? DEFAULT_MAX_TOKENS;
  const tools = ((conv.tools?.length ?? 0) > 0 && conv.toolChoice?.type !== 'none') || toolsInTalk;
  // Language and code are read from what the user wrote (the last 8 KB: the recent turns).
  const recent = userText.slice(-8192);
  const code = CODE.test(recent);
  const pt = count(PT, recent);
  const en = count(EN, recent);
  const language = pt === en ? null : pt > en ? 'pt' : 'en';
  const tier = Math.min(3, 1 + (code ? 1 : 0) + (inputTokens + answerTokens > LONG ? 1 : 0));
  return { inputTokens, answerTokens, tools, code, language, tier };
}

/** Why a model cannot take the request at all (null = it can). */
function misfit(m: CatalogueModel, needs: Needs): string | null {
  if (m.auto?.exclude) return 'excluded';
  if (m.context_window < needs.inputTokens + needs.answerTokens) return 'context';
  if (needs.tools && m.auto?.tools === false) return 'tools';
  if (m.auto?.max_output_tokens !== undefined && m.auto.max_output_tokens < needs.answerTokens)
    return 'output';
  return null;
}

/** Sort key, lower is better; ties keep config order (the sort is stable). */
function rank(m: CatalogueModel, needs: Needs): number[] {
  const tier = m.auto?.tier ?? DEFAULT_TIER;
  const languages = m.auto?.languages;
  return [
    needs.language && languages && !languages.includes(needs.language) ? 1 : 0,
    needs.code && m.auto?.code !== true ? 1 : 0,
    // The weakest model strong enough; below the needed tier only when nothing reaches it.
    tier >= needs.tier ? tier - needs.tier : 10 + (needs.tier - tier),
    m.context_window,
  ];
}

function compare(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}

/**
 * The model svc/auto answers with. `released` is what the organisation may use, `all` the
 * whole catalogue: nothing released at all, or only models too small while a model the
 * organisation may not use would fit, is a 403. When no model anywhere fits, the largest
 * released one gets the request (the size is an estimate; the provider has the last word).
 */
export function chooseModel(
  conv: Conversation,
  released: CatalogueModel[],
  all: CatalogueModel[],
): CatalogueModel {
  const needs = readNeeds(conv);
  const fitting = released.filter((m) => misfit(m, needs) === null);
  if (fitting.length > 0) {
    const ranked = fitting.map((m) => ({ m, key: rank(m, needs) }));
    ranked.sort((a, b) => compare(a.key, b.key));
    return ranked[0]!.m;
  }
  const usable = released.filter((m) => !m.auto?.exclude);
  if (usable.length === 0 || all.some((m) => misfit(m, needs) === null)) {
    throw noAutoModel();
  }
  return usable.reduce((best, m) => (m.context_window > best.context_window ? m : best));
}

/** The catalogue entry GET /v1/models shows for svc/auto, sized by what it may choose. */
export function autoEntry(released: CatalogueModel[]): CatalogueModel {
  return {
    id: AUTO_ID,
    kind: 'chat',
    aliases: [],
    display_name: 'svc auto (escolha pelo conteúdo)',
    context_window: Math.max(0, ...released.map((m) => m.context_window)),
    description:
      'Escolhe um modelo do catálogo liberado pelo conteúdo do pedido (tamanho, ferramentas, código, idioma, ' +
      'tamanho da resposta). O campo model da resposta e o cabeçalho X-SVC-Model dizem qual.',
    targets: [],
  };
}

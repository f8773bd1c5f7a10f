// One model pipeline: every caller of a model (the chat-completions and messages routes, the
// MCP tools) goes through runModel, the transcription route through runTranscription. The
// steps, in order: resolve the model → release → quota → images → policy + barrier → output bound and
// charge (prepaid calls) → provider call → accounting (usage, settlement) → restoration.
// Each step is a plain function in its own file; this file only orders them.
import type { TranscriptionConfig } from '../../platform/config/transcription.js';
import type { Logger } from '../../platform/logger.js';
import type { Finding } from '../../privacy/index.js';
import { type CleaningAsk, cleanerFor } from '../orgs/cleaning-choice.js';
import type { Limits } from '../limits/index.js';
import { restoreEvents, restoreReply } from './barrier.js';
import type { Catalogue } from './catalogue.js';
import type { Conversation, Reply, StreamEvent } from '../models/types.js';
import { blockedError } from '../privacy/clean.js';
import type { Payer } from '../billing/payer.js';
import { type CallCharges, priceOf } from './charge.js';
import { assertModelAllowed } from '../access/controls.js';
import { holdCost, holdsCost, NOTHING_HELD } from './budget-hold.js';
import { countInputTokens } from './input-tokens.js';
import { transcriptionNotConfigured } from '../models/errors.js';
import { accounted } from './accounting.js';
import { boundOutput } from './max-tokens.js';
import type { Principal } from './principal.js';
import { ProviderCall, type TranscriptionInput, type UpstreamOptions } from './provider-call.js';
import { assertReleased, resolveModel } from './resolve.js';
import { barrierDone, barrierStart } from '../privacy/observe.js';
import { screen } from './screen.js';
import { type EmbeddingsRun, runEmbeddings } from './embeddings.js';
import { type CountOptions, runCountTokens, type TokenCount } from './count-tokens.js';
import type { EmbeddingsRequest } from '../models/formats/embeddings.js';
import type { DocumentReaders } from '../extract/readers.js';
import { mergeFindings, redactFiles } from './images.js';
import type { CallObserver } from './call-observer.js';

export interface PipelineDeps {
  catalogue: Catalogue;
  /** Quotas before the call, usage after it; the same counters as the per-minute hook. */
  limits: Limits;
  logger: Logger;
  upstream?: UpstreamOptions;
  /** Prepaid calls (docs/payments.md); absent when payments are not configured. */
  charges?: CallCharges;
  /** SVC_CONFIG `transcription`; absent → runTranscription answers 503. */
  transcription?: TranscriptionConfig;
  /** The OCR and PDF pools images and PDFs are read with (images.ts); absent → they are refused. */
  documents?: DocumentReaders;
}

/** Usage of transcriptions is counted under this id (the provider's model is in the config). */
export const TRANSCRIPTION_MODEL_ID = 'svc/transcription';

export type { TranscriptionInput };

/** `policy` and `nameSensitivity`: what the caller asks of the barrier; it can only tighten. */
export interface RunOptions extends CleaningAsk {
  /** Aborting stops the provider call (for a stream, the upstream read too). */
  signal: AbortSignal;
  /** Where this call's warnings go (on HTTP, the request's logger); the pipeline's by default. */
  log?: Pick<Logger, 'warn'>;
  /**
   * Called once the model is chosen and the barrier has run, before a blocked request is
   * refused and before any provider is called: a caller that reports the model and the
   * findings (the HTTP headers) can do so whatever happens next.
   */
  onScreened?(model: string, findings: Finding[]): void;
  /** Credentials the caller presented for a prepaid call (X-Credito, X-PAYMENT). */
  payer?: Payer;
  /** The URL called, for the x402 quote of a call that lacks credit. */
  resource?: string;
  /**
   * Cost and balance headers of a prepaid call: once when the cost is reserved (for a
   * stream, before its first byte), again when a whole reply's cost is settled.
   */
  onBilling?(headers: Record<string, string>): void;
  /** The request log's note of this call (gateway/calls): model, findings, usage, cost. */
  note?: CallObserver;
}

/** `conversation.stream` decides: a whole reply, or batches of events (one per upstream read). */
export type ModelRun =
  | { kind: 'reply'; model: string; findings: Finding[]; reply: Reply }
  | { kind: 'events'; model: string; findings: Finding[]; events: AsyncIterable<StreamEvent[]> };

export class ModelPipeline {
  readonly #deps: PipelineDeps;
  /** Private: the pipeline is the only way to a provider. */
  readonly #provider: ProviderCall;

  constructor(deps: PipelineDeps) {
    this.#deps = deps;
    this.#provider = new ProviderCall(deps.logger, deps.upstream);
  }

  /** Throws ApiError (404, 403, 429, 400, 422, 502, 504) for the caller to render. */
  async runModel(principal: Principal, conversation: Conversation, opts: RunOptions): Promise<ModelRun> {
    const { catalogue, limits } = this.#deps;
    const model = resolveModel(catalogue, principal, conversation);
    opts.note?.resolved(conversation.model, model);
    assertReleased(principal, model);
    await limits.checkQuota(principal, opts.log ?? this.#deps.logger);
    // Images and PDFs first: OCR, their personal data blacked out, PDFs turned into text.
    const images = await redactFiles(conversation, principal, opts, this.#deps.documents, opts.signal);
    const started = barrierStart();
    const screened = screen(images.conversation, principal, opts);
    const { conversation: clean, restore } = screened;
    const findings = mergeFindings(images.findings, screened.findings);
    // Under `block`, personal data in an image blocks the request as it would in text.
    const blocked = screened.blocked || images.findings.some((f) => f.action === 'block');
    barrierDone('model', started, findings, blocked);
    opts.note?.screened(findings);
    opts.onScreened?.(model.id, findings);
    if (blocked) throw blockedError(findings);

    // A charged call, and a call of a key with a budget, hold their maximum cost before the
    // provider is called; the output is bounded first, so that what they hold bounds what
    // the call can cost.
    const log = opts.log ?? this.#deps.logger;
    let sent = clean;
    let held = NOTHING_HELD;
    if (holdsCost(this.#deps.charges, principal, model)) {
      const bounded = boundOutput(clean, model);
      sent = bounded;
      const size = { inputTokens: await countInputTokens(bounded), maxOutputTokens: bounded.maxTokens };
      held = await holdCost(
        this.#deps,
        { principal, model, ...size, payer: opts.payer, resource: opts.resource },
        log,
      );
      if (held.charge) opts.onBilling?.(held.charge.headers);
    }
    const { charge, release } = held;

    if (!conversation.stream) {
      const reply = await this.#provider.complete(sent, model, opts.signal).catch(held.failed);
      const cost = priceOf(model, reply.usage);
      // Awaited: a key with a budget has its spend written before it gets the answer.
      await limits.record(principal, model.id, reply.usage, cost);
      await release();
      opts.note?.used(reply.usage, cost);
      if (charge) opts.onBilling?.(await charge.settle(reply.usage));
      return {
        kind: 'reply',
        model: model.id,
        findings,
        reply: restore ? restoreReply(reply, restore) : reply,
      };
    }
    const upstream = await this.#provider.stream(sent, model, opts.signal).catch(held.failed);
    const events = accounted(upstream, (usage, streamedChars) => {
      const cost = priceOf(model, usage);
      void limits.record(principal, model.id, usage, cost).then(release);
      opts.note?.used(usage, cost);
      charge
        ?.settle(usage, streamedChars)
        .catch((err: Error) => log.warn({ err: err.name }, 'credit settlement failed'));
    });
    return {
      kind: 'events',
      model: model.id,
      findings,
      events: restore ? restoreEvents(events, restore) : events,
    };
  }

  /**
   * Audio → cleaned text: quota → provider → barrier on the text (the caller gets the
   * cleaned text; placeholders are not restored: keeping personal data out of what
   * leaves is the point) → usage. Throws ApiError (429, 422, 502, 503, 504).
   */
  async runTranscription(
    principal: Principal,
    input: TranscriptionInput,
    opts: Omit<RunOptions, 'onScreened'> & { onScreened?(findings: Finding[]): void },
  ): Promise<{ model: string; text: string; findings: Finding[] }> {
    const config = this.#deps.transcription;
    if (!config) throw transcriptionNotConfigured();
    assertModelAllowed(principal, { id: TRANSCRIPTION_MODEL_ID });
    await this.#deps.limits.checkQuota(principal, opts.log ?? this.#deps.logger);
    const reply = await this.#provider.transcribe(config, input, opts.signal);
    await this.#deps.limits.record(principal, TRANSCRIPTION_MODEL_ID, reply.usage);
    const cleaner = cleanerFor(principal, opts);
    const started = barrierStart();
    const text = cleaner.cleanText(reply.text);
    const findings = cleaner.findings();
    barrierDone('transcription', started, findings, cleaner.blocked);
    opts.onScreened?.(findings);
    if (cleaner.blocked) throw blockedError(findings);
    return { model: TRANSCRIPTION_MODEL_ID, text, findings };
  }

  /** POST /v1/embeddings at the catalogue embedding model `name` (embeddings.ts). */
  runEmbeddings(
    principal: Principal,
    name: string,
    req: EmbeddingsRequest,
    opts: RunOptions,
  ): Promise<EmbeddingsRun> {
    return runEmbeddings(this.#deps, this.#provider, principal, name, req, opts);
  }

  /** POST /v1/messages/count_tokens: the cleaned conversation's input tokens (count-tokens.ts). */
  runCountTokens(principal: Principal, conversation: Conversation, opts: CountOptions): Promise<TokenCount> {
    return runCountTokens(this.#deps, this.#provider, principal, conversation, opts);
  }

  /** Open charges first (they settle as their streams end), then the upstream pools. */
  async close(): Promise<void> {
    await this.#deps.charges?.close();
    await this.#provider.close();
  }
}

// POST /v1/embeddings at a catalogue embedding model: the same steps as a model call —
// resolve, release, quota, barrier, charge, provider, usage — with no output and nothing
// to restore. Every input is cleaned by one cleaner, so a value repeated across the batch
// gets one placeholder everywhere; the vectors come back as the provider made them
// (placeholders in a vector cannot be restored: it was computed on the cleaned text).
import type { Cleaner, Finding } from '../../privacy/index.js';
import { cleanerFor } from '../orgs/cleaning-choice.js';
import { blockedError } from '../privacy/clean.js';
import { barrierDone, barrierStart } from '../privacy/observe.js';
import type { Embeddings, EmbeddingsRequest } from '../models/formats/embeddings.js';
import { priceOf } from './charge.js';
import { holdCost, holdsCost, NOTHING_HELD } from './budget-hold.js';
import { countText } from './input-tokens.js';
import type { Principal } from './principal.js';
import type { ProviderCall } from './provider-call.js';
import { assertReleased, resolveEmbeddingModel } from './resolve.js';
import type { PipelineDeps, RunOptions } from './run-model.js';

export interface EmbeddingsRun {
  /** The canonical id of the model that answered. */
  model: string;
  findings: Finding[];
  embeddings: Embeddings;
}

/** Throws ApiError (404, 400, 403, 429, 422, 402, 502, 504) for the caller to render. */
export async function runEmbeddings(
  deps: PipelineDeps,
  provider: ProviderCall,
  principal: Principal,
  name: string,
  req: EmbeddingsRequest,
  opts: RunOptions,
): Promise<EmbeddingsRun> {
  const log = opts.log ?? deps.logger;
  const model = resolveEmbeddingModel(deps.catalogue, name);
  opts.note?.resolved(name, model);
  assertReleased(principal, model);
  await deps.limits.checkQuota(principal, log);
  const started = barrierStart();
  const cleaner = cleanerFor(principal, opts);
  const sent = cleanRequest(req, cleaner);
  const findings = cleaner.findings();
  barrierDone('model', started, findings, cleaner.blocked);
  opts.note?.screened(findings);
  opts.onScreened?.(model.id, findings);
  if (cleaner.blocked) throw blockedError(findings);

  // What is sent is counted only when needed: to size a charge's hold, or when the
  // provider reports no usage (quota, usage and the charge still need a number).
  const counted = () => countText(sent.input.join('\n'));
  const held = holdsCost(deps.charges, principal, model)
    ? await holdCost(
        deps,
        {
          principal,
          model,
          inputTokens: await counted(),
          maxOutputTokens: 0,
          payer: opts.payer,
          resource: opts.resource,
        },
        log,
      )
    : NOTHING_HELD;
  const { charge, release } = held;
  if (charge) opts.onBilling?.(charge.headers);
  const reply = await provider.embed(sent, model, opts.signal).catch(held.failed);
  const embeddings = reply.inputTokens > 0 ? reply : { ...reply, inputTokens: await counted() };
  const usage = { input: embeddings.inputTokens, output: 0 };
  const cost = priceOf(model, usage);
  await deps.limits.record(principal, model.id, usage, cost);
  await release();
  opts.note?.used(usage, cost);
  if (charge) opts.onBilling?.(await charge.settle(usage));
  return { model: model.id, findings, embeddings };
}

/**
 * The texts that may leave: names are read across the whole batch first, so a person
 * named in full in one input is masked where another mentions only the surname.
 */
function cleanRequest(req: EmbeddingsRequest, cleaner: Cleaner): EmbeddingsRequest {
  cleaner.rememberNames(req.input);
  const out: EmbeddingsRequest = { ...req, input: cleaner.cleanList(req.input) };
  if (req.user !== undefined) out.user = cleaner.cleanText(req.user);
  return out;
}

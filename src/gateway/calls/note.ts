// What the model pipeline learns about one call and the request log keeps: the model asked
// (only once resolved, so a free-form name a caller typed is never kept), the model and
// provider used, the findings as counts, the usage and its cost. The HTTP hook (hook.ts)
// adds the route, status and latency when the answer ends.
import type { Finding } from '../../privacy/index.js';
import type { Usage } from '../models/types.js';
import type { CatalogueModel } from '../pipeline/catalogue.js';
import type { CallObserver } from '../pipeline/call-observer.js';

/** Counts per category of what the policy did: masked (placeholder), removed (redact), refused (block), allowed. */
export type ActionCounts = { masked: number; removed: number; refused: number; allowed: number };
export type FindingCounts = Record<string, ActionCounts>;

export const ACTIONS = ['masked', 'removed', 'refused', 'allowed'] as const;

const ACTION_OF: Record<string, keyof ActionCounts> = {
  placeholder: 'masked',
  redact: 'removed',
  block: 'refused',
};

export class CallNote implements CallObserver {
  modelAsked: string | null = null;
  modelUsed: string | null = null;
  provider: string | null = null;
  region: string | null = null;
  inputTokens = 0;
  outputTokens = 0;
  costMicros = 0;
  findings: FindingCounts = {};

  /** The model is resolved: the name the caller sent is a catalogue name, safe to keep. */
  resolved(asked: string, model: CatalogueModel): void {
    this.modelAsked = asked;
    this.modelUsed = model.id;
    const target = model.targets[0];
    this.target(target);
  }

  /** The provider that answers (the first target; in-process models have none). */
  target(target: CatalogueModel['targets'][number] | undefined): void {
    this.provider = target?.providerName ?? 'svc';
    this.region = target ? (target.provider.region ?? null) : 'local';
  }

  screened(findings: readonly Finding[]): void {
    this.findings = countFindings(findings);
  }

  used(usage: Usage, costMicros: number): void {
    this.inputTokens = usage.input;
    this.outputTokens = usage.output;
    this.costMicros = costMicros;
  }
}

/** Findings as counts per category and action; an action outside the policy's three counts as allowed. */
export function countFindings(findings: readonly Finding[]): FindingCounts {
  const out: FindingCounts = {};
  for (const f of findings) {
    const counts = (out[f.category] ??= { masked: 0, removed: 0, refused: 0, allowed: 0 });
    counts[ACTION_OF[f.action] ?? 'allowed'] += f.count;
  }
  return out;
}

// One request-log row from a finished call: who (key, account, organisation), where (route),
// what (models, provider, region), how it went (status, latency), how much (tokens, cost)
// and what the barrier found (counts per category and action). No text, no values.
import type { Selectable } from 'kysely';
import { utcDay } from '../../platform/days.js';
import { newId } from '../../platform/ids.js';
import type { Principal } from '../pipeline/index.js';
import type { CallNote } from './note.js';
import type { CallLogTable } from './tables.js';

export type CallRow = Selectable<CallLogTable>;

export function callRow(
  principal: Principal,
  note: CallNote,
  call: { route: string; status: number; latencyMs: number; at: number },
): CallRow {
  return {
    id: newId('call'),
    at: call.at,
    day: utcDay(call.at),
    organization_id: principal.organizationId,
    account_id: principal.accountId,
    key_id: principal.keyId,
    route: call.route,
    model_asked: note.modelAsked,
    model_used: note.modelUsed,
    provider: note.provider,
    region: note.region,
    status: call.status,
    latency_ms: Math.max(0, Math.round(call.latencyMs)),
    input_tokens: note.inputTokens,
    output_tokens: note.outputTokens,
    cost_micros: note.costMicros,
    findings: JSON.stringify(note.findings),
  };
}

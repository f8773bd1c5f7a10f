// Usage accounting: model tokens per key, model and UTC day, with the organisation and
// account alongside. One upsert per model call, so concurrent instances add up correctly.
import { sql } from 'kysely';
import type { Db } from '../../platform/db/index.js';
import type { Principal } from '../keys/auth.js';

export interface TokenUsage {
  input: number;
  output: number;
}

export const dayOf = (at: number) => new Date(at).toISOString().slice(0, 10);

export type UsageRecorder = (
  principal: Principal,
  model: string,
  usage: TokenUsage,
  at: number,
) => Promise<void>;

const UPSERT =
  'insert into usage_daily (day, key_id, model, organization_id, account_id, requests, input_tokens, output_tokens) ' +
  'values (?, ?, ?, ?, ?, 1, ?, ?) on conflict (day, key_id, model) do update set ' +
  'requests = usage_daily.requests + 1, input_tokens = usage_daily.input_tokens + excluded.input_tokens, ' +
  'output_tokens = usage_daily.output_tokens + excluded.output_tokens';

/** On SQLite a prepared statement: it runs on every model call, and building the query cost more than the write. */
export function usageRecorder(db: Db): UsageRecorder {
  if (db.sqlite) {
    const statement = db.sqlite.prepare(UPSERT);
    return async (p, model, usage, at) => {
      statement.run(dayOf(at), p.keyId, model, p.organizationId, p.accountId, usage.input, usage.output);
    };
  }
  return async (p, model, usage, at) => {
    await sql`insert into usage_daily (day, key_id, model, organization_id, account_id, requests, input_tokens, output_tokens)
      values (${dayOf(at)}, ${p.keyId}, ${model}, ${p.organizationId}, ${p.accountId}, 1, ${usage.input}, ${usage.output})
      on conflict (day, key_id, model) do update set
        requests = usage_daily.requests + 1,
        input_tokens = usage_daily.input_tokens + excluded.input_tokens,
        output_tokens = usage_daily.output_tokens + excluded.output_tokens`.execute(db.kysely);
  };
}

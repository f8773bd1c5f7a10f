// Usage accounting: model tokens per key, model and UTC day, with the organisation and
// account alongside. Calls are summed in memory and written every 100 ms (and on close),
// one upsert per (day, key, model) — concurrent instances still add up correctly, and the
// database sees a handful of writes per interval instead of one per model call.
import { sql } from 'kysely';
import type { Db } from '../../platform/db/index.js';
import type { Principal } from '../keys/auth.js';
import { utcDay } from '../../platform/days.js';

export interface TokenUsage {
  input: number;
  output: number;
}

/** One row's worth of summed calls. */
export interface UsageRow {
  day: string;
  keyId: string;
  model: string;
  organizationId: string | null;
  accountId: string;
  requests: number;
  input: number;
  output: number;
}

export type UsageWriter = (row: UsageRow) => Promise<void>;

/** One adding upsert per row, the same query on SQLite and PostgreSQL. */
export function usageWriter(db: Db): UsageWriter {
  return async (r) => {
    await sql`insert into usage_daily (day, key_id, model, organization_id, account_id, requests, input_tokens, output_tokens)
      values (${r.day}, ${r.keyId}, ${r.model}, ${r.organizationId}, ${r.accountId}, ${r.requests}, ${r.input}, ${r.output})
      on conflict (day, key_id, model) do update set
        requests = usage_daily.requests + excluded.requests,
        input_tokens = usage_daily.input_tokens + excluded.input_tokens,
        output_tokens = usage_daily.output_tokens + excluded.output_tokens`.execute(db.kysely);
  };
}

/** Sums calls per (day, key, model) until the next flush. */
export class UsageTally {
  readonly #rows = new Map<string, UsageRow>();

  add(p: Principal, model: string, usage: TokenUsage, at: number): void {
    const day = utcDay(at);
    const id = `${day}\n${p.keyId}\n${model}`;
    const row = this.#rows.get(id);
    if (row) {
      row.requests++;
      row.input += usage.input;
      row.output += usage.output;
      return;
    }
    this.#rows.set(id, {
      day,
      keyId: p.keyId,
      model,
      organizationId: p.organizationId,
      accountId: p.accountId,
      requests: 1,
      input: usage.input,
      output: usage.output,
    });
  }

  /** The rows gathered so far; the tally starts again empty. */
  take(): UsageRow[] {
    const rows = [...this.#rows.values()];
    this.#rows.clear();
    return rows;
  }
}

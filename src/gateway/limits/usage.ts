// Usage accounting: model tokens per key, model and UTC day, with the organisation and
// account alongside. One upsert per model call, so concurrent instances add up correctly.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import type { Principal } from '../keys/auth.js';

export interface TokenUsage {
  input: number;
  output: number;
}

export const dayOf = (at: number) => new Date(at).toISOString().slice(0, 10);

export async function recordUsage(
  db: Kysely<Database>,
  principal: Principal,
  model: string,
  usage: TokenUsage,
  at: number,
): Promise<void> {
  await db
    .insertInto('usage_daily')
    .values({
      day: dayOf(at),
      key_id: principal.keyId,
      model,
      organization_id: principal.organizationId,
      account_id: principal.accountId,
      requests: 1,
      input_tokens: usage.input,
      output_tokens: usage.output,
    })
    .onConflict((oc) =>
      oc.columns(['day', 'key_id', 'model']).doUpdateSet({
        requests: sql`usage_daily.requests + 1`,
        input_tokens: sql`usage_daily.input_tokens + excluded.input_tokens`,
        output_tokens: sql`usage_daily.output_tokens + excluded.output_tokens`,
      }),
    )
    .execute();
}

// Stored insights: one row per (tenant, conversation). The upsert only touches the row when
// the transcript changed, so concurrent or repeated deliveries of the same conversation end
// in one record, and a reopened conversation bumps its revision.
import { type Kysely, sql } from 'kysely';
import type { Db } from '../../platform/db/index.js';
import { newId } from '../../platform/ids.js';
import type { Analysis } from '../analysis/analyze.js';
import type { InsightsTables } from '../tables.js';
import { kyselyOf } from '../tables.js';

type Row = InsightsTables['insights'];

export async function storedHash(
  db: Kysely<InsightsTables>,
  tenantId: string,
  sessionId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('insights')
    .select('transcript_hash')
    .where('tenant_id', '=', tenantId)
    .where('session_id', '=', sessionId)
    .executeTakeFirst();
  return row?.transcript_hash;
}

/** Called inside the job's fenced completion (any Kysely: the transaction's). */
export async function saveInsight(
  db: Kysely<InsightsTables>,
  input: { tenantId: string; sessionId: string; hash: string; messageCount: number; analysis: Analysis },
  now = Date.now(),
): Promise<void> {
  const a = input.analysis;
  await db
    .insertInto('insights')
    .values({
      id: newId('ins'),
      tenant_id: input.tenantId,
      session_id: input.sessionId,
      transcript_hash: input.hash,
      message_count: input.messageCount,
      summary: a.summary,
      topics: JSON.stringify(a.topics),
      sentiment: a.sentiment,
      outcome: a.outcome,
      analyzer: a.analyzer,
      model: a.model,
      revision: 1,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc
        .columns(['tenant_id', 'session_id'])
        .doUpdateSet((eb) => ({
          transcript_hash: eb.ref('excluded.transcript_hash'),
          message_count: eb.ref('excluded.message_count'),
          summary: eb.ref('excluded.summary'),
          topics: eb.ref('excluded.topics'),
          sentiment: eb.ref('excluded.sentiment'),
          outcome: eb.ref('excluded.outcome'),
          analyzer: eb.ref('excluded.analyzer'),
          model: eb.ref('excluded.model'),
          revision: sql<number>`insights.revision + 1`,
          updated_at: eb.ref('excluded.updated_at'),
        }))
        .where('insights.transcript_hash', '!=', input.hash),
    )
    .execute();
}

export interface InsightView {
  sessionId: string;
  summary: string;
  topics: string[];
  sentiment: string;
  outcome: string;
  analyzer: string;
  model: string | null;
  messageCount: number;
  revision: number;
  createdAt: string;
  updatedAt: string;
}

function view(row: Row): InsightView {
  return {
    sessionId: row.session_id,
    summary: row.summary,
    topics: JSON.parse(row.topics) as string[],
    sentiment: row.sentiment,
    outcome: row.outcome,
    analyzer: row.analyzer,
    model: row.model,
    messageCount: row.message_count,
    revision: row.revision,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

export async function getInsight(
  db: Db,
  tenantId: string,
  sessionId: string,
): Promise<InsightView | undefined> {
  const row = await kyselyOf(db)
    .selectFrom('insights')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('session_id', '=', sessionId)
    .executeTakeFirst();
  return row ? view(row) : undefined;
}

/** Newest first; `cursor` is the opaque value of `next` from the previous page. */
export async function listInsights(
  db: Db,
  tenantId: string,
  limit: number,
  cursor?: string,
): Promise<{ insights: InsightView[]; next: string | null }> {
  let q = kyselyOf(db).selectFrom('insights').selectAll().where('tenant_id', '=', tenantId);
  const after = decodeCursor(cursor);
  if (after) {
    q = q.where((eb) =>
      eb.or([
        eb('updated_at', '<', after.at),
        eb.and([eb('updated_at', '=', after.at), eb('id', '<', after.id)]),
      ]),
    );
  }
  const rows = await q
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const next =
    rows.length > limit && last ? Buffer.from(`${last.updated_at}:${last.id}`).toString('base64url') : null;
  return { insights: page.map(view), next };
}

export function decodeCursor(cursor: string | undefined): { at: number; id: string } | undefined {
  if (!cursor) return undefined;
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split(':');
  if (!at || !id || !/^\d+$/.test(at)) return undefined;
  return { at: Number(at), id };
}

// The insights service's tables (migration 0007; the old insight_jobs keeps only history).
import type { Kysely } from 'kysely';
import { type DbLike, tablesOf } from '../platform/db/transactions.js';

export interface InsightTenantsTable {
  id: string;
  client_id: string;
  token_hash: string;
  allowed_cidrs: string;
  platform_url: string | null;
  platform_token_sealed: string | null;
  watched_tags: string;
  time_zone: string;
  created_at: number;
  /** Migration 0008-jobs. */
  platform_private_ok: number;
}

export interface InsightJobsTable {
  id: string;
  tenant_id: string;
  session_id: string;
  status: string;
  attempts: number;
  run_at: number;
  lease_token: string | null;
  lease_expires_at: number | null;
  last_error: string | null;
  created_at: number;
  updated_at: number;
}

export interface InsightsTable {
  id: string;
  tenant_id: string;
  session_id: string;
  transcript_hash: string;
  message_count: number;
  summary: string;
  topics: string;
  sentiment: string;
  outcome: string;
  analyzer: string;
  model: string | null;
  revision: number;
  created_at: number;
  updated_at: number;
}

export interface InsightTagQueueTable {
  id: string;
  tenant_id: string;
  contact_id: string;
  tag: string;
  day: string;
  received_at: number;
  status: string;
  attempts: number;
  next_attempt_at: number;
  lease_until: number;
  last_error: string | null;
  done_at: number | null;
}

/** The tables this module owns, as its queries see them. */
export interface InsightsTables {
  insight_tenants: InsightTenantsTable;
  insight_jobs: InsightJobsTable;
  insights: InsightsTable;
  insight_tag_queue: InsightTagQueueTable;
}

/** The shared instance seen as this module's tables: its queries type-check against them only. */
export const kyselyOf = (db: DbLike): Kysely<InsightsTables> => tablesOf<InsightsTables>(db);

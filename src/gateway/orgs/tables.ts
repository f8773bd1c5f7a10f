// Organisations and their members.
import type { Kysely } from 'kysely';
import { type DbLike, tablesOf } from '../../platform/db/transactions.js';

export interface OrganizationsTable {
  id: string;
  name: string;
  product_enabled: number;
  mfa_required: number;
  privacy_policy: string;
  allowed_cidrs: string | null;
  released_models: string | null;
  restore_placeholders: number;
  requests_per_minute: number | null;
  monthly_quota: number | null;
  /** `balanced` or `strict` (privacy/names/sensitivity.ts). */
  name_sensitivity: string;
  /** JSON array of the categories NOT masked; null: all (gateway/orgs/cleaning-choice.ts). */
  unmasked_categories: string | null;
  /** `refuse` or `redact`: images and PDFs in model requests (gateway/orgs/cleaning-choice.ts). */
  images: string;
  created_at: number;
  /** `free` or `prepaid` (docs/payments.md "Paid calls"). */
  billing: string;
  /** Days the request log keeps this organisation's rows (gateway/calls/retention.ts). */
  request_log_days: number;
}

export interface MembershipsTable {
  organization_id: string;
  account_id: string;
  role: string;
  created_at: number;
}

/** The tables this module owns, as its queries see them. */
export interface OrgsTables {
  organizations: OrganizationsTable;
  memberships: MembershipsTable;
}

/** The shared instance seen as this module's tables: its queries type-check against them only. */
export const kyselyOf = (db: DbLike): Kysely<OrgsTables> => tablesOf<OrgsTables>(db);

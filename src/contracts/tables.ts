// The contract-analysis API's tables (migration 0006 and 0009, docs/contracts.md).
import type { Kysely } from 'kysely';
import { type DbLike, tablesOf } from '../platform/db/transactions.js';

export interface ContractUsersTable {
  id: string;
  email: string;
  password_hash: string;
  name: string;
  plan: string;
  disabled: number;
  created_at: number;
}

export interface ContractDocumentsTable {
  id: string;
  user_id: string;
  sealed_title: string;
  source: string;
  characters: number;
  sealed_text: string;
  created_at: number;
}

export interface ContractAnalysesTable {
  id: string;
  user_id: string;
  contract_id: string;
  overall_risk: string;
  sealed_result: string;
  created_at: number;
}

export interface ContractNotificationsTable {
  id: string;
  user_id: string;
  kind: string;
  message: string;
  contract_id: string | null;
  analysis_id: string | null;
  read_at: number | null;
  created_at: number;
}

export interface ContractChatMessagesTable {
  id: string;
  user_id: string;
  contract_id: string;
  sealed: string;
  model: string;
  created_at: number;
}

export interface ContractUsageTable {
  user_id: string;
  period: string;
  kind: string;
  used: number;
}

/** The tables this module owns, as its queries see them. */
export interface ContractsTables {
  contract_users: ContractUsersTable;
  contract_documents: ContractDocumentsTable;
  contract_analyses: ContractAnalysesTable;
  contract_notifications: ContractNotificationsTable;
  contract_chat_messages: ContractChatMessagesTable;
  contract_usage: ContractUsageTable;
}

/** The shared instance seen as this module's tables: its queries type-check against them only. */
export const kyselyOf = (db: DbLike): Kysely<ContractsTables> => tablesOf<ContractsTables>(db);

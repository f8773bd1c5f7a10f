// Every table's type, in the one `Database` that Kysely is built with: a migration that adds
// a table adds its type here (features do not declare tables of their own). Conventions
// that keep one set of queries valid on both dialects: timestamps are epoch milliseconds in
// bigint columns (`*_at`), booleans are 0/1 integers, JSON is stored as text.

export interface SvcMetaTable {
  key: string;
  value: string;
  updated_at: number;
}

export interface AccountsTable {
  id: string;
  email: string;
  password_hash: string;
  name: string;
  locale: string;
  time_zone: string;
  theme: string;
  revision: number;
  avatar_webp: string | null;
  totp_secret: string | null;
  totp_last_step: number | null;
  released: number;
  trial_ends_at: number | null;
  created_at: number;
}

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

export interface SessionsTable {
  id: string;
  token_hash: string;
  product_id: string;
  account_id: string | null;
  csrf_secret: string;
  auth_time: number | null;
  methods: string;
  mfa_state: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
  totp_pending: string | null;
}

export interface LoginAttemptsTable {
  key: string;
  failures: number;
  window_start: number;
}

export interface ApiKeysTable {
  id: string;
  account_id: string;
  organization_id: string | null;
  product_id: string;
  name: string;
  secret_hash: string;
  last4: string;
  created_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
  stopped_at: number | null;
  /** Key controls (gateway/access/principal.ts), null where the key has none. */
  expires_at: number | null;
  /** JSON array of model names. */
  allowed_models: string | null;
  budget_micros: number | null;
  requests_per_minute: number | null;
  tokens_per_minute: number | null;
}

export interface AuditRecordsTable {
  id: string;
  organization_id: string | null;
  account_id: string;
  created_at: number;
  sealed: string;
}

export interface PrivacyJobsTable {
  id: string;
  organization_id: string | null;
  account_id: string;
  status: string;
  privacy: string;
  created_at: number;
}

/** Fixed-window counters of the gateway limits when there is no Redis (0005). */
export interface LimitCountersTable {
  key: string;
  count: number;
  expires_at: number;
}

/** Model tokens per key, model and UTC day (`YYYY-MM-DD`) (0005). */
/** One model call in the request log (gateway/calls): counts and names, never content. */
export interface CallLogTable {
  id: string;
  at: number;
  day: string;
  organization_id: string | null;
  account_id: string;
  key_id: string;
  route: string;
  model_asked: string | null;
  model_used: string | null;
  provider: string | null;
  region: string | null;
  status: number;
  latency_ms: number;
  input_tokens: number;
  output_tokens: number;
  cost_micros: number;
  /** JSON {category: {masked, removed, refused, allowed}}. */
  findings: string;
}

export interface UsageDailyTable {
  day: string;
  key_id: string;
  model: string;
  organization_id: string | null;
  account_id: string;
  requests: number;
  input_tokens: number;
  output_tokens: number;
}

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

// Contract-analysis API (migration 0006, docs/contracts.md).
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

export interface CreditWalletsTable {
  id: string;
  balance_micros: number;
  purchased_micros: number;
  spent_micros: number;
  created_at: number;
  last_used_at: number | null;
}

export interface CreditMovementsTable {
  id: string;
  wallet: string;
  kind: string;
  amount_micros: number;
  balance_after: number;
  reference: string;
  source: string;
  product: string | null;
  resource: string | null;
  day: string;
  created_at: number;
}

export interface CreditReservationsTable {
  id: string;
  wallet: string;
  reserved_micros: number;
  actual_micros: number | null;
  state: string;
  source: string;
  resource: string | null;
  created_at: number;
  settled_at: number | null;
}

export interface CreditTokensTable {
  id: string;
  token_hash: string;
  usd: number;
  source: string;
  reference: string;
  state: string;
  created_at: number;
  decided_at: number | null;
}

export interface X402PaymentsTable {
  nonce: string;
  network: string;
  payer: string;
  purpose: string;
  micros: number;
  state: string;
  error: string | null;
  transaction: string | null;
  token_id: string | null;
  day: string;
  created_at: number;
  updated_at: number;
  payment: string | null;
  requirements: string | null;
  wallet: string | null;
  usd: number | null;
  next_at: number | null;
  delivered_at: number | null;
  attempts: number;
  /** `svc credit resolve`: when the operator decided, and their reference. */
  resolved_at: number | null;
  resolution: string | null;
}

export interface CreditHouseLossesTable {
  reservation: string;
  wallet: string;
  usage_micros: number;
  charged_micros: number;
  lost_micros: number;
  resource: string | null;
  day: string;
  created_at: number;
}

export interface AccessLinksTable {
  id: string;
  token_hash: string;
  /** `invite` (join an organisation, setting a password) or `reset` (a new password). */
  purpose: string;
  email: string;
  organization_id: string | null;
  role: string | null;
  created_by: string | null;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

// The durable job queue (migration 0008-jobs, platform/jobs).
export interface JobsTable {
  id: string;
  kind: string;
  payload: string;
  dedup_key: string | null;
  status: JobStatus;
  attempts: number;
  max_attempts: number;
  run_at: number;
  lease_token: number;
  lease_expires_at: number | null;
  result: string | null;
  last_error: string | null;
  created_at: number;
  updated_at: number;
}

/**
 * `failed` is the dead end: attempts ran out or the error was permanent. `superseded`: a newer
 * waiting job with the same dedup key does the work. `cancelled`: its owner asked (`cancel`).
 */
export type JobStatus = 'queued' | 'leased' | 'completed' | 'failed' | 'superseded' | 'cancelled';

// Worker jobs (migration 0014-worker-jobs, gateway/workers).
export interface WorkerJobsTable {
  id: string;
  owner: string;
  key_id: string;
  capability: string;
  /** The cleaning its input got (gateway/orgs/cleaning-choice.ts); its result gets the same. */
  policy: string;
  /** Null for a job stored before this was kept: `balanced`, as then. */
  name_sensitivity: string | null;
  /** JSON array of the categories not masked; null: every category. */
  unmasked_categories: string | null;
  input_type: string | null;
  input_b64: string | null;
  result_type: string | null;
  result_b64: string | null;
  created_at: number;
  /** SHA-256 of the current lease's token (migration 0019); null when never leased. */
  lease_hash: string | null;
  /** The worker that holds (or last held) the lease. */
  lease_worker: string | null;
  /** The queue's fencing counter the lease was claimed at. */
  lease_fence: number | null;
}

export interface WorkersTable {
  id: string;
  name: string;
  version: string;
  capabilities: string;
  seen_at: number;
  /** SHA-256 of the worker's own key (migration 0019); null for a worker registered before. */
  key_hash: string | null;
}

// UI telemetry and the showcase (migration 0016).
export interface FunnelDaysTable {
  day: string;
  bytes: number;
  batches: number;
}

export interface FunnelBatchesTable {
  day: string;
  start_byte: number;
  size: number;
  vid: string;
  sid: string;
  views: number;
  line: string;
  created_at: number;
}

export interface TelemetryDailyTable {
  day: string;
  name: string;
  count: number;
}

export interface ShowcaseDocumentsTable {
  produto: string;
  document: string;
  collected_at: number;
  borda_at: number | null;
  cli_at: number | null;
}

export interface ShowcaseLeasesTable {
  name: string;
  holder: string | null;
  token: number;
  expires_at: number;
}

// Pix and Asaas sales (migration 0013).
export type PixState = 'pendente' | 'liberado' | 'recusado' | 'falhou';
export type ChargeState = 'pendente' | 'pago' | 'vencido' | 'estornado' | 'falhou';

export interface PixRequestsTable {
  id: string;
  state: PixState;
  usd: number;
  token_id: string;
  txid: string;
  account_id: string | null;
  navegador_id: string | null;
  network: string;
  /** HMAC of the client's IPv4 /24 or IPv6 /48 (migration 0019); null for older rows. */
  wide_network: string | null;
  day: string;
  created_at: number;
  state_at: number;
  decided_at: number | null;
}

export interface AsaasChargesTable {
  id: string;
  state: ChargeState;
  offer: 'pacote' | 'saldo';
  usd: number | null;
  brl_centavos: number;
  credit_micros: number;
  token_id: string | null;
  organization_id: string | null;
  account_id: string | null;
  payment_id: string | null;
  asaas_status: string | null;
  expires_at: number | null;
  pagina: string | null;
  navegador_id: string | null;
  network: string;
  /** HMAC of the client's IPv4 /24 or IPv6 /48 (migration 0019); null for older rows. */
  wide_network: string | null;
  day: string;
  created_at: number;
  state_at: number;
  paid_at: number | null;
}

export interface AsaasEventsTable {
  id: string;
  received_at: number;
}

export interface AsaasCustomersTable {
  account_id: string;
  customer_id: string;
  created_at: number;
}

// The contact form's pacing (gateway/contact).
export interface ContactNetworksTable {
  network: string;
  next_at: number;
  last_sent_at: number | null;
}

export interface Database {
  access_links: AccessLinksTable;
  svc_meta: SvcMetaTable;
  accounts: AccountsTable;
  organizations: OrganizationsTable;
  memberships: MembershipsTable;
  sessions: SessionsTable;
  login_attempts: LoginAttemptsTable;
  api_keys: ApiKeysTable;
  audit_records: AuditRecordsTable;
  privacy_jobs: PrivacyJobsTable;
  limit_counters: LimitCountersTable;
  usage_daily: UsageDailyTable;
  call_log: CallLogTable;
  contract_users: ContractUsersTable;
  contract_documents: ContractDocumentsTable;
  contract_analyses: ContractAnalysesTable;
  contract_notifications: ContractNotificationsTable;
  contract_chat_messages: ContractChatMessagesTable;
  contract_usage: ContractUsageTable;
  insight_tenants: InsightTenantsTable;
  insight_jobs: InsightJobsTable;
  insights: InsightsTable;
  insight_tag_queue: InsightTagQueueTable;
  credit_wallets: CreditWalletsTable;
  credit_movements: CreditMovementsTable;
  credit_reservations: CreditReservationsTable;
  credit_tokens: CreditTokensTable;
  x402_payments: X402PaymentsTable;
  credit_house_losses: CreditHouseLossesTable;
  jobs: JobsTable;
  worker_jobs: WorkerJobsTable;
  workers: WorkersTable;
  funnel_days: FunnelDaysTable;
  funnel_batches: FunnelBatchesTable;
  telemetry_daily: TelemetryDailyTable;
  showcase_documents: ShowcaseDocumentsTable;
  showcase_leases: ShowcaseLeasesTable;
  pix_requests: PixRequestsTable;
  asaas_charges: AsaasChargesTable;
  asaas_events: AsaasEventsTable;
  asaas_customers: AsaasCustomersTable;
  contact_networks: ContactNetworksTable;
}

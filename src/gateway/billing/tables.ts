// Money: the credit ledger, credit tokens, x402 payments, Pix requests and Asaas sales.
import type { Kysely } from 'kysely';
import { type DbLike, tablesOf } from '../../platform/db/transactions.js';

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

/** The tables this module owns, as its queries see them. */
export interface BillingTables {
  credit_wallets: CreditWalletsTable;
  credit_movements: CreditMovementsTable;
  credit_reservations: CreditReservationsTable;
  credit_tokens: CreditTokensTable;
  x402_payments: X402PaymentsTable;
  credit_house_losses: CreditHouseLossesTable;
  pix_requests: PixRequestsTable;
  asaas_charges: AsaasChargesTable;
  asaas_events: AsaasEventsTable;
  asaas_customers: AsaasCustomersTable;
}

/** The shared instance seen as this module's tables: its queries type-check against them only. */
export const kyselyOf = (db: DbLike): Kysely<BillingTables> => tablesOf<BillingTables>(db);

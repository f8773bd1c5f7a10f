// The tables of migration 0013 and a Kysely typed with them (the pattern of platform/jobs).
import type { Kysely } from 'kysely';
import { type DbLike, kyselyOf } from '../../../platform/db/transactions.js';
import type { Database } from '../../../platform/db/schema.js';

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
  day: string;
  created_at: number;
  state_at: number;
  paid_at: number | null;
}

export type PixTables = {
  pix_requests: PixRequestsTable;
  asaas_charges: AsaasChargesTable;
  asaas_events: { id: string; received_at: number };
  asaas_customers: { account_id: string; customer_id: string; created_at: number };
};

export type PixDb = Kysely<Database & PixTables>;

export const pixDb = (db: DbLike): PixDb => kyselyOf(db).withTables<PixTables>();

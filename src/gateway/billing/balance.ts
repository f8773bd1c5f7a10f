// The credit balance record of `GET /api/credito` (SPEC "Credit balance" plus the fields
// docs/payments.md documents): balances in micro-dollars and as dollar strings, the
// token's state, and its latest movements. Never the token itself.
import type { DbLike } from '../../platform/db/transactions.js';
import { formatUsd, type MovementRecord, recentMovements, type Wallet, walletRecord } from './ledger.js';
import { type CreditTokenRecord, tokenWallet } from './tokens.js';

export interface BalanceMovement {
  tipo: string;
  micros: number;
  usd: string;
  produto: string | null;
  recurso: string | null;
  em: string;
}

export interface BalanceRecord {
  saldo_micros: number;
  saldo_usd: string;
  estado: string;
  pacote_usd: number;
  comprado_micros: number;
  gasto_micros: number;
  criado_em: string;
  ultimo_uso: string | null;
  movimentos: BalanceMovement[];
}

const iso = (ms: number) => new Date(ms).toISOString();

// Ledger kinds as the record names them.
const TIPO: Record<string, string> = {
  purchase: 'compra',
  release: 'liberacao',
  spend_reserve: 'reserva',
  spend_settle: 'acerto',
  refund: 'estorno',
  adjustment: 'ajuste',
};

function movement(m: MovementRecord): BalanceMovement {
  return {
    tipo: TIPO[m.kind] ?? m.kind,
    micros: m.amount,
    usd: formatUsd(m.amount),
    produto: m.product ?? (m.kind === 'purchase' || m.kind === 'release' ? `credito:${m.source}` : null),
    recurso: m.resource,
    em: iso(m.at),
  };
}

/** A wallet's balance, totals and latest movements: the part both records share. */
export async function walletBalance(db: DbLike, wallet: Wallet, limit = 20) {
  const [record, movements] = await Promise.all([
    walletRecord(db, wallet),
    recentMovements(db, wallet, limit),
  ]);
  const balance = record?.balance ?? 0;
  return {
    saldo_micros: balance,
    saldo_usd: formatUsd(balance),
    comprado_micros: record?.purchased ?? 0,
    gasto_micros: record?.spent ?? 0,
    ultimo_uso: record?.lastUsedAt ? iso(record.lastUsedAt) : null,
    movimentos: movements.map(movement),
  };
}

export async function balanceRecord(
  db: DbLike,
  token: CreditTokenRecord,
  limit = 20,
): Promise<BalanceRecord> {
  return {
    ...(await walletBalance(db, tokenWallet(token.id), limit)),
    estado: token.state,
    pacote_usd: token.usd,
    criado_em: iso(token.createdAt),
  };
}

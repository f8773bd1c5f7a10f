// Credit and payment metrics: reservations, settlements and refusals (402) as they happen;
// payments per method and outcome; and, read from the ledger at scrape time, the balance
// totals in micro-dollars, what open reservations hold, and the drift between the wallets'
// balances and the sum of their movements (zero unless something wrote around the ledger).
import type { Db } from '../../platform/db/index.js';
import { metricSet } from '../../platform/metrics/index.js';

let ledger: Db | undefined;
/** The totals are sums over whole tables: read at most this often, whatever the scrape rate. */
const TOTALS_TTL_MS = 15_000;
let totals: { at: number; value: Promise<LedgerTotals> } | undefined;

interface LedgerTotals {
  balances: { kind: string; micros: number }[];
  reserved: number;
  movements: number;
}

const credit = metricSet(({ prom, registry }) => {
  // Read by every process from the same database: under --processes the primary keeps one value.
  const fromLedger = (
    name: string,
    help: string,
    labelNames: string[],
    read: (t: LedgerTotals, g: { set: (l: Record<string, string>, v: number) => void }) => void,
  ) =>
    new prom.Gauge({
      name,
      help,
      labelNames,
      aggregator: 'max',
      registers: [registry],
      async collect() {
        if (!ledger) return;
        const t = await readTotals(ledger);
        read(t, { set: (labels, v) => this.set(labels, v) });
      },
    });
  return {
    reservations: new prom.Counter({
      name: 'svc_credit_reservations_total',
      help: 'Credit reserved before a prepaid spend, per source (call, job)',
      labelNames: ['source'] as const,
      registers: [registry],
    }),
    refusals: new prom.Counter({
      name: 'svc_credit_refusals_total',
      help: 'Prepaid spends refused for want of credit (402), per source (call, job)',
      labelNames: ['source'] as const,
      registers: [registry],
    }),
    settlements: new prom.Counter({
      name: 'svc_credit_settlements_total',
      help: 'Reservations settled at their real cost',
      registers: [registry],
    }),
    houseLoss: new prom.Counter({
      name: 'svc_credit_house_loss_micros_total',
      help: 'Micro-dollars of usage beyond a reservation that the balance could not pay (borne by the house)',
      registers: [registry],
    }),
    houseLosses: new prom.Counter({
      name: 'svc_credit_house_losses_total',
      help: 'Settlements whose usage the balance could not fully pay',
      registers: [registry],
    }),
    payments: new prom.Counter({
      name: 'svc_payments_total',
      help: 'Payments per method (x402, pix, asaas, operator) and outcome (paid, credited, duplicate, refused)',
      labelNames: ['method', 'outcome'] as const,
      registers: [registry],
    }),
    balance: fromLedger(
      'svc_ledger_balance_micros',
      'Sum of wallet balances in micro-dollars, per wallet kind (org, token)',
      ['wallet_kind'],
      (t, g) => {
        for (const b of t.balances) g.set({ wallet_kind: b.kind }, b.micros);
      },
    ),
    reserved: fromLedger(
      'svc_ledger_reserved_micros',
      'Micro-dollars held by open reservations',
      [],
      (t, g) => g.set({}, t.reserved),
    ),
    drift: fromLedger(
      'svc_ledger_drift_micros',
      'Sum of wallet balances minus the sum of their ledger movements (should stay 0)',
      [],
      (t, g) => g.set({}, t.balances.reduce((s, b) => s + b.micros, 0) - t.movements),
    ),
  };
});

/** The database the ledger gauges read; the gateway app sets it when it starts. */
export function watchLedger(db: Db): void {
  if (credit()) ledger = db;
}

async function readTotals(db: Db): Promise<LedgerTotals> {
  if (totals && Date.now() - totals.at < TOTALS_TTL_MS) return totals.value;
  const value = (async () => {
    const k = db.kysely;
    const wallets = await k
      .selectFrom('credit_wallets')
      .select(['id', 'balance_micros'])
      .execute()
      .then((rows) => {
        const by = new Map<string, number>();
        for (const r of rows) {
          const kind = String(r.id).split(':')[0] ?? 'other';
          by.set(kind, (by.get(kind) ?? 0) + Number(r.balance_micros));
        }
        return [...by].map(([kind, micros]) => ({ kind, micros }));
      });
    const reserved = await k
      .selectFrom('credit_reservations')
      .select((eb) => eb.fn.sum<string | number>('reserved_micros').as('s'))
      .where('state', '=', 'open')
      .executeTakeFirst();
    const moved = await k
      .selectFrom('credit_movements')
      .select((eb) => eb.fn.sum<string | number>('amount_micros').as('s'))
      .executeTakeFirst();
    return { balances: wallets, reserved: Number(reserved?.s ?? 0), movements: Number(moved?.s ?? 0) };
  })();
  totals = { at: Date.now(), value };
  value.catch(() => {
    totals = undefined;
  });
  return value;
}

export function reserved(source: string, ok: boolean): void {
  const m = credit();
  if (!m) return;
  if (ok) m.reservations.inc({ source });
  else m.refusals.inc({ source });
}

export function settled(lostMicros = 0): void {
  const m = credit();
  if (!m) return;
  m.settlements.inc();
  if (lostMicros > 0) {
    m.houseLoss.inc(lostMicros);
    m.houseLosses.inc();
  }
}

export function payment(method: string, outcome: 'paid' | 'credited' | 'duplicate' | 'refused'): void {
  credit()?.payments.inc({ method, outcome });
}

// Worker jobs of prepaid organisations (docs/payments.md "Paid jobs"): each capability has a
// flat price per job (`payments.job_prices_usd`). It is reserved when the job is submitted
// (refused with 402 before anything is stored), kept when the job completes, and given back
// when it fails, is cancelled or expires — however and wherever that happens. The worker
// service settles a job as soon as it finishes; `reconcile`, run by every instance's sweep,
// settles the ones a crash or a sweep (lease attempts exhausted, queue expiry) finished
// without it. Job reservations are never closed by age: a job may wait in the queue for hours.
import type { Context } from '../../platform/context.js';
import { FINISHED, statusesOf } from '../../platform/jobs/index.js';
import type { PaymentsConfig } from '../billing/config.js';
import { COST_HEADERS } from '../billing/cost-headers.js';
import type { CreditHolds } from '../billing/holds.js';
import type { JobCharges } from './service.js';
import { formatUsd, MICROS_PER_USD, settle, UnknownReservationError } from '../billing/ledger.js';
import { acrossFolders } from '../tables.js';

/** A reservation without its job after this long: the job was never stored (the submit failed). */
const ORPHAN_AFTER_MS = 60_000;
const RECONCILE_PAGE = 500;

export class JobBilling implements JobCharges {
  constructor(
    private readonly ctx: Context,
    private readonly payments: PaymentsConfig,
    private readonly holds: CreditHolds,
  ) {}

  priceMicros(capability: string): number {
    return Math.round((this.payments.job_prices_usd?.[capability] ?? 0) * MICROS_PER_USD);
  }

  async reserve(charge: Parameters<JobCharges['reserve']>[0]): Promise<Record<string, string>> {
    const { principal, capability, jobId } = charge;
    const micros = this.priceMicros(capability);
    if (principal.billing !== 'prepaid' || principal.organizationId === null || micros === 0) return {};
    if (this.holds.mode === 'dev')
      return { [COST_HEADERS.reserved]: formatUsd(micros), [COST_HEADERS.simulated]: 'simulado' };
    const held = await this.holds.hold({
      organizationId: principal.organizationId,
      payer: charge.payer,
      micros,
      reference: jobId,
      source: 'job',
      resource: capability,
      resourceUrl: charge.resource ?? `${this.ctx.config.publicOrigin}/v1/jobs`,
      description: `Tarefa ${capability}`,
    });
    return held.headers;
  }

  async settle(jobId: string, status: string): Promise<void> {
    try {
      // Completed: the whole price (settle caps the cost at what was reserved); else nothing.
      await settle(this.ctx.db, {
        reservation: jobId,
        actualMicros: status === 'completed' ? Number.MAX_SAFE_INTEGER : 0,
      });
    } catch (err) {
      // A free job has no reservation.
      if (!(err instanceof UnknownReservationError)) throw err;
    }
  }

  /** Settles the open job reservations whose job has finished or was never stored. */
  async reconcile(now = Date.now()): Promise<number> {
    let settled = 0;
    // Every open job reservation, a page at a time: the ones still running are skipped, and
    // many of them must not hide a finished one behind a page limit.
    for (let after = ''; ; ) {
      const page = await acrossFolders(this.ctx.db)
        .selectFrom('credit_reservations')
        .select(['id', 'created_at'])
        .where('state', '=', 'open')
        .where('source', '=', 'job')
        .where('id', '>', after)
        .orderBy('id')
        .limit(RECONCILE_PAGE)
        .execute();
      const statuses = await statusesOf(
        this.ctx.db,
        page.map((r) => r.id),
      );
      for (const r of page) {
        const status = statuses.get(r.id);
        const due = status ? FINISHED.includes(status) : Number(r.created_at) < now - ORPHAN_AFTER_MS;
        if (!due) continue;
        await this.settle(r.id, status ?? 'failed');
        settled++;
      }
      if (page.length < RECONCILE_PAGE) return settled;
      after = page[page.length - 1]!.id;
    }
  }
}

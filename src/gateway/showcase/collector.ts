// The showcase collector: builds the document from the metrics and publishes it. The
// periodic run happens on exactly one instance at a time (a lease row in the database); the
// lease holder collects when the last publication is older than the interval. `svc vitrine
// collect` publishes on demand.
import { randomUUID } from 'node:crypto';
import type { Db } from '../../platform/db/index.js';
import type { Logger } from '../../platform/logger.js';
import { describeError } from '../../platform/logger.js';
import type { FunnelStore } from '../telemetry/funnel-store.js';
import { buildDocument, type CollectorInput } from './document.js';
import type { Sponsor } from './sponsors.js';
import { acquireLease, readDocument, releaseLease, saveDocument, type Source } from './store.js';

export interface CollectorOptions {
  db: Db;
  funnel: FunnelStore;
  logger: Logger;
  now: () => number;
  produto: string;
  nome: string;
  desde?: string;
  catalogueSize: number;
  build: string;
  sponsors: readonly Sponsor[];
  intervalMs: number;
  /** How often an instance checks the lease (default a minute, never more than the interval). */
  tickMs?: number;
}

export type TickResult = 'collected' | 'fresh' | 'not-holder' | 'lost-lease';

export class ShowcaseCollector {
  /** This instance, as the lease's holder; never anything about the machine. */
  readonly holder = randomUUID();
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: CollectorOptions) {}

  get tickMs(): number {
    return Math.min(this.options.tickMs ?? 60_000, this.options.intervalMs);
  }

  /** Longer than a tick, so the holder renews it before it expires. */
  get leaseMs(): number {
    return this.tickMs * 3;
  }

  #input(): CollectorInput {
    const { db, funnel, produto, nome, desde, catalogueSize, build, sponsors } = this.options;
    return { db, funnel, produto, nome, desde, catalogueSize, build, sponsors };
  }

  /** One round of the periodic collector. */
  async tick(): Promise<TickResult> {
    const { db, now, produto, intervalMs } = this.options;
    const at = now();
    const token = await acquireLease(db, this.holder, at, this.leaseMs);
    if (token === undefined) return 'not-holder';
    const last = await readDocument(db, produto);
    if (last?.bordaAt != null && at - last.bordaAt < intervalMs) return 'fresh';
    const document = await buildDocument(this.#input(), at);
    const saved = await saveDocument(db, produto, document, at, 'borda', {
      holder: this.holder,
      token,
      ttlMs: this.leaseMs,
    });
    if (!saved) return 'lost-lease';
    this.options.logger.info({ event: 'showcase_collected', source: 'borda' }, 'showcase collected');
    return 'collected';
  }

  /** On demand (`svc vitrine collect`): publishes now, whoever holds the lease. */
  async collectNow(source: Source = 'cli'): Promise<Record<string, unknown>> {
    const at = this.options.now();
    const document = await buildDocument(this.#input(), at);
    await saveDocument(this.options.db, this.options.produto, document, at, source);
    return document;
  }

  start(): void {
    if (this.#timer) return;
    const run = () => {
      this.#running = this.tick().catch((err) =>
        this.options.logger.error({ error: describeError(err) }, 'showcase collection failed'),
      );
    };
    run();
    this.#timer = setInterval(run, this.tickMs);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    await this.#running;
    await releaseLease(this.options.db, this.holder).catch(() => {});
  }
}

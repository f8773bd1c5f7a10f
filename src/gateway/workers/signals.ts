// Wake-ups. Within one instance, a job created wakes long-polling workers and a job
// finished wakes the requests waiting for it at once; on PostgreSQL, other instances'
// hints (service.ts, LISTEN/NOTIFY) call the same methods; and writes whose hint was lost
// are still seen by a short poll of the database (every `pollMs`). Each channel has a version number, read before
// every check: a wake-up that lands while a check is running is not lost.

interface Channel {
  version: number;
  wakers: Set<() => void>;
  /** `until` calls using the channel; a job's channel is dropped when none is left. */
  users: number;
}

export class Signals {
  readonly #jobs = new Map<string, Channel>();
  readonly #work: Channel = { version: 0, wakers: new Set(), users: 0 };

  constructor(readonly pollMs: number) {}

  jobFinished(id: string): void {
    const ch = this.#jobs.get(id);
    if (ch) Signals.#wake(ch);
  }

  workAvailable(): void {
    Signals.#wake(this.#work);
  }

  static #wake(ch: Channel): void {
    ch.version++;
    for (const wake of [...ch.wakers]) wake();
  }

  /**
   * Calls `check` until it answers, the deadline passes or `signal` aborts; between calls,
   * sleeps `pollMs` or until woken by `jobFinished(id)` / `workAvailable()`.
   */
  async until<T>(
    on: { job: string } | 'work',
    deadline: number,
    check: () => Promise<T | undefined>,
    signal?: AbortSignal,
  ): Promise<T | undefined> {
    const ch = on === 'work' ? this.#work : this.#channel(on.job);
    ch.users++;
    try {
      for (;;) {
        const seen = ch.version;
        const value = await check();
        if (value !== undefined) return value;
        const left = deadline - Date.now();
        if (left <= 0 || signal?.aborted) return undefined;
        if (ch.version === seen) await Signals.#sleep(ch, Math.min(left, this.pollMs), signal);
      }
    } finally {
      ch.users--;
      if (on !== 'work' && ch.users === 0) this.#jobs.delete(on.job);
    }
  }

  #channel(id: string): Channel {
    const known = this.#jobs.get(id);
    if (known) return known;
    const ch: Channel = { version: 0, wakers: new Set(), users: 0 };
    this.#jobs.set(id, ch);
    return ch;
  }

  static #sleep(ch: Channel, ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        ch.wakers.delete(done);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      ch.wakers.add(done);
      signal?.addEventListener('abort', done, { once: true });
    });
  }
}

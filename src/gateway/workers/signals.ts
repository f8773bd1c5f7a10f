// Wake-ups. Within one instance, a job created wakes long-polling workers and a job
// finished wakes the requests waiting for it at once; writes made on another instance
// are seen by a short poll of the database (every `pollMs`), so several instances need
// nothing but the database they share.
export class Signals {
  readonly #finished = new Map<string, Set<() => void>>();
  readonly #work = new Set<() => void>();

  constructor(readonly pollMs: number) {}

  jobFinished(id: string): void {
    for (const wake of this.#finished.get(id) ?? []) wake();
  }

  workAvailable(): void {
    for (const wake of [...this.#work]) wake();
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
    for (;;) {
      const value = await check();
      if (value !== undefined) return value;
      const left = deadline - Date.now();
      if (left <= 0 || signal?.aborted) return undefined;
      await this.#sleep(on, Math.min(left, this.pollMs), signal);
    }
  }

  #sleep(on: { job: string } | 'work', ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const set =
        on === 'work'
          ? this.#work
          : (this.#finished.get(on.job) ?? this.#finished.set(on.job, new Set()).get(on.job)!);
      const done = () => {
        clearTimeout(timer);
        set.delete(done);
        if (on !== 'work' && set.size === 0) this.#finished.delete(on.job);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      set.add(done);
      signal?.addEventListener('abort', done, { once: true });
    });
  }
}

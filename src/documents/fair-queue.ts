// Waiting work of several owners (organisations, accounts) for a pool of threads. When a
// thread frees up, the next task comes from the owner with the fewest tasks running, ties
// going to the owner served longest ago. No owner runs more than its share of the threads
// (`maxRunningPerOwner`, by default all but one): the pool always has a thread that one
// owner cannot take, so another owner's file starts at once, whatever the first one sends,
// instead of waiting for a running file to end. Each owner has its own cap on waiting
// tasks, so one owner filling its line refuses only its own files.

export interface FairQueueOptions {
  /** Tasks waiting per owner at most. */
  maxPerOwner: number;
  /** Tasks waiting altogether at most (each holds its file's bytes). */
  maxTotal: number;
  /** Tasks running per owner at most (its share of the pool's threads); no cap when absent. */
  maxRunningPerOwner?: number;
}

interface Line<T> {
  waiting: T[];
  running: number;
  /** When this owner last had a task started (a counter, not a clock). */
  served: number;
}

export class FairQueue<T> {
  readonly #lines = new Map<string, Line<T>>();
  readonly #options: FairQueueOptions;
  #size = 0;
  #tick = 0;

  constructor(options: FairQueueOptions) {
    this.#options = options;
  }

  get size(): number {
    return this.#size;
  }

  /** false when the owner's line, or the whole queue, is full. */
  push(owner: string, task: T): boolean {
    const line = this.#line(owner);
    if (line.waiting.length >= this.#options.maxPerOwner || this.#size >= this.#options.maxTotal) {
      this.#forget(owner, line);
      return false;
    }
    line.waiting.push(task);
    this.#size++;
    return true;
  }

  /** Takes a task out of line (it was cancelled before it started); false if it was not waiting. */
  remove(owner: string, task: T): boolean {
    const line = this.#lines.get(owner);
    const i = line ? line.waiting.indexOf(task) : -1;
    if (!line || i < 0) return false;
    line.waiting.splice(i, 1);
    this.#size--;
    this.#forget(owner, line);
    return true;
  }

  /** Whether a waiting task may start now: its owner is below its share. */
  get startable(): boolean {
    for (const line of this.#lines.values()) if (this.#mayStart(line)) return true;
    return false;
  }

  /** The next task to start, counted as running for its owner until `done(owner)`. */
  next(): { owner: string; task: T } | undefined {
    let best: [string, Line<T>] | undefined;
    for (const entry of this.#lines) {
      const line = entry[1];
      if (!this.#mayStart(line)) continue;
      if (
        !best ||
        line.running < best[1].running ||
        (line.running === best[1].running && line.served < best[1].served)
      )
        best = entry;
    }
    if (!best) return undefined;
    const [owner, line] = best;
    line.running++;
    line.served = ++this.#tick;
    this.#size--;
    return { owner, task: line.waiting.shift()! };
  }

  /** A task of this owner that `next` handed out has finished (or failed, or was stopped). */
  done(owner: string): void {
    const line = this.#lines.get(owner);
    if (!line) return;
    line.running = Math.max(0, line.running - 1);
    this.#forget(owner, line);
  }

  /** Every waiting task, emptied out (the pool is closing). */
  drain(): T[] {
    const all = [...this.#lines.values()].flatMap((l) => l.waiting.splice(0));
    this.#size = 0;
    this.#lines.clear();
    return all;
  }

  #mayStart(line: Line<T>): boolean {
    return (
      line.waiting.length > 0 && line.running < (this.#options.maxRunningPerOwner ?? Number.POSITIVE_INFINITY)
    );
  }

  #line(owner: string): Line<T> {
    let line = this.#lines.get(owner);
    if (!line) {
      // A newcomer has never been served: it goes before owners already served.
      line = { waiting: [], running: 0, served: 0 };
      this.#lines.set(owner, line);
    }
    return line;
  }

  /** An owner with nothing waiting or running leaves the map (it stays small). */
  #forget(owner: string, line: Line<T>): void {
    if (line.waiting.length === 0 && line.running === 0) this.#lines.delete(owner);
  }
}

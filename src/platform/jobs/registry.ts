// One handler per job kind. A kind's owner registers it where its runner starts; a new kind
// is one handler file plus one `register` line.
import type { Effects, Lease } from './queue.js';

export interface JobOutcome {
  /** Stored on the job row as JSON. */
  result?: unknown;
  /** The kind's database writes: committed with the fenced completion, exactly once. */
  effects?: Effects;
}

export interface JobHandler<P = unknown> {
  kind: string;
  /** Runs one attempt. External calls here are at-least-once; put database writes in `effects`. */
  run(job: Lease<P>, signal: AbortSignal): Promise<JobOutcome | undefined>;
}

export class JobRegistry {
  readonly #handlers = new Map<string, JobHandler>();

  register<P>(handler: JobHandler<P>): this {
    if (this.#handlers.has(handler.kind)) throw new Error(`job kind ${handler.kind} registered twice`);
    this.#handlers.set(handler.kind, handler as JobHandler);
    return this;
  }

  get(kind: string): JobHandler {
    const handler = this.#handlers.get(kind);
    if (!handler) throw new Error(`no handler for job kind ${kind}`);
    return handler;
  }

  kinds(): string[] {
    return [...this.#handlers.keys()];
  }
}

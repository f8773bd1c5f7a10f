// Where log lines go: appended to a 64 KiB Buffer and written to the file descriptor in one
// synchronous write when the buffer fills, every quarter second, and at exit. One write
// call per ~200 access lines keeps the per-line cost to a buffer copy (pino's own
// destination costs a string concatenation or a write call per line; same-run figures in
// docs/contributing/performance.md), and because every write happens on this thread, in the order the
// lines were logged, no line can overtake another — an asynchronous write still in flight
// when the process exits was seen to interleave with the exit flush.
import { writeSync } from 'node:fs';

const CHUNK = 64 * 1024;
/**
 * Writes of at most this many bytes to a pipe are atomic (POSIX PIPE_BUF on Linux): when
 * several processes share one stdout (`svc serve --processes N`), each write is cut at a
 * line end below it, so no process's line is spliced into another's.
 */
export const PIPE_ATOMIC = 4096;
/** How long one write may keep retrying a full non-blocking pipe before its lines are dropped. */
const STALL_MS = 1000;
const pause = new Int32Array(new SharedArrayBuffer(4));

export class LogSink {
  #buf = Buffer.allocUnsafe(CHUNK);
  #len = 0;
  #dropped = 0;
  readonly #timer: NodeJS.Timeout;

  constructor(
    readonly fd: number,
    flushMs = 250,
    /** Set when other processes write to the same fd: the largest single write (PIPE_ATOMIC). */
    readonly shared?: number,
  ) {
    this.#timer = setInterval(() => this.flushSync(), flushMs);
    this.#timer.unref();
    process.once('exit', () => this.close());
  }

  /** pino's destination interface: one serialised line (with its newline) per call. */
  write(line: string): boolean {
    // line.length * 3 bounds its UTF-8 size without measuring it.
    if (line.length * 3 > CHUNK - this.#len) {
      this.flushSync();
      if (line.length * 3 > CHUNK) {
        this.#writeAll(Buffer.from(line, 'utf8'));
        return true;
      }
    }
    this.#len += this.#buf.write(line, this.#len, 'utf8');
    return true;
  }

  /** pino's flush: everything logged so far is written when `done` runs. */
  flush(done?: (err?: Error) => void): void {
    this.flushSync();
    done?.();
  }

  /** Writes what has gathered, now. */
  flushSync(): void {
    if (this.#dropped > 0) {
      const dropped = this.#dropped;
      this.#dropped = 0;
      this.#writeAll(
        Buffer.from(`{"level":"warn","time":${Date.now()},"msg":"log lines dropped","dropped":${dropped}}\n`),
      );
    }
    if (this.#len === 0) return;
    const chunk = this.#buf.subarray(0, this.#len);
    this.#len = 0;
    this.#writeAll(chunk);
  }

  close(): void {
    clearInterval(this.#timer);
    this.flushSync();
  }

  #writeAll(chunk: Buffer): void {
    let offset = 0;
    let waited = 0;
    while (offset < chunk.length) {
      try {
        offset += writeSync(this.fd, chunk, offset, nextWrite(chunk, offset, this.shared));
      } catch (err) {
        // A non-blocking pipe whose reader is behind: wait a little and go on; a reader that
        // stopped (or any other error) must not stall the server, so the rest is counted.
        if ((err as NodeJS.ErrnoException).code === 'EAGAIN' && waited < STALL_MS) {
          Atomics.wait(pause, 0, 0, 1);
          waited += 1;
          continue;
        }
        this.#dropped += countLines(chunk.subarray(offset));
        return;
      }
    }
  }
}

/** The next write's length: the rest, or (`limit` set) whole lines within `limit` bytes. */
export function nextWrite(chunk: Buffer, offset: number, limit?: number): number {
  const rest = chunk.length - offset;
  if (limit === undefined || rest <= limit) return rest;
  const end = chunk.lastIndexOf(10, offset + limit - 1);
  if (end >= offset) return end + 1 - offset;
  // One line longer than the limit cannot be written atomically anyway: it goes whole.
  const next = chunk.indexOf(10, offset);
  return next === -1 ? rest : next + 1 - offset;
}

function countLines(chunk: Buffer): number {
  let n = 0;
  for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) n++;
  return n;
}

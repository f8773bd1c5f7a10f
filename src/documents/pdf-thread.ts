// PDF text layers off the event loop: pdf.js parses a PDF on the thread that calls it, and
// a large one (hundreds of pages, big fonts) would hold the event loop for seconds. Each
// file goes to a worker thread (pdf-thread-worker.ts) instead, which first reads the file's
// structure (pdf-bounds.ts: pages, decoded stream sizes) and refuses a bomb before pdf.js
// sees it. Threads start when work arrives, up to the pool's size (like OcrPool: the cores
// minus one), and are kept (each loads pdf.js once). Files beyond the threads wait in a
// fair line per owner (fair-queue.ts). A file whose signal aborts (deadline, client gone)
// leaves the line, or its thread is ended at once and replaced on demand: the CPU it was
// using is free again. A thread that dies (a PDF that exhausts its heap) fails its file with
// `unreadable_pdf`. Nothing is written to disk: the bytes travel in the message.
import { Worker } from 'node:worker_threads';
import { DocumentError } from './errors.js';
import { FairQueue } from './fair-queue.js';
import { abortReason, announce, type JobOptions, NO_OWNER } from './jobs.js';
import { defaultPoolSize } from './ocr.js';
import type { PdfText, PdfTextOptions } from './pdf.js';
import { DEFAULT_MAX_DECODED_BYTES } from './pdf-bounds.js';
import type { PdfReply, PdfTask } from './pdf-thread-worker.js';

export interface PdfTextPoolOptions {
  /** Threads at most; by default defaultPoolSize() (cores minus one, 1 to 8). */
  size?: number;
  /** Heap of each thread, in MB: a hostile PDF ends its thread, not the process. */
  maxHeapMb?: number;
  /** Files waiting for a thread at most, altogether (each holds its bytes, up to 25 MB); beyond it → DocumentError('pdf_busy'). */
  maxQueue?: number;
  /** Files waiting per owner at most; beyond it → DocumentError('pdf_busy') for that owner only. */
  maxQueuePerOwner?: number;
}

/** pdfText's options, and the decoded bytes a PDF's structure may announce (pdf-bounds.ts). */
export interface PdfPoolTextOptions extends PdfTextOptions {
  /** Default DEFAULT_MAX_DECODED_BYTES. */
  maxDecodedBytes?: number;
}

interface Task {
  message: PdfTask;
  owner: string;
  signal?: AbortSignal;
  onAbort?: () => void;
  resolve(r: PdfText): void;
  reject(err: unknown): void;
}

interface Thread {
  worker: Worker;
  task?: Task;
}

const WORKER_URL = new URL('./pdf-thread-worker.js', import.meta.url);

export class PdfTextPool {
  readonly size: number;
  readonly #maxHeapMb: number;
  readonly #threads = new Set<Thread>();
  readonly #idle: Thread[] = [];
  readonly #queue: FairQueue<Task>;
  #closed = false;

  constructor(options: PdfTextPoolOptions = {}) {
    this.size = Math.max(1, options.size ?? defaultPoolSize());
    this.#maxHeapMb = options.maxHeapMb ?? 512;
    const maxTotal = options.maxQueue ?? this.size * 16;
    this.#queue = new FairQueue({ maxTotal, maxPerOwner: options.maxQueuePerOwner ?? maxTotal });
  }

  /** pdfText on a worker thread: the same result and the same DocumentErrors. */
  text(bytes: Uint8Array, options: PdfPoolTextOptions, job: JobOptions = {}): Promise<PdfText> {
    if (this.#closed) return Promise.reject(new Error('PDF pool closed'));
    const { signal } = job;
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    const owner = job.owner ?? NO_OWNER;
    return new Promise((resolve, reject) => {
      const message: PdfTask = {
        bytes,
        maxPages: options.maxPages,
        maxDecodedBytes: options.maxDecodedBytes ?? DEFAULT_MAX_DECODED_BYTES,
      };
      const task: Task = { message, owner, signal, resolve, reject };
      if (!this.#queue.push(owner, task)) return reject(new DocumentError('pdf_busy'));
      if (signal) {
        task.onAbort = () => this.#abort(task);
        signal.addEventListener('abort', task.onAbort, { once: true });
      }
      announce({ pool: 'pdf', event: 'queued', owner });
      this.#pump();
    });
  }

  /** Threads running now (for tests and metrics). */
  get threads(): number {
    return this.#threads.size;
  }

  #pump(): void {
    while (this.#queue.size > 0) {
      let thread = this.#idle.pop();
      if (!thread) {
        if (this.#threads.size >= this.size) return;
        thread = this.#start();
      }
      const { task } = this.#queue.next()!;
      thread.task = task;
      thread.worker.ref();
      announce({ pool: 'pdf', event: 'start', owner: task.owner, threadId: thread.worker.threadId });
      thread.worker.postMessage(task.message);
    }
  }

  /** Ends a task: out of line if it waits, or its thread ended if it runs. */
  #abort(task: Task): void {
    const reason = abortReason(task.signal!);
    if (this.#queue.remove(task.owner, task)) return void task.reject(reason);
    const thread = [...this.#threads].find((t) => t.task === task);
    if (!thread) return;
    this.#settle(thread, task);
    task.reject(reason);
    this.#threads.delete(thread);
    announce({ pool: 'pdf', event: 'stopped', owner: task.owner, threadId: thread.worker.threadId });
    void thread.worker.terminate().catch(() => {});
    this.#pump();
  }

  /** The thread is done with its task (answered, failed, or stopped). */
  #settle(thread: Thread, task: Task): void {
    thread.task = undefined;
    task.signal?.removeEventListener('abort', task.onAbort!);
    this.#queue.done(task.owner);
  }

  #start(): Thread {
    const worker = new Worker(WORKER_URL, {
      resourceLimits: { maxOldGenerationSizeMb: this.#maxHeapMb },
      stdout: false,
      stderr: false,
    });
    const thread: Thread = { worker };
    const { threadId } = worker;
    this.#threads.add(thread);
    worker.on('message', (reply: PdfReply) => {
      const task = thread.task;
      // An idle thread does not keep the process alive.
      worker.unref();
      if (task) {
        this.#settle(thread, task);
        announce({ pool: 'pdf', event: 'end', owner: task.owner, threadId: worker.threadId });
        if (reply.ok) task.resolve({ text: reply.text, pages: reply.pages, pageTexts: reply.pageTexts });
        else task.reject(new DocumentError(reply.code, reply.limit));
      }
      this.#idle.push(thread);
      this.#pump();
    });
    // A thread that fails (out of memory, a crash) or exits takes only its own file down.
    const gone = () => {
      if (!this.#threads.delete(thread)) return;
      const i = this.#idle.indexOf(thread);
      if (i >= 0) this.#idle.splice(i, 1);
      const task = thread.task;
      if (task) {
        this.#settle(thread, task);
        task.reject(this.#closed ? new Error('PDF pool closed') : new DocumentError('unreadable_pdf'));
      }
      if (!this.#closed) this.#pump();
    };
    worker.on('error', gone);
    worker.on('exit', () => {
      announce({ pool: 'pdf', event: 'exit', owner: NO_OWNER, threadId });
      gone();
    });
    return thread;
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const task of this.#queue.drain()) task.reject(new Error('PDF pool closed'));
    const threads = [...this.#threads];
    await Promise.all(threads.map((t) => t.worker.terminate().catch(() => {})));
    for (const t of threads) {
      this.#threads.delete(t);
      t.task?.reject(new Error('PDF pool closed'));
      t.task = undefined;
    }
    this.#idle.length = 0;
  }
}

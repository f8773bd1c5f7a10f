// PDF text layers off the event loop: pdf.js parses a PDF on the thread that calls it, and
// a large one (hundreds of pages, big fonts) would hold the event loop for seconds. Each
// file goes to a worker thread (pdf-thread-worker.ts) instead. Threads start when work
// arrives, up to the pool's size (like OcrPool: the cores minus one), and are kept (each
// loads pdf.js once); files beyond the threads wait in line. A thread that dies (a PDF that
// exhausts its heap) fails its file with `unreadable_pdf` and is replaced. Nothing is
// written to disk: the bytes travel in the message.
import { Worker } from 'node:worker_threads';
import { DocumentError } from './errors.js';
import { defaultPoolSize } from './ocr.js';
import type { PdfText, PdfTextOptions } from './pdf.js';
import type { PdfReply, PdfTask } from './pdf-thread-worker.js';

export interface PdfTextPoolOptions {
  /** Threads at most; by default defaultPoolSize() (cores minus one, 1 to 8). */
  size?: number;
  /** Heap of each thread, in MB: a hostile PDF ends its thread, not the process. */
  maxHeapMb?: number;
  /** Files waiting for a thread at most (each holds its bytes, up to 25 MB); beyond it → DocumentError('pdf_busy'). */
  maxQueue?: number;
}

interface Task {
  message: PdfTask;
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
  readonly #maxQueue: number;
  readonly #threads = new Set<Thread>();
  readonly #idle: Thread[] = [];
  readonly #queue: Task[] = [];
  #closed = false;

  constructor(options: PdfTextPoolOptions = {}) {
    this.size = Math.max(1, options.size ?? defaultPoolSize());
    this.#maxHeapMb = options.maxHeapMb ?? 1024;
    this.#maxQueue = options.maxQueue ?? this.size * 16;
  }

  /** pdfText on a worker thread: the same result and the same DocumentErrors. */
  text(bytes: Uint8Array, options: PdfTextOptions): Promise<PdfText> {
    if (this.#closed) return Promise.reject(new Error('PDF pool closed'));
    if (this.#queue.length >= this.#maxQueue) return Promise.reject(new DocumentError('pdf_busy'));
    return new Promise((resolve, reject) => {
      this.#queue.push({ message: { bytes, maxPages: options.maxPages }, resolve, reject });
      this.#pump();
    });
  }

  /** Threads running now (for tests and metrics). */
  get threads(): number {
    return this.#threads.size;
  }

  #pump(): void {
    while (this.#queue.length > 0) {
      let thread = this.#idle.pop();
      if (!thread) {
        if (this.#threads.size >= this.size) return;
        thread = this.#start();
      }
      const task = this.#queue.shift()!;
      thread.task = task;
      thread.worker.ref();
      thread.worker.postMessage(task.message);
    }
  }

  #start(): Thread {
    const worker = new Worker(WORKER_URL, {
      resourceLimits: { maxOldGenerationSizeMb: this.#maxHeapMb },
      stdout: false,
      stderr: false,
    });
    const thread: Thread = { worker };
    this.#threads.add(thread);
    worker.on('message', (reply: PdfReply) => {
      const task = thread.task;
      thread.task = undefined;
      // An idle thread does not keep the process alive.
      worker.unref();
      this.#idle.push(thread);
      if (task) {
        if (reply.ok) task.resolve({ text: reply.text, pages: reply.pages });
        else task.reject(new DocumentError(reply.code, reply.limit));
      }
      this.#pump();
    });
    // A thread that fails (out of memory, a crash) or exits takes only its own file down.
    const gone = () => {
      if (!this.#threads.delete(thread)) return;
      const i = this.#idle.indexOf(thread);
      if (i >= 0) this.#idle.splice(i, 1);
      thread.task?.reject(this.#closed ? new Error('PDF pool closed') : new DocumentError('unreadable_pdf'));
      thread.task = undefined;
      if (!this.#closed) this.#pump();
    };
    worker.on('error', gone);
    worker.on('exit', gone);
    return thread;
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const task of this.#queue.splice(0)) task.reject(new Error('PDF pool closed'));
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

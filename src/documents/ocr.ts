// OCR in Portuguese with tesseract.js, off the event loop: each tesseract worker is a
// worker thread running the WebAssembly engine, so a large image keeps one thread busy
// while the process goes on answering. The pool starts threads only when work arrives,
// up to its size, and keeps them (starting one costs about a second: the engine and the
// language data). The language data comes from the installed @tesseract.js-data/por
// package; nothing is downloaded and nothing is written to disk (cacheMethod 'none').
// Pages wait in a fair line per owner (fair-queue.ts); a page whose signal aborts (deadline,
// client gone) leaves the line, or the thread recognising it is ended at once (the engine
// cannot be interrupted otherwise) and replaced when work arrives.
import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { DocumentError } from './errors.js';
import { FairQueue } from './fair-queue.js';
import { abortReason, announce, type JobOptions, NO_OWNER } from './jobs.js';
import { type OcrLine, wordsFromTsv } from './ocr-words.js';

type Tesseract = typeof import('tesseract.js');
type TesseractWorker = Awaited<ReturnType<Tesseract['createWorker']>>;

const require = createRequire(import.meta.url);

export interface OcrPoolOptions {
  /** Threads at most; by default the machine's cores minus one (one left for the event loop), at least 1, at most 8. */
  size?: number;
  /** Pages waiting for a thread at most, altogether; beyond it → DocumentError('ocr_busy'). */
  maxQueue?: number;
  /** Pages waiting per owner at most; beyond it → DocumentError('ocr_busy') for that owner only. */
  maxQueuePerOwner?: number;
}

export interface OcrResult {
  text: string;
  /** tesseract's mean word confidence, 0–100. */
  confidence: number;
}

/** The text with the words' boxes, for redaction (redact-image.ts). */
export interface OcrWordsResult extends OcrResult {
  lines: OcrLine[];
}

/** Below this mean confidence the "text" is what tesseract reads in a photo of a wall. */
export const MIN_CONFIDENCE = 30;

export function defaultPoolSize(): number {
  return Math.min(8, Math.max(1, availableParallelism() - 1));
}

interface Task {
  image: Buffer;
  owner: string;
  /** Also read where each word is (tesseract's TSV output). */
  words: boolean;
  signal?: AbortSignal;
  onAbort?: () => void;
  resolve(r: OcrResult | OcrWordsResult): void;
  reject(err: unknown): void;
}

interface Thread {
  worker: TesseractWorker;
  /** Our number for it, in the pool's events. */
  id: number;
  task?: Task;
}

let threadNumbers = 0;

export class OcrPool {
  readonly size: number;
  readonly #idle: Thread[] = [];
  readonly #queue: FairQueue<Task>;
  #threads = 0;
  #closed = false;
  readonly #all = new Set<Thread>();

  constructor(options: OcrPoolOptions = {}) {
    this.size = Math.max(1, options.size ?? defaultPoolSize());
    const maxTotal = options.maxQueue ?? this.size * 16;
    this.#queue = new FairQueue({ maxTotal, maxPerOwner: options.maxQueuePerOwner ?? maxTotal });
  }

  /** Text of one image (any format tesseract reads; PNG from image.ts). */
  recognize(image: Buffer, job: JobOptions = {}): Promise<OcrResult> {
    return this.#submit(image, job, false);
  }

  /** Text of one image and the box of every word, in lines (same line, same share of the pool). */
  recognizeWords(image: Buffer, job: JobOptions = {}): Promise<OcrWordsResult> {
    return this.#submit(image, job, true) as Promise<OcrWordsResult>;
  }

  #submit(image: Buffer, job: JobOptions, words: boolean): Promise<OcrResult | OcrWordsResult> {
    if (this.#closed) return Promise.reject(new Error('OCR pool closed'));
    const { signal } = job;
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    const owner = job.owner ?? NO_OWNER;
    return new Promise((resolve, reject) => {
      const task: Task = { image, owner, words, signal, resolve, reject };
      if (!this.#queue.push(owner, task)) return reject(new DocumentError('ocr_busy'));
      if (signal) {
        task.onAbort = () => this.#abort(task);
        signal.addEventListener('abort', task.onAbort, { once: true });
      }
      announce({ pool: 'ocr', event: 'queued', owner });
      this.#pump();
    });
  }

  /** Threads started so far and not ended (for tests and metrics). */
  get threads(): number {
    return this.#threads;
  }

  #pump(): void {
    while (this.#queue.size > 0 && this.#idle.length > 0) {
      this.#run(this.#idle.pop()!, this.#queue.next()!.task);
    }
    if (this.#queue.size > 0 && this.#threads < this.size) {
      this.#threads++;
      startWorker().then(
        (worker) => {
          if (this.#closed) return void worker.terminate();
          const thread = { worker, id: ++threadNumbers };
          this.#all.add(thread);
          this.#idle.push(thread);
          this.#pump();
        },
        (err) => {
          this.#threads--;
          // Nothing will start a thread for the waiting pages: fail them rather than hang.
          if (this.#threads === 0) for (const task of this.#queue.drain()) task.reject(err);
        },
      );
    }
  }

  #run(thread: Thread, task: Task): void {
    thread.task = task;
    announce({ pool: 'ocr', event: 'start', owner: task.owner, threadId: thread.id });
    thread.worker.recognize(task.image, {}, task.words ? WORDS_OUTPUT : undefined).then(
      ({ data }) => {
        if (thread.task !== task) return; // stopped meanwhile
        this.#settle(thread, task);
        announce({ pool: 'ocr', event: 'end', owner: task.owner, threadId: thread.id });
        const result = { text: data.text, confidence: data.confidence };
        task.resolve(task.words ? { ...result, lines: wordsFromTsv(data.tsv ?? '') } : result);
        this.#idle.push(thread);
        this.#pump();
      },
      (err) => {
        if (thread.task !== task) return;
        this.#settle(thread, task);
        // An image the engine could not read; the thread may be in any state: replace it.
        task.reject(err instanceof DocumentError ? err : new DocumentError('unreadable_image'));
        this.#end(thread);
        this.#pump();
      },
    );
  }

  /** Ends a page: out of line if it waits, or the thread recognising it ended. */
  #abort(task: Task): void {
    const reason = abortReason(task.signal!);
    if (this.#queue.remove(task.owner, task)) return void task.reject(reason);
    const thread = [...this.#all].find((t) => t.task === task);
    if (!thread) return;
    this.#settle(thread, task);
    task.reject(reason);
    announce({ pool: 'ocr', event: 'stopped', owner: task.owner, threadId: thread.id });
    this.#end(thread);
    this.#pump();
  }

  #settle(thread: Thread, task: Task): void {
    thread.task = undefined;
    task.signal?.removeEventListener('abort', task.onAbort!);
    this.#queue.done(task.owner);
  }

  #end(thread: Thread): void {
    this.#all.delete(thread);
    this.#threads--;
    void thread.worker.terminate().catch(() => {});
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const task of this.#queue.drain()) task.reject(new Error('OCR pool closed'));
    const threads = [...this.#all];
    await Promise.all(threads.map((t) => t.worker.terminate().catch(() => {})));
    for (const t of threads) {
      t.task?.reject(new Error('OCR pool closed'));
      t.task = undefined;
    }
    this.#all.clear();
    this.#idle.length = 0;
  }
}

/** The text and the TSV (word boxes) only: the other outputs cost time and are not read. */
const WORDS_OUTPUT = { text: true, tsv: true, blocks: false, hocr: false };

async function startWorker(): Promise<TesseractWorker> {
  const { createWorker, OEM } = (await import('tesseract.js')).default as unknown as Tesseract;
  const por = require('@tesseract.js-data/por') as { langPath: string; gzip: boolean };
  const worker = await createWorker('por', OEM.LSTM_ONLY, {
    langPath: por.langPath,
    gzip: por.gzip,
    cacheMethod: 'none',
    // tesseract.js logs progress and errors to the console by default; ours go through the caller.
    logger: () => {},
    errorHandler: () => {},
  });
  // Tesseract's diagnostics ("Image too small to scale!!") would otherwise land on the
  // process's stdout, between the JSON log lines.
  await worker.setParameters({ debug_file: '/dev/null' } as never);
  return worker;
}

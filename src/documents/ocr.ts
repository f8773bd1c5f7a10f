// OCR in Portuguese with tesseract.js, off the event loop: each tesseract worker is a
// worker thread running the WebAssembly engine, so a large image keeps one thread busy
// while the process goes on answering. The pool starts threads only when work arrives,
// up to its size, and keeps them (starting one costs about a second: the engine and the
// language data). The language data comes from the installed @tesseract.js-data/por
// package; nothing is downloaded and nothing is written to disk (cacheMethod 'none').
import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { DocumentError } from './errors.js';

type Tesseract = typeof import('tesseract.js');
type TesseractWorker = Awaited<ReturnType<Tesseract['createWorker']>>;

const require = createRequire(import.meta.url);

export interface OcrPoolOptions {
  /** Threads at most; by default the machine's cores minus one (one left for the event loop), at least 1, at most 8. */
  size?: number;
  /** Pages waiting for a thread at most; beyond it → DocumentError('ocr_busy'). */
  maxQueue?: number;
}

export interface OcrResult {
  text: string;
  /** tesseract's mean word confidence, 0–100. */
  confidence: number;
}

/** Below this mean confidence the "text" is what tesseract reads in a photo of a wall. */
export const MIN_CONFIDENCE = 30;

export function defaultPoolSize(): number {
  return Math.min(8, Math.max(1, availableParallelism() - 1));
}

interface Task {
  image: Buffer;
  resolve(r: OcrResult): void;
  reject(err: unknown): void;
}

export class OcrPool {
  readonly size: number;
  readonly #maxQueue: number;
  readonly #idle: TesseractWorker[] = [];
  readonly #queue: Task[] = [];
  #threads = 0;
  #closed = false;
  readonly #all = new Set<TesseractWorker>();

  constructor(options: OcrPoolOptions = {}) {
    this.size = Math.max(1, options.size ?? defaultPoolSize());
    this.#maxQueue = options.maxQueue ?? this.size * 16;
  }

  /** Text of one image (any format tesseract reads; PNG from image.ts). */
  recognize(image: Buffer): Promise<OcrResult> {
    if (this.#closed) return Promise.reject(new Error('OCR pool closed'));
    if (this.#queue.length >= this.#maxQueue) return Promise.reject(new DocumentError('ocr_busy'));
    return new Promise((resolve, reject) => {
      this.#queue.push({ image, resolve, reject });
      this.#pump();
    });
  }

  /** Threads started so far (for tests and metrics). */
  get threads(): number {
    return this.#threads;
  }

  #pump(): void {
    while (this.#queue.length > 0 && this.#idle.length > 0) {
      this.#run(this.#idle.pop()!, this.#queue.shift()!);
    }
    if (this.#queue.length > 0 && this.#threads < this.size) {
      this.#threads++;
      startWorker().then(
        (worker) => {
          if (this.#closed) return void worker.terminate();
          this.#all.add(worker);
          this.#idle.push(worker);
          this.#pump();
        },
        (err) => {
          this.#threads--;
          // Nothing will start a thread for the waiting pages: fail them rather than hang.
          if (this.#threads === 0) for (const task of this.#queue.splice(0)) task.reject(err);
        },
      );
    }
  }

  #run(worker: TesseractWorker, task: Task): void {
    worker.recognize(task.image).then(
      ({ data }) => {
        task.resolve({ text: data.text, confidence: data.confidence });
        this.#idle.push(worker);
        this.#pump();
      },
      (err) => {
        // An image the engine could not read; the thread may be in any state: replace it.
        task.reject(err instanceof DocumentError ? err : new DocumentError('unreadable_image'));
        this.#all.delete(worker);
        this.#threads--;
        void worker.terminate().catch(() => {});
        this.#pump();
      },
    );
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const task of this.#queue.splice(0)) task.reject(new Error('OCR pool closed'));
    await Promise.all([...this.#all].map((w) => w.terminate().catch(() => {})));
    this.#all.clear();
    this.#idle.length = 0;
  }
}

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

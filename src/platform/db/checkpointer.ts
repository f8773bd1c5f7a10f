// SQLite copies its write-ahead log back into the database file ("checkpoint") every
// 1000 pages, inside whichever commit crosses the line — with an fsync of the file, which
// on a virtual disk takes milliseconds of the event loop and lands on some unlucky
// request. Here a worker thread with its own connection checkpoints every second instead
// (PASSIVE: it never blocks readers or writers), and the server's connection never does.
// If the thread cannot run, the connection goes back to checkpointing itself.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

const EVERY_MS = 1_000;
const AUTOCHECKPOINT_PAGES = 1_000; // SQLite's default

// CommonJS, run with `eval`: no file to find at run time next to the compiled code.
const SOURCE = `
const { workerData, parentPort } = require('node:worker_threads');
const SQLite = require(workerData.module);
const db = new SQLite(workerData.file);
db.pragma('busy_timeout = 1000');
const tick = () => { try { db.pragma('wal_checkpoint(PASSIVE)'); } catch {} };
const timer = setInterval(tick, workerData.everyMs);
parentPort.on('message', () => { clearInterval(timer); tick(); db.close(); parentPort.close(); });
`;

export interface Checkpointer {
  stop(): Promise<void>;
}

export function startCheckpointer(sqlite: SQLite.Database, file: string): Checkpointer {
  const module = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(SOURCE, { eval: true, workerData: { module, file, everyMs: EVERY_MS } });
  let stopping = false;
  const fallBack = () => {
    if (!stopping && sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
  };
  worker.on('error', fallBack);
  worker.on('exit', fallBack);
  worker.unref();
  sqlite.pragma('wal_autocheckpoint = 0');
  return {
    async stop() {
      stopping = true;
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      worker.postMessage('stop');
      // A thread that does not finish its last checkpoint in time is ended; the next
      // connection to open the file checkpoints what is left.
      const timer = setTimeout(() => worker.terminate(), 2_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

// Logging rules: JSON lines (pino) on stdout, no bodies, no query strings, no credentials,
// no stack traces. Error messages pass through `scrub` because a library's message may
// quote a value it was given.
import cluster from 'node:cluster';
import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import { LogSink, PIPE_ATOMIC } from './log-sink.js';

export type { Logger } from 'pino';

/** The line shape every logger of the services uses (the access log writes the same shape by hand). */
export function loggerOptions(level: string, service?: string): LoggerOptions {
  return {
    level,
    base: service ? { service } : { pid: process.pid },
    // Epoch milliseconds (pino's default form) cost far less per line than ISO strings.
    timestamp: pino.stdTimeFunctions.epochTime,
    formatters: { level: (label) => ({ level: label }) },
  };
}

/**
 * stdout through a LogSink (log-sink.ts): buffered, flushed every 250 ms and at exit. With
 * `shared` (or in a worker of `--processes`) other processes write to the same stdout.
 */
export function createLogger(
  level: string,
  service?: string,
  destination?: DestinationStream,
  shared = cluster.isWorker,
): Logger {
  return pino(
    loggerOptions(level, service),
    destination ?? new LogSink(1, 250, shared ? PIPE_ATOMIC : undefined),
  );
}

const EMAIL = /[^\s@<>()[\]"',;:]+@[^\s@<>()[\]"',;:]+/g;
const DIGITS = /\d[\d.\-/ ]{3,}\d/g;
const SECRETS = /\b(svck|cred|privjob|svcj)_[A-Za-z0-9]+/g;

/** Masks anything that could be personal data or a credential in free text meant for logs. */
export function scrub(text: string): string {
  return text.replace(EMAIL, '<email>').replace(SECRETS, '$1_<…>').replace(DIGITS, '<n>').slice(0, 300);
}

/** What may be logged about an error: its class and code, and a scrubbed first line. */
export function describeError(err: unknown): Record<string, unknown> {
  const e = err as { name?: string; code?: unknown; message?: string } | undefined;
  return {
    type: e?.name ?? typeof err,
    code: typeof e?.code === 'string' ? e.code : undefined,
    message: typeof e?.message === 'string' ? scrub(e.message.split('\n')[0] ?? '') : undefined,
  };
}

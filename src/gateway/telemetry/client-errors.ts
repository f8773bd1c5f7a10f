// `POST /api/erro-cliente`: error reports of the browser UI. Always answered 204; valid
// reports become log lines (never database rows), redacted, merged per failure and minute,
// with a ceiling per network so that one client cannot flood the log.
import { createHash } from 'node:crypto';
import type { Logger } from '../../platform/logger.js';
import { normalisePath, redactText, sourcePath } from './redact.js';

export const CLIENT_ERROR_LIMITS = {
  message: 2000,
  stack: 12000,
  build: 64,
  /** Distinct failures logged per network and minute; repeats of one failure do not count. */
  perNetworkPerMinute: 20,
  /** Distinct failures remembered per minute on one instance (all networks). */
  perMinute: 2000,
} as const;

export const KNOWN_CODES = ['UI-JS-001', 'UI-PROMESSA-001', 'UI-RECURSO-001', 'UI-CSP-001', 'UI-APP-001'];

export interface ClientErrorReport {
  code: string;
  phase: string;
  path?: string;
  message?: string;
  stack?: string;
  source?: string;
  line?: number;
  column?: number;
  visivel?: boolean;
  build?: string;
}

const FIELDS = new Set([
  'code',
  'phase',
  'path',
  'message',
  'stack',
  'source',
  'line',
  'column',
  'visivel',
  'build',
]);
const isString = (v: unknown, max: number): v is string => typeof v === 'string' && v.length <= max;
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/** The report when every field follows SPEC's rules, else undefined (ignored, still 204). */
export function readClientError(body: unknown): ClientErrorReport | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const b = body as Record<string, unknown>;
  for (const key of Object.keys(b)) if (!FIELDS.has(key)) return undefined;
  if (!isString(b.code, 64) || !/^UI-[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*$/.test(b.code)) return undefined;
  if (!isString(b.phase, 40) || !/^[a-z][a-z0-9_-]*$/.test(b.phase)) return undefined;
  if (b.path !== undefined && (!isString(b.path, 2000) || /[?#]/.test(b.path))) return undefined;
  if (b.message !== undefined && !isString(b.message, CLIENT_ERROR_LIMITS.message)) return undefined;
  if (b.stack !== undefined && !isString(b.stack, CLIENT_ERROR_LIMITS.stack)) return undefined;
  if (b.source !== undefined && !isString(b.source, 2000)) return undefined;
  if (b.line !== undefined && !isCount(b.line)) return undefined;
  if (b.column !== undefined && !isCount(b.column)) return undefined;
  if (b.visivel !== undefined && typeof b.visivel !== 'boolean') return undefined;
  if (
    b.build !== undefined &&
    (!isString(b.build, CLIENT_ERROR_LIMITS.build) || !/^[A-Za-z0-9._-]+$/.test(b.build))
  )
    return undefined;
  return b as unknown as ClientErrorReport;
}

/** What the log line holds: every free text redacted, paths reduced. */
export function redactReport(r: ClientErrorReport): Record<string, unknown> {
  return {
    // Codes and builds are identifiers: one that reads as anything else is not kept as sent.
    code: KNOWN_CODES.includes(r.code) || /^UI-[A-Z]{1,20}-\d{3}$/.test(r.code) ? r.code : 'UI-OUTRO',
    phase: redactText(r.phase) === r.phase ? r.phase : '[removido]',
    path: r.path === undefined ? undefined : normalisePath(r.path),
    message: r.message === undefined ? undefined : redactText(r.message),
    stack: r.stack === undefined ? undefined : redactText(r.stack),
    source: r.source === undefined ? undefined : sourcePath(r.source),
    line: r.line,
    column: r.column,
    visivel: r.visivel,
    build: r.build === undefined || redactText(r.build) === r.build ? r.build : '[removido]',
  };
}

interface Seen {
  fields: Record<string, unknown>;
  repeats: number;
}

/**
 * One minute's reports on this instance. The first report of a failure is logged at once;
 * its repeats in the same minute are counted and logged as one line when the minute ends
 * (or the service stops). The key is a digest of the raw report, so a repeat costs no
 * redaction; networks are held only as keys of a map cleared every minute.
 */
export class ClientErrorLog {
  #minute = -1;
  #seen = new Map<string, Seen>();
  #perNetwork = new Map<string, number>();
  #dropped = 0;
  #timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly logger: Logger,
    private readonly now: () => number,
  ) {}

  /** Flushes each minute even when no report arrives; unref'd so it never holds the process. */
  start(): void {
    this.#timer ??= setInterval(() => this.flushIfOld(), 10_000);
    this.#timer.unref();
  }

  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
    this.flush();
  }

  report(report: ClientErrorReport, network: string): void {
    this.flushIfOld();
    const key = createHash('sha256').update(JSON.stringify(report)).digest('base64url');
    const seen = this.#seen.get(key);
    if (seen) {
      seen.repeats++;
      return;
    }
    const count = this.#perNetwork.get(network) ?? 0;
    if (
      count >= CLIENT_ERROR_LIMITS.perNetworkPerMinute ||
      this.#seen.size >= CLIENT_ERROR_LIMITS.perMinute
    ) {
      this.#dropped++;
      return;
    }
    this.#perNetwork.set(network, count + 1);
    const fields = redactReport(report);
    this.#seen.set(key, { fields, repeats: 0 });
    this.logger.warn({ event: 'erro_cliente', ...fields, count: 1 }, 'erro-cliente');
  }

  flushIfOld(): void {
    const minute = Math.floor(this.now() / 60_000);
    if (minute !== this.#minute) {
      this.flush();
      this.#minute = minute;
    }
  }

  /** Repeats as one line per failure, and how many reports the ceilings dropped. */
  flush(): void {
    for (const { fields, repeats } of this.#seen.values()) {
      if (repeats > 0)
        this.logger.warn({ event: 'erro_cliente', ...fields, count: repeats, repeat: true }, 'erro-cliente');
    }
    if (this.#dropped > 0)
      this.logger.warn({ event: 'erro_cliente_descartado', count: this.#dropped }, 'erro-cliente descartado');
    this.#seen.clear();
    this.#perNetwork.clear();
    this.#dropped = 0;
  }
}

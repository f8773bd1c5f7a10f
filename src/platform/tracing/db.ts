// Database spans (when tracing is on): Kysely reports each query once it has run, with its
// duration, in the async context of its caller — so the span is a child of the caller's
// span (none when the query runs outside any request), started back-dated by the duration. Only the operation and the table are recorded:
// statements are parameterised, but a raw fragment could still carry a value.
import type { LogEvent } from 'kysely';
import { failSpan, inTrace, startSpan, tracingEnabled } from './index.js';

const TABLE = /\b(?:from|into|update|join)\s+"?([a-z_][a-z0-9_]*)"?/i;

/** Kysely's `log` option, or undefined when tracing is off (then Kysely does no timing either). */
export function queryTracer(system: 'sqlite' | 'postgresql'): ((event: LogEvent) => void) | undefined {
  if (!tracingEnabled()) return undefined;
  return (event) => {
    // Background queries (sweeps, polls, migrations) would each make a trace of one span.
    if (!inTrace()) return;
    const sql = event.query.sql;
    const operation = /^\s*(\w+)/.exec(sql)?.[1]?.toLowerCase() ?? 'query';
    const table = TABLE.exec(sql)?.[1];
    // Made once the query has run: started back when it began.
    const startTime = Date.now() - event.queryDurationMillis;
    const span = startSpan(
      `db ${operation}${table ? ` ${table}` : ''}`,
      {
        'db.system.name': system,
        'db.operation.name': operation,
        ...(table ? { 'db.collection.name': table } : {}),
      },
      { startTime },
    );
    if (event.level === 'error') failSpan(span, event.error);
    span?.end();
  };
}

// `confiabilidade` of the showcase: the share of the gateway's answers over 7 days that were
// not 5xx, and the build that is live. Each instance counts its answers in memory (one
// callback per answer) and adds them to two daily counters in the database at most once a
// second and when it closes, so every instance adds to the same figures. Health and
// readiness probes are not counted: they measure the load balancer, not the service. A
// client that left before its answer (499) is not an answer.
import type { Db } from '../../platform/db/index.js';
import type { App } from '../../platform/http/app.js';
import { describeError, type Logger } from '../../platform/logger.js';
import { bump, countsByDay } from '../telemetry/counters.js';

export const ANSWERS = 'respostas';
export const ANSWERS_5XX = 'respostas_5xx';
const PROBES = new Set(['/api/health', '/api/ready']);
const FLUSH_MS = 1_000;

export function countAnswers(app: App, db: Db, log: Pick<Logger, 'warn'>, now: () => number): void {
  let answers = 0;
  let failed = 0;
  let timer: NodeJS.Timeout | undefined;
  const flush = async () => {
    clearTimeout(timer);
    timer = undefined;
    const [a, f] = [answers, failed];
    answers = failed = 0;
    const at = now();
    try {
      if (a > 0) await bump(db, ANSWERS, at, a);
      if (f > 0) await bump(db, ANSWERS_5XX, at, f);
    } catch (err) {
      log.warn({ error: describeError(err) }, 'answer counters not written');
    }
  };
  app.addHook('onResponse', (request, reply, done) => {
    if (!PROBES.has(request.routeOptions.url ?? '')) {
      answers++;
      if (reply.statusCode >= 500) failed++;
      if (!timer) {
        timer = setTimeout(flush, FLUSH_MS);
        timer.unref();
      }
    }
    done();
  });
  app.addHook('onClose', flush);
}

export interface Reliability {
  /** Percentage of the answers without 5xx; null when there were none to count. */
  sem_5xx_pct: number | null;
  respostas: number;
  /** The build of the instance that collected the document. */
  build: string;
}

/** The figures over `days` (the last 7). */
export async function reliability(db: Db, days: string[], build: string): Promise<Reliability> {
  const [all, failed] = await Promise.all([
    countsByDay(db, ANSWERS, days),
    countsByDay(db, ANSWERS_5XX, days),
  ]);
  const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
  const answers = sum(all);
  return {
    sem_5xx_pct: answers === 0 ? null : (100 * (answers - sum(failed))) / answers,
    respostas: answers,
    build,
  };
}

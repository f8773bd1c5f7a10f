// Readiness (GET /api/ready, and /ready on the contracts and insights services): 200 only
// when every dependency the service needs to answer requests answers itself, 503 naming
// the ones that do not. Liveness (`/health`) stays a plain 200: a process whose database is
// away is alive, and restarting it would not bring the database back.
import { type Static, Type } from '@sinclair/typebox';
import { sql } from 'kysely';
import type { Db } from '../db/index.js';
import type { App } from './app.js';
import { notReady } from './errors.js';

export interface Dependency {
  /** `database`, `redis`: the name the 503 reports. */
  readonly name: string;
  /** Resolves when the dependency answers; rejects (or takes longer than the timeout) otherwise. */
  check(): Promise<unknown>;
}

/** A probe must answer quickly even when a dependency hangs: load balancers time out too. */
const CHECK_TIMEOUT_MS = 2_000;

const Checks = Type.Record(Type.String(), Type.Union([Type.Literal('ok'), Type.Literal('falhou')]));
const Ready = Type.Object({ ready: Type.Literal(true), checks: Checks });
// `error` stays a plain string: the same status also carries `shutting_down` during a drain.
const NotReady = Type.Object({
  error: Type.String(),
  message: Type.String(),
  failing: Type.Optional(Type.Array(Type.String())),
  checks: Type.Optional(Checks),
});

export function databaseDependency(db: Db): Dependency {
  return { name: 'database', check: () => sql`select 1`.execute(db.kysely) };
}

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Every dependency checked at once; the answer lists each one's state. */
export async function checkReadiness(
  dependencies: readonly Dependency[],
  timeoutMs = CHECK_TIMEOUT_MS,
): Promise<Static<typeof Checks>> {
  const results = await Promise.allSettled(dependencies.map((d) => within(d.check(), timeoutMs)));
  return Object.fromEntries(
    dependencies.map((d, i) => [d.name, results[i]!.status === 'fulfilled' ? 'ok' : 'falhou']),
  );
}

export function registerReadiness(app: App, path: string, dependencies: readonly Dependency[]): void {
  app.get(
    path,
    {
      config: { auth: 'none' },
      schema: {
        summary: 'Readiness: 200 when every dependency answers, 503 naming those that do not',
        description:
          'Checks the database and, on the gateway with `REDIS_URL` set, Redis, each within 2 s. 200: `{"ready": true, "checks": {"database": "ok", …}}`. 503 `not_ready`: `failing` names the parts that did not answer, `checks` gives each part `ok` or `falhou`. For load balancers and orchestrators; liveness stays the health route.',
        tags: ['public'],
        response: { 200: Ready, 503: NotReady },
      },
    },
    async () => {
      const checks = await checkReadiness(dependencies);
      const failing = Object.keys(checks).filter((name) => checks[name] !== 'ok');
      if (failing.length === 0) return { ready: true as const, checks };
      throw notReady(failing, checks);
    },
  );
}

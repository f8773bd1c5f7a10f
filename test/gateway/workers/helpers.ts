// A gateway listening on loopback with worker-job settings for tests (short waits and
// leases), and the worker protocol spoken with plain fetch, as a worker author would.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeKey, testGateway } from '../../helpers/gateway.js';
import { kyselyOf } from '../../../src/modules.js';

export const WORKER_TOKEN = 'worker-token-for-tests-0123456789';
export const CPF = '529.982.247-25';
export const EMAIL = 'joana.prado@empresa.com.br';
export const SEEDED = [CPF, '52998224725', EMAIL, 'Joana Prado'];

export function writeConfig(
  dir: string,
  workers: Record<string, unknown>,
  extra: Record<string, unknown> = {},
) {
  const path = join(dir, `svc-config-${Date.now()}-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(path, JSON.stringify({ workers, ...extra }));
  return path;
}

/** `extra`: more sections of the config file (payments, …). */
export async function workerGateway(workers: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const dir = (await import('node:os')).tmpdir();
  const gw = await testGateway({ WORKER_TOKEN, SVC_CONFIG: writeConfig(dir, workers, extra) });
  const url = await gw.app.listen({ port: 0, host: '127.0.0.1' });
  const key = await makeKey(gw.ctx);
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const init: RequestInit = { method, headers: { ...headers } };
    if (body !== undefined) {
      if (Buffer.isBuffer(body)) init.body = body;
      else {
        init.body = typeof body === 'string' ? body : JSON.stringify(body);
        (init.headers as Record<string, string>)['content-type'] ??= 'application/json';
      }
    }
    const res = await fetch(`${url}${path}`, init);
    const text = await res.text();
    // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary answers loosely
    let json: any = null;
    try {
      json = JSON.parse(text);
    } catch {}
    return { status: res.status, headers: res.headers, text, json };
  };
  const asKey = (secret: string) => ({ authorization: `Bearer ${secret}` });
  const asWorker = { authorization: `Bearer ${WORKER_TOKEN}` };
  /** Each registered worker's own key, by worker id, as a worker keeps it. */
  const keys = new Map<string, string>();
  const worker = {
    keys,
    register: async (capabilities: string[], name = 'teste') => {
      const res = await call('POST', '/api/worker/register', { name, version: '1', capabilities }, asWorker);
      if (res.json?.worker_id) keys.set(res.json.worker_id, res.json.worker_key);
      return res;
    },
    lease: (workerId: string, capabilities?: string[], wait = 0) =>
      call(
        'POST',
        '/api/worker/lease',
        { worker_id: workerId, capabilities, wait_seconds: wait },
        { ...asWorker, ...(keys.has(workerId) ? { 'x-worker-key': keys.get(workerId)! } : {}) },
      ),
    heartbeat: (id: string, token: string) =>
      call('POST', `/api/worker/jobs/${id}/heartbeat`, undefined, {
        ...asWorker,
        'x-lease-token': String(token),
      }),
    complete: (id: string, token: string, result: unknown, contentType?: string) =>
      call('POST', `/api/worker/jobs/${id}/complete`, contentType ? result : { result }, {
        ...asWorker,
        'x-lease-token': String(token),
        ...(contentType ? { 'content-type': contentType } : {}),
      }),
    fail: (id: string, token: string, error: string) =>
      call('POST', `/api/worker/jobs/${id}/fail`, { error }, { ...asWorker, 'x-lease-token': String(token) }),
  };
  return { ...gw, url, key, call, asKey, asWorker, worker };
}

/** Every text column of the worker-job tables, for grepping personal data. */
export async function dumpJobs(gw: Awaited<ReturnType<typeof workerGateway>>): Promise<string> {
  const db = kyselyOf(gw.ctx.db);
  const jobs = await db.selectFrom('jobs').selectAll().execute();
  const side = await db.selectFrom('worker_jobs').selectAll().execute();
  const sideText = side.map((r: Record<string, unknown>) => ({
    ...r,
    input_b64: r.input_b64 ? Buffer.from(String(r.input_b64), 'base64').toString('latin1') : null,
    result_b64: r.result_b64 ? Buffer.from(String(r.result_b64), 'base64').toString('latin1') : null,
  }));
  return JSON.stringify({ jobs, side: sideText });
}

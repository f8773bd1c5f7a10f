// The worker protocol from the worker's side (docs/workers.md), over fetch.

export interface LeasedJob {
  id: string;
  capability: string;
  input: Record<string, unknown> | null;
  file: { content_type: string; base64: string } | null;
  attempt: number;
  lease_token: string;
  lease_expires_at: string;
}

export type JobResult = { json: unknown } | { type: string; bytes: Uint8Array };

/** An answer the protocol defines as "stop working on this job": 409 lease lost or cancelled. */
export class LeaseLostError extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}

/** Any other answer of the worker protocol that is not a success (the code names why). */
export class WorkerProtocolError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super(`gateway answered ${status} ${code}`);
  }
}

export class GatewayClient {
  readonly base: string;
  /** This worker's own key, from its registration: sent with every lease and refresh. */
  #key: string | undefined;

  constructor(
    gateway: string,
    readonly token: string,
  ) {
    this.base = gateway.replace(/\/+$/, '');
  }

  async #call(path: string, init: RequestInit & { leaseToken?: string } = {}): Promise<Response> {
    const headers: Record<string, string> = { authorization: `Bearer ${this.token}` };
    if (init.leaseToken !== undefined) headers['x-lease-token'] = init.leaseToken;
    if (this.#key !== undefined) headers['x-worker-key'] = this.#key;
    if (typeof init.body === 'string') headers['content-type'] = 'application/json';
    const res = await fetch(`${this.base}${path}`, {
      ...init,
      method: init.method ?? 'POST',
      headers: { ...headers, ...(init.headers as Record<string, string>) },
    });
    if (res.status === 409) {
      const code = ((await res.json().catch(() => ({}))) as { error?: { code?: string } | string }).error;
      throw new LeaseLostError(typeof code === 'string' ? code : (code?.code ?? 'lease_lost'));
    }
    if (!res.ok) {
      const body = (await res.json().catch(() => ({}))) as { error?: string };
      throw new WorkerProtocolError(res.status, typeof body.error === 'string' ? body.error : 'error');
    }
    return res;
  }

  async register(info: { name: string; version: string; capabilities: string[]; worker_id?: string }) {
    if (info.worker_id === undefined) this.#key = undefined; // a new worker: a new key
    const res = await this.#call('/api/worker/register', { body: JSON.stringify(info) });
    const answer = (await res.json()) as {
      worker_id: string;
      worker_key: string;
      lease_seconds: number;
      max_poll_seconds: number;
    };
    this.#key = answer.worker_key;
    return answer;
  }

  async lease(workerId: string, capabilities: string[], waitSeconds: number, signal?: AbortSignal) {
    const res = await this.#call('/api/worker/lease', {
      body: JSON.stringify({ worker_id: workerId, capabilities, wait_seconds: waitSeconds }),
      signal,
    });
    if (res.status === 204) return undefined;
    return ((await res.json()) as { job: LeasedJob }).job;
  }

  async heartbeat(job: LeasedJob) {
    const res = await this.#call(`/api/worker/jobs/${job.id}/heartbeat`, { leaseToken: job.lease_token });
    return (await res.json()) as { cancelled: boolean; lease_expires_at: string | null };
  }

  async complete(job: LeasedJob, result: JobResult) {
    const init =
      'json' in result
        ? { body: JSON.stringify({ result: result.json }) }
        : { body: result.bytes, headers: { 'content-type': result.type } };
    await this.#call(`/api/worker/jobs/${job.id}/complete`, { ...init, leaseToken: job.lease_token });
  }

  async fail(job: LeasedJob, error: string) {
    await this.#call(`/api/worker/jobs/${job.id}/fail`, {
      body: JSON.stringify({ error }),
      leaseToken: job.lease_token,
    });
  }

  /** Hands the job back to the queue (graceful stop), for another worker to take at once. */
  async release(job: LeasedJob) {
    await this.#call(`/api/worker/jobs/${job.id}/release`, { leaseToken: job.lease_token });
  }
}

// A real Prometheus server (Debian's `prometheus`) on loopback, scraping the targets given
// every second, with a configuration and a data folder of its own; and its HTTP query API.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Why the tests that need Prometheus cannot run here, or undefined when they can. */
export function prometheusMissing(): string | undefined {
  const r = spawnSync('prometheus', ['--version'], { stdio: 'ignore' });
  return r.status === 0
    ? undefined
    : 'no `prometheus` binary (apt-get install prometheus; .ci/run installs it)';
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface Prometheus {
  url: string;
  /** The value of an instant query that returns one series (undefined while it returns none). */
  value(query: string): Promise<number | undefined>;
  /** Polls `query` until `test` holds for its value; fails with the last value at the deadline. */
  waitFor(
    query: string,
    test: (v: number | undefined) => boolean,
    timeoutMs?: number,
  ): Promise<number | undefined>;
  stop(): Promise<void>;
}

export async function startPrometheus(targets: string[]): Promise<Prometheus> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-prometheus-'));
  const config = join(dir, 'prometheus.yml');
  writeFileSync(
    config,
    [
      'global:',
      '  scrape_interval: 1s',
      '  scrape_timeout: 1s',
      'scrape_configs:',
      '  - job_name: svc',
      '    static_configs:',
      `      - targets: [${targets.map((t) => `'${t}'`).join(', ')}]`,
      '',
    ].join('\n'),
  );
  const port = await freePort();
  const proc: ChildProcess = spawn(
    'prometheus',
    [
      `--config.file=${config}`,
      `--storage.tsdb.path=${join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--log.level=warn',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const stderr: string[] = [];
  proc.stderr?.on('data', (c: Buffer) => stderr.push(c.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    const ready = await fetch(`${url}/-/ready`).catch(() => undefined);
    if (ready?.status === 200) break;
    if (proc.exitCode !== null || Date.now() > deadline) {
      proc.kill('SIGKILL');
      throw new Error(`prometheus did not start: ${stderr.join('')}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const value = async (query: string) => {
    const res = await fetch(`${url}/api/v1/query?query=${encodeURIComponent(query)}`);
    const body = (await res.json()) as { status: string; data: { result: { value: [number, string] }[] } };
    if (body.status !== 'success') throw new Error(`query failed: ${query}`);
    if (body.data.result.length > 1)
      throw new Error(`${query}: ${body.data.result.length} series, expected one`);
    const raw = body.data.result[0]?.value[1];
    return raw === undefined ? undefined : Number(raw);
  };
  return {
    url,
    value,
    async waitFor(query, test, timeoutMs = 60_000) {
      const end = Date.now() + timeoutMs;
      let last: number | undefined;
      for (;;) {
        last = await value(query);
        if (test(last)) return last;
        if (Date.now() > end) throw new Error(`${query}: still ${last} after ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 500));
      }
    },
    async stop() {
      proc.kill('SIGTERM');
      if (proc.exitCode === null) await new Promise((r) => proc.once('exit', r));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

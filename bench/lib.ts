// Small helpers shared by the benchmarks: start a server process whose stdout goes to a
// file (so that log writing costs what it costs in production, and the bench process does
// not spend CPU draining a pipe), and wait for its `listening` line.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CLI = fileURLToPath(new URL('../src/cli.js', import.meta.url));
export const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}.js`, import.meta.url));

export interface Server {
  proc: ChildProcess;
  url: string;
  startMs: number;
  stop(): Promise<void>;
}

/**
 * On a machine with `taskset`, puts this process (the load generator) on CPU 0 and the
 * servers it starts on CPU 1: each side then has a core of its own, and figures stop
 * depending on how the scheduler happened to mix them. Returns whether it did.
 */
export function pinCores(): boolean {
  if (availableParallelism() < 2) return false;
  const r = spawnSync('taskset', ['-pc', '0', String(process.pid)], { stdio: 'ignore' });
  pinned = r.status === 0;
  return pinned;
}
let pinned = false;

export async function startServer(args: string[], env: Record<string, string> = {}): Promise<Server> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-bench-'));
  const logPath = join(dir, 'out.log');
  const out = openSync(logPath, 'w');
  const t0 = performance.now();
  const [command, argv] = pinned
    ? ['taskset', ['-c', '1', process.execPath, ...args]]
    : [process.execPath, args];
  const proc = spawn(command as string, argv as string[], {
    env: { PATH: process.env.PATH ?? '', SVC_DATA_DIR: join(dir, 'data'), GATEWAY_PORT: '0', ...env },
    stdio: ['ignore', out, 'inherit'],
  });
  for (;;) {
    const text = readFileSync(logPath, 'utf8');
    const line = text.split('\n').find((l) => l.includes('"event":"listening"'));
    if (line) {
      const startMs = performance.now() - t0;
      const url = (JSON.parse(line) as { urls: Record<string, string> }).urls.gateway!;
      return {
        proc,
        url,
        startMs,
        stop: () =>
          new Promise((resolve) => {
            proc.once('exit', () => resolve());
            proc.kill('SIGTERM');
          }),
      };
    }
    if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}`);
    await new Promise((r) => setTimeout(r, 2));
  }
}

/**
 * CPU time (utime + stime, in 10 ms clock ticks) of a process, or with `mainThread` of its
 * main thread alone, in ms.
 */
export function cpuMs(pid: number, mainThread = false): number {
  const path = mainThread ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`;
  const fields = readFileSync(path, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

/** The model benches' prompt: 2 KB of Portuguese with a name, a CPF, an e-mail and a phone number in every ~200 characters. */
const UNIT =
  'Olá, sou Joana Prado, CPF 529.982.247-25, e-mail joana.prado@empresa.com.br, celular (11) 98765-4321. ' +
  'Preciso revisar o contrato de prestação de serviços e entender as cláusulas de rescisão e multa. ';
export const PROMPT_2KB = UNIT.repeat(Math.ceil(2048 / UNIT.length)).slice(0, 2048);

const children: ChildProcess[] = [];
// However a bench ends (a target answering an error throws), its servers go with it.
process.on('exit', () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
});

/**
 * Starts a bench script (relative to dist/bench, or an absolute path) in its own node
 * process, stdout to /dev/null; resolves with its IPC hello, its pid and the process.
 */
export async function startChild<T>(
  script: string,
  args: string[],
  nodeArgs: string[] = [],
  env: Record<string, string> = {},
): Promise<T & { pid: number; proc: ChildProcess }> {
  const path = script.startsWith('/') ? script : fileURLToPath(new URL(script, import.meta.url));
  const child = spawn(process.execPath, [...nodeArgs, path, ...args], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    env: { ...process.env, ...env },
  });
  children.push(child);
  return new Promise<T & { pid: number; proc: ChildProcess }>((resolve, reject) => {
    child.once('message', (m) => resolve({ ...(m as T), pid: child.pid!, proc: child }));
    child.once('exit', (code) => reject(new Error(`${script} exited (${code}) before it was ready`)));
  });
}

/** SIGTERM to every child startChild started; resolves once they have exited. */
export async function stopChildren(): Promise<void> {
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(
    children.map((c) => new Promise((r) => (c.exitCode !== null ? r(0) : c.once('exit', r)))),
  );
}

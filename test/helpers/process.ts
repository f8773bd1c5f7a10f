// Runs the real `svc` binary (the compiled one that `npm start` runs) as a child process.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

export const CLI = fileURLToPath(new URL('../../src/cli.js', import.meta.url));

export interface Child {
  proc: ChildProcess;
  stdout: string[];
  stderr: string[];
  /** Resolves with the first stdout JSON line that satisfies `test`. */
  waitFor(
    test: (line: Record<string, unknown>) => boolean,
    timeoutMs?: number,
  ): Promise<Record<string, unknown>>;
  exit(): Promise<number | null>;
}

export function spawnNode(args: string[], env: Record<string, string>, cwd?: string): Child {
  const proc = spawn(process.execPath, args, {
    cwd,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stdout: string[] = [];
  const stderr: string[] = [];
  const waiters: {
    test: (l: Record<string, unknown>) => boolean;
    resolve: (l: Record<string, unknown>) => void;
  }[] = [];
  let buffer = '';
  proc.stdout!.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    let nl = buffer.indexOf('\n');
    while (nl >= 0) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      stdout.push(line);
      try {
        const json = JSON.parse(line) as Record<string, unknown>;
        for (const w of [...waiters]) {
          if (w.test(json)) {
            waiters.splice(waiters.indexOf(w), 1);
            w.resolve(json);
          }
        }
      } catch {
        // not JSON: kept in stdout for the assertions
      }
      nl = buffer.indexOf('\n');
    }
  });
  proc.stderr!.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  const exited = once(proc, 'exit').then(([code]) => code as number | null);
  return {
    proc,
    stdout,
    stderr,
    waitFor(test, timeoutMs = 60_000) {
      const seen = stdout.map((l) => {
        try {
          return JSON.parse(l) as Record<string, unknown>;
        } catch {
          return undefined;
        }
      });
      const already = seen.find((l) => l && test(l));
      if (already) return Promise.resolve(already);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`timed out; stdout: ${stdout.join('\n')}\nstderr: ${stderr.join('')}`)),
          timeoutMs,
        );
        const failOnExit = () => reject(new Error(`process exited early; stderr: ${stderr.join('')}`));
        exited.then(failOnExit);
        waiters.push({
          test,
          resolve: (l) => {
            clearTimeout(timer);
            resolve(l);
          },
        });
      });
    },
    exit: () => exited,
  };
}

export function spawnSvc(args: string[], env: Record<string, string>): Child {
  return spawnNode([CLI, ...args], env);
}

/** Runs one `svc` command to its end: its exit code, its stdout read as JSON when it succeeded, its stderr. */
export async function runSvc(env: Record<string, string>, ...args: string[]) {
  const child = spawnSvc(args, env);
  const code = await child.exit();
  const out = child.stdout.join('\n');
  return { code, json: code === 0 ? JSON.parse(out) : undefined, stderr: child.stderr.join('') };
}

// A CLI command: one module each under src/cli/, registered in src/cli/index.ts.

export interface CliCommand {
  /** The words that select it, e.g. ['serve'] or ['account', 'create']. */
  readonly path: readonly string[];
  readonly summary: string;
  /** Full help text printed by `svc <path> --help`. */
  readonly usage: string;
  /** Runs with the arguments after the command path; resolves to the exit code. */
  run(args: string[]): Promise<number>;
}

/** A bad command line: printed as a clear message on stderr, exit code 2. */
export class UsageError extends Error {}

/** Prints one JSON document on stdout, the output contract of every command. */
export function printJson(value: unknown): void {
  process.stdout.write(JSON.stringify(value, null, 2) + '\n');
}

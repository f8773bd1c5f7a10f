// How a handler tells the runner what went wrong: an error with a `code` (logged and kept
// on the job row; never content), and `permanent` when retrying cannot help.
export class PermanentJobError extends Error {
  readonly permanent = true;
  constructor(readonly code: string) {
    super(code);
  }
}

export function errorCode(err: unknown): string {
  const code = (err as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && /^[A-Za-z0-9_.-]{1,64}$/.test(code) ? code : 'internal_error';
}

export const isPermanent = (err: unknown): boolean =>
  (err as { permanent?: unknown } | undefined)?.permanent === true;

// Polling with a deadline, for a result that arrives in the background (a write off the hot
// path, a sweep, a settlement): the test moves on the moment it is there, and on a busy
// machine it waits longer instead of asserting too early. Never sleep-then-assert.

/**
 * Calls `check` every `everyMs` until it returns a value other than undefined, null or false,
 * and returns that value; past `timeoutMs` it throws, naming `what` and the last value seen.
 */
export async function waitFor<T>(
  what: string,
  check: () => T | Promise<T>,
  { timeoutMs = 30_000, everyMs = 20 }: { timeoutMs?: number; everyMs?: number } = {},
): Promise<Exclude<T, undefined | null | false>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== null && value !== false)
      return value as Exclude<T, undefined | null | false>;
    if (Date.now() > deadline) throw new Error(`waited ${timeoutMs} ms for ${what} (last: ${String(value)})`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

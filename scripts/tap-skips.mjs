// The skips in a node:test TAP report that strict mode (SVC_TEST_STRICT=1) refuses: every
// skip but a test's `PostgreSQL only` / `SQLite only`, which means something on the other
// database (test/helpers/requirements.ts).
export const DIALECT_SKIPS = ['PostgreSQL only', 'SQLite only'];

/** `name: reason` for each refused skip among these TAP lines. */
export function refusedSkips(lines) {
  const out = [];
  for (const line of lines) {
    const skip = /^\s*ok \d+ - (.*) # SKIP ?(.*)$/.exec(line);
    if (skip && !DIALECT_SKIPS.includes(skip[2].trim())) out.push(`${skip[1]}: ${skip[2] || 'no reason'}`);
  }
  return out;
}

// What a test needs from outside the project (a browser, a Node version, Redis, the console's
// build): when it is missing, the test is skipped with the reason printed — except in strict
// mode (SVC_TEST_STRICT=1, which .ci/run sets after installing them all), where a missing
// requirement fails the run instead, so a CI run cannot quietly test less than it should.
// The only skips strict mode accepts (scripts/run-tests.mjs) are a test's `PostgreSQL only`
// or `SQLite only`: it means something on the other database.
export const STRICT = process.env.SVC_TEST_STRICT === '1';

/**
 * The `skip` option of a test that needs something: false when `missing` is undefined, else
 * the reason (printed). In strict mode a missing requirement throws, failing the test file.
 */
export function requires(missing: string | undefined): string | false {
  if (missing === undefined) return false;
  if (STRICT) throw new Error(`SVC_TEST_STRICT=1 and a test requirement is missing: ${missing}`);
  console.log(`# skipped: ${missing}`);
  return missing;
}

// UTC calendar days as `YYYY-MM-DD`: the unit of the telemetry counters and archive, daily
// usage, the ledger's house totals and the daily caps of credit sales. Defined here once.
const DAY_MS = 86_400_000;

export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The `count` days ending with the day of `ms`, oldest first. */
export function lastDays(ms: number, count: number): string[] {
  const out: string[] = [];
  for (let i = count - 1; i >= 0; i--) out.push(utcDay(ms - i * DAY_MS));
  return out;
}

/** True for a real calendar day written `YYYY-MM-DD` (2026-02-30 is not one). */
export function isUtcDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const ms = Date.parse(`${text}T00:00:00Z`);
  return Number.isFinite(ms) && utcDay(ms) === text;
}

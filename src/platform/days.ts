// UTC calendar days as `YYYY-MM-DD`: the unit of the telemetry counters and archive, daily
// usage, the ledger's house totals and the daily caps of credit sales. Defined here once.
const DAY_MS = 86_400_000;

/** The last day asked for, and where it starts: most calls ask for today again (per request). */
let lastDay = { start: 0, day: '1970-01-01' };

export function utcDay(ms: number): string {
  if (ms >= lastDay.start && ms < lastDay.start + DAY_MS) return lastDay.day;
  const day = new Date(ms).toISOString().slice(0, 10);
  const start = Math.floor(ms / DAY_MS) * DAY_MS;
  if (Number.isFinite(start)) lastDay = { start, day };
  return day;
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

// Local calendar days per tenant time zone, with Intl (no dependency): the tag-cleanup rule
// is "at the end of the tenant's day", so days are compared as YYYY-MM-DD strings.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    // en-CA formats dates as YYYY-MM-DD.
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, f);
  }
  return f;
}

export function isTimeZone(value: string): boolean {
  try {
    formatter(value);
    return true;
  } catch {
    return false;
  }
}

/** The calendar day (YYYY-MM-DD) of an instant in a time zone. */
export function localDay(epochMs: number, timeZone: string): string {
  return formatter(timeZone).format(new Date(epochMs));
}

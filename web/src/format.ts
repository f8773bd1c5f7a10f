// The console's one voice for numbers, money and dates (pt-BR): every page formats through
// here, so a date reads dd/mm/aaaa (with hh:mm when a time is shown) and money R$ 1.234,56
// wherever it appears. Times are in the profile's time zone when there is one.
let timeZone: string | undefined;

export function setTimeZone(zone: string | undefined): void {
  timeZone = zone || undefined;
}

type Parts = Record<'day' | 'month' | 'year' | 'hour' | 'minute', string>;

/** The calendar parts of an instant in the profile's zone (the browser's when the zone is unknown). */
function partsOf(at: number): Parts {
  const options = {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  } as const;
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('pt-BR', { ...options, timeZone }).formatToParts(at);
  } catch {
    parts = new Intl.DateTimeFormat('pt-BR', options).formatToParts(at);
  }
  const part = (type: keyof Parts) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    day: part('day'),
    month: part('month'),
    year: part('year'),
    hour: part('hour'),
    minute: part('minute'),
  };
}

const instant = (iso: string | null | undefined): number | null => {
  if (!iso) return null;
  const at = Date.parse(iso);
  return Number.isNaN(at) ? null : at;
};

/** An instant with its time: `26/11/2026 14:05` ("—" when there is none). */
export function dateTime(iso: string | null | undefined): string {
  const at = instant(iso);
  if (at === null) return '—';
  const p = partsOf(at);
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

/** The day of an instant, in the profile's zone: `26/11/2026` ("—" when there is none). */
export function date(iso: string | null | undefined): string {
  const at = instant(iso);
  if (at === null) return '—';
  const p = partsOf(at);
  return `${p.day}/${p.month}/${p.year}`;
}

export function number(n: number): string {
  return new Intl.NumberFormat('pt-BR').format(n);
}

/** Reais from centavos: `R$ 1.234,56` (a plain space, as in usd()). */
export function brl(centavos: number): string {
  const value = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    Math.abs(centavos) / 100,
  );
  return `${centavos < 0 ? '-' : ''}R$ ${value}`;
}

/**
 * The last use of a key: the API records the hour (lastUsedAt is the start of that hour),
 * so it is shown as an hour, never earlier than the key's creation ("26/11/2026 14h").
 */
export function lastUse(iso: string | null, createdAt: string): string {
  const used = instant(iso);
  if (used === null) return '—';
  const p = partsOf(Math.max(used, instant(createdAt) ?? used));
  return `${p.day}/${p.month}/${p.year} ${p.hour}h`;
}

/** A calendar day `YYYY-MM-DD` as people write it here: `26/11/2026` (no time zone: it is a day already). */
export function day(iso: string): string {
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}

/** US dollars with the Brazilian separators: `US$ 0,2500` below a dollar cent, else two decimals. */
export function usd(value: number): string {
  const digits = value !== 0 && Math.abs(value) < 0.01 ? 4 : 2;
  return `US$ ${new Intl.NumberFormat('pt-BR', { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value)}`;
}

/** Today in Brasília as `YYYY-MM-DD` (for date inputs and the request log's day filter). */
export function todayInBrasilia(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
}

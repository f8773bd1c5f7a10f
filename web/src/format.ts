// Numbers and dates for pt-BR, in the profile's time zone when there is one.
let timeZone: string | undefined;

export function setTimeZone(zone: string | undefined): void {
  timeZone = zone || undefined;
}

export function dateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  try {
    return new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short', timeZone }).format(
      new Date(iso),
    );
  } catch {
    return new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));
  }
}

export function number(n: number): string {
  return new Intl.NumberFormat('pt-BR').format(n);
}

export function brl(centavos: number): string {
  return new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(centavos / 100);
}

/**
 * The last use of a key: the API records the hour (lastUsedAt is the start of that hour),
 * so it is shown as an hour, never earlier than the key's creation ("26/11/2026, 14h").
 */
export function lastUse(iso: string | null, createdAt: string): string {
  if (!iso) return '—';
  const at = Math.max(Date.parse(iso), Date.parse(createdAt));
  const options = {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    hour12: false,
  } as const;
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('pt-BR', { ...options, timeZone }).formatToParts(at);
  } catch {
    parts = new Intl.DateTimeFormat('pt-BR', options).formatToParts(at);
  }
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}/${part('month')}/${part('year')}, ${part('hour')}h`;
}

/** A calendar day `YYYY-MM-DD` as people write it here: `26/11/2026` (the one date format of the console). */
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

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

/** A UTC day as the API writes it (2026-11-21) as people read it (21/11/2026). */
export function day(ymd: string): string {
  const [y, m, d] = ymd.split('-');
  return y && m && d ? `${d}/${m}/${y}` : ymd;
}

/** Dollars (a number, or the API's decimal string) with pt-BR digits: US$ 1.234,56 (fractions of a cent kept). */
export function usd(value: number | string): string {
  return new Intl.NumberFormat('pt-BR', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 6,
  }).format(Number(value));
}

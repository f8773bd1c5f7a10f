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

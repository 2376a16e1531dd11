/** The calendar day (YYYY-MM-DD) of an instant in a time zone: the day a place's page lists a flight under. */
export function localDay(iso: string | null, timeZone: string | null): string | null {
  if (!iso) return null;
  try {
    // en-CA writes dates as YYYY-MM-DD.
    return new Intl.DateTimeFormat('en-CA', { timeZone: timeZone ?? 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));
  } catch {
    return iso.slice(0, 10);
  }
}

export const isDay = (value: string | null | undefined): value is string => !!value && /^\d{4}-\d{2}-\d{2}$/.test(value);

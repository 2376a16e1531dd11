import { km, localDateTime, metres, statisticsDuration } from '../../format/format';

// docs/product.md §3 Formatting for statistics: durations HH:MM from seconds, distance 1 decimal plus km,
// altitude rounded plus m; missing values 00:00, 0 km, 0 m and a dash for dates.

export const statDuration = (seconds: number | null | undefined) => statisticsDuration(seconds);
export const statDistance = (value: number | null | undefined) => km(value ?? 0, 1);
export const statHeight = (value: number | null | undefined) => metres(value ?? 0);

/** A date without time, in the zone the flight was flown in (UTC when unknown); '-' when missing. */
export const statDate = (iso: string | null | undefined, locale: string, timeZone?: string | null) => localDateTime(iso, locale, timeZone ?? 'UTC', false);

// Formatters of docs/product.md §3 Formatting. Numbers in, text out, in the active language's way of writing
// decimals; translated labels live in the pages.
import { decimal } from './format-number';
import { altitude, distance } from './units';

export { decimal };

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * h:mm from seconds, the one way the app writes a duration (lists, flight page, statistics, wings);
 * '0:00' when empty. Where a unit is written beside it, it is 'h' (`duration`), never 'hours'.
 */
export function hoursMinutes(seconds: number | null | undefined): string {
  if (!seconds || seconds < 0) return '0:00';
  const minutes = Math.floor(seconds / 60);
  return `${Math.floor(minutes / 60)}:${pad(minutes % 60)}`;
}

/** The statistics write durations like everywhere else (h:mm). */
export const statisticsDuration = hoursMinutes;

/** h:mm followed by its unit: '12:17 h'. */
export const duration = (seconds: number | null | undefined): string => `${hoursMinutes(seconds)} h`;

/**
 * One clock in every language: 24 hours (13:00, never 1:00 PM), as flight instruments, IGC files and the
 * height profile write it, so a page never shows both.
 */
export const CLOCK: Pick<Intl.DateTimeFormatOptions, 'hourCycle'> = { hourCycle: 'h23' };

/** A distance given in kilometres, with fixed decimals, in the pilot's distance unit (docs/units.md); '-' when missing. */
export function km(value: number | null | undefined, decimals: number): string {
  return distance(value, decimals);
}

/** An altitude given in metres, rounded, in the pilot's altitude unit (docs/units.md); '-' when missing. */
export function metres(value: number | null | undefined): string {
  return altitude(value);
}

/** B, KB or MB with 2 decimals; '-' for zero or missing. */
export function fileSize(bytes: number | null | undefined): string {
  if (!bytes || bytes <= 0) return '-';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${decimal(bytes / 1024, 2)} KB`;
  return `${decimal(bytes / (1024 * 1024), 2)} MB`;
}

/** docs/product.md §5: rounded, clamped 0-100, 0 if either value is missing or zero. */
export function progressPercent(done: number | null | undefined, total: number | null | undefined): number {
  if (!done || !total) return 0;
  return Math.max(0, Math.min(100, Math.round((done / total) * 100)));
}

const ZONED_FORMATS = {
  'date and time': { dateStyle: 'medium', timeStyle: 'short', ...CLOCK },
  date: { dateStyle: 'medium' },
  'time of day': { hour: '2-digit', minute: '2-digit', ...CLOCK },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

/** Made once per language, format and zone: a page lists many dates, and making a DateTimeFormat is dear. */
const zonedFormats = new Map<string, Intl.DateTimeFormat>();

/** The formatter of `format` in `timeZone`, or in UTC when the zone is unknown or one Intl does not know. */
function zonedFormat(locale: string, format: keyof typeof ZONED_FORMATS, timeZone: string | null | undefined): Intl.DateTimeFormat {
  const key = `${locale} ${format} ${timeZone ?? ''}`;
  let formatter = zonedFormats.get(key);
  if (!formatter) {
    const options: Intl.DateTimeFormatOptions = ZONED_FORMATS[format];
    try {
      formatter = new Intl.DateTimeFormat(locale, { ...options, timeZone: timeZone ?? 'UTC' });
    } catch {
      formatter = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    }
    zonedFormats.set(key, formatter);
  }
  return formatter;
}

/**
 * A date (and optionally time) in the flight's own time zone, formatted for the active language.
 * Falls back to UTC when the zone is unknown; '-' without a date.
 */
export function localDateTime(iso: string | null | undefined, locale: string, timeZone: string | null | undefined, withTime = true): string {
  if (!iso) return '-';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '-';
  return zonedFormat(locale, withTime ? 'date and time' : 'date', timeZone).format(date);
}

/** A time of day (hh:mm) on the app's one clock, in the given zone (UTC when unknown or invalid); '' when missing. */
export function timeOfDay(iso: string | number | null | undefined, locale: string, timeZone: string | null | undefined): string {
  if (iso === null || iso === undefined || iso === '') return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return zonedFormat(locale, 'time of day', timeZone).format(date);
}

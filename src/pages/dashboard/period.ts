// docs/product.md §2 Dashboard overview and §5 Month selection: which period the query parameters select.
import type { MonthSummary } from '../../../contract/flights';

/** year null: all years; month null: the whole year (or everything when year is null too). */
export interface Period {
  year: number | null;
  month: number | null;
}

export const ALL = 'all';

export interface ResolvedPeriod extends Period {
  /** The parameters were not numbers: 'Invalid month or year values' is shown and the default used. */
  invalid: boolean;
}

/** Years with flights, newest first. */
export function yearsOf(months: readonly MonthSummary[]): number[] {
  return [...new Set(months.map((m) => m.year))].sort((a, b) => b - a);
}

/** Months of a year with flights, ascending (all months, newest year first, when year is null). */
export function monthsOf(months: readonly MonthSummary[], year: number | null): MonthSummary[] {
  return months.filter((m) => year === null || m.year === year).sort((a, b) => b.year - a.year || a.month - b.month);
}

/** The month a year opens on: its latest month in the current year, otherwise its earliest. */
export function defaultMonth(months: readonly MonthSummary[], year: number, currentYear: number): number | null {
  const list = monthsOf(months, year).map((m) => m.month);
  if (!list.length) return null;
  return year === currentYear ? Math.max(...list) : Math.min(...list);
}

/** The latest year, opened on its default month; nothing without flights. */
export function defaultPeriod(months: readonly MonthSummary[], currentYear: number): Period {
  const year = yearsOf(months)[0];
  if (year === undefined) return { year: null, month: null };
  return { year, month: defaultMonth(months, year, currentYear) };
}

const isNumeric = (value: string) => /^\s*\d+\s*$/.test(value);

/**
 * The period selected by the query parameters: year alone opens its default month, a month outside
 * 1-12 or without flights falls back to the year's default, an unknown year to the overall default,
 * 'all' selects all years or the whole year.
 */
export function resolvePeriod(months: readonly MonthSummary[], params: { year: string | null; month: string | null }, currentYear: number): ResolvedPeriod {
  const fallback = { ...defaultPeriod(months, currentYear), invalid: false };
  const { year: y, month: m } = params;
  if (y === null || y === '') return fallback;
  if (y === ALL) return { year: null, month: null, invalid: false };
  if (!isNumeric(y) || (m !== null && m !== '' && m !== ALL && !isNumeric(m))) return { ...fallback, invalid: true };
  const year = Number(y);
  if (!yearsOf(months).includes(year)) return fallback;
  if (m === ALL) return { year, month: null, invalid: false };
  const month = m === null || m === '' ? NaN : Number(m);
  const known = month >= 1 && month <= 12 && months.some((s) => s.year === year && s.month === month);
  return { year, month: known ? month : defaultMonth(months, year, currentYear), invalid: false };
}

/** The query parameters of a period, as the address shows them. */
export function periodParams({ year, month }: Period): Record<string, string> {
  if (year === null) return { year: ALL };
  return { year: String(year), month: month === null ? ALL : String(month) };
}

export const samePeriod = (a: Period, b: Period) => a.year === b.year && a.month === b.month;

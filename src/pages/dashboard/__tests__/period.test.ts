import type { MonthSummary } from '../../../../contract/flights';
import { defaultPeriod, monthsOf, periodParams, resolvePeriod, yearsOf } from '../period';

const m = (year: number, month: number, count = 1): MonthSummary => ({ year, month, count, firstDay: `${year}-${String(month).padStart(2, '0')}-01` });
const months = [m(2026, 3), m(2026, 7), m(2025, 5), m(2025, 9), m(2023, 8)];
const resolve = (year: string | null, month: string | null = null, current = 2026) => resolvePeriod(months, { year, month }, current);

describe('period', () => {
  it('lists years newest first and months ascending', () => {
    expect(yearsOf(months)).toEqual([2026, 2025, 2023]);
    expect(monthsOf(months, 2025).map((x) => x.month)).toEqual([5, 9]);
    expect(monthsOf(months, null).map((x) => `${x.year}-${x.month}`)).toEqual(['2026-3', '2026-7', '2025-5', '2025-9', '2023-8']);
  });

  it('defaults to the latest year: its latest month in the current year, else its earliest', () => {
    expect(defaultPeriod(months, 2026)).toEqual({ year: 2026, month: 7 });
    expect(defaultPeriod(months, 2027)).toEqual({ year: 2026, month: 3 });
    expect(defaultPeriod([], 2026)).toEqual({ year: null, month: null });
    expect(resolve(null)).toEqual({ year: 2026, month: 7, invalid: false });
  });

  it('opens a year alone on its default month', () => {
    expect(resolve('2025')).toEqual({ year: 2025, month: 5, invalid: false });
    expect(resolve('2026')).toEqual({ year: 2026, month: 7, invalid: false });
  });

  it('uses a known month, and the year default for a month outside 1-12 or without flights', () => {
    expect(resolve('2025', '9')).toEqual({ year: 2025, month: 9, invalid: false });
    expect(resolve('2025', '13')).toEqual({ year: 2025, month: 5, invalid: false });
    expect(resolve('2025', '0')).toEqual({ year: 2025, month: 5, invalid: false });
    expect(resolve('2025', '6')).toEqual({ year: 2025, month: 5, invalid: false });
  });

  it('falls back to the default for an unknown year', () => {
    expect(resolve('2019', '5')).toEqual({ year: 2026, month: 7, invalid: false });
  });

  it('flags values that are not numbers', () => {
    expect(resolve('20x5')).toEqual({ year: 2026, month: 7, invalid: true });
    expect(resolve('2025', 'may')).toEqual({ year: 2026, month: 7, invalid: true });
  });

  it('reads and writes all years and whole years', () => {
    expect(resolve('all')).toEqual({ year: null, month: null, invalid: false });
    expect(resolve('2025', 'all')).toEqual({ year: 2025, month: null, invalid: false });
    expect(periodParams({ year: null, month: null })).toEqual({ year: 'all' });
    expect(periodParams({ year: 2025, month: null })).toEqual({ year: '2025', month: 'all' });
    expect(periodParams({ year: 2025, month: 5 })).toEqual({ year: '2025', month: '5' });
  });
});

import { checkState, wholeMonthsBetween } from '../src/gliders/check-due';
import { gliderKey } from '../src/gliders/link-glider';

describe('glider check and name rules', () => {
  it('counts whole months, not a month begun', () => {
    expect(wholeMonthsBetween('2024-01-31', '2024-02-29')).toBe(0);
    expect(wholeMonthsBetween('2024-01-15', '2024-02-15')).toBe(1);
    expect(wholeMonthsBetween('2022-03-10', '2024-03-09')).toBe(23);
    expect(wholeMonthsBetween('2024-05-01', '2024-04-01')).toBe(0);
  });

  it('is due by months or by hours, whichever comes first', () => {
    const base = { lastCheck: '2023-01-01', inUseFrom: null, firstFlown: null, checkIntervalMonths: 24, checkIntervalHours: 100, secondsSinceCheck: 0 };
    expect(checkState(base, '2024-12-31')).toEqual({ monthsSinceCheck: 23, checkDue: false });
    expect(checkState(base, '2025-01-01')).toEqual({ monthsSinceCheck: 24, checkDue: true });
    expect(checkState({ ...base, secondsSinceCheck: 100 * 3600 }, '2023-06-01').checkDue).toBe(true);
    expect(checkState({ ...base, secondsSinceCheck: 100 * 3600 - 1 }, '2023-06-01').checkDue).toBe(false);
    expect(checkState({ ...base, checkIntervalMonths: null, checkIntervalHours: null, secondsSinceCheck: 1e9 }, '2030-01-01').checkDue).toBe(false);
  });

  it('without a check counts from in use from, else the first flight, else never by months', () => {
    const noCheck = { lastCheck: null, inUseFrom: null, firstFlown: null, checkIntervalMonths: 12, checkIntervalHours: null, secondsSinceCheck: 0 };
    expect(checkState(noCheck, '2030-01-01')).toEqual({ monthsSinceCheck: null, checkDue: false });
    expect(checkState({ ...noCheck, firstFlown: '2024-01-01' }, '2025-01-01').checkDue).toBe(true);
    expect(checkState({ ...noCheck, inUseFrom: '2024-06-01', firstFlown: '2023-01-01' }, '2025-01-01').checkDue).toBe(false);
  });

  it('compares glider names without case, accents, spaces or punctuation', () => {
    expect(gliderKey('OZONE  Rush-6 (MS)')).toBe('ozonerush6ms');
    expect(gliderKey('Niviuk Ikuma 2')).toBe(gliderKey('niviuk IKUMA-2'));
    expect(gliderKey('Sup’Air Évo')).toBe('supairevo');
  });
});

import { checkState, wholeMonthsBetween } from '../src/gliders/check-due';
import { chooseGlider, gliderKey } from '../src/gliders/link-glider';

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

describe('which wing a flight is linked to', () => {
  const wing = (id: number, manufacturer: string, model: string, size: string | null = null, more: object = {}) => ({ id, manufacturer, model, size, inUseFrom: null, inUseUntil: null, isDefault: 0, ...more });
  const wings = [
    wing(1, 'Airdesign', 'Volt 4'),
    wing(2, 'Ozone', 'Enzo 3', 'S'),
    wing(3, 'NOVA Performance Paragliders', 'Mentor 7'),
    wing(4, 'Skywalk', 'Mint', null, { isDefault: 1, inUseFrom: '2024-01-01' }),
    wing(5, 'Gin', 'Bolero 7', null, { inUseUntil: '2021-12-31' }),
    wing(6, 'Gin', 'Bolero 7', null, { inUseFrom: '2022-01-01' }),
  ];

  it('reads the maker in any spelling and a size the recorder appends', () => {
    expect(chooseGlider(wings, 'AIRDESIGN Volt 4', '2024-05-01')).toBe(1);
    expect(chooseGlider(wings, 'Air Design Volt-4 ML', '2024-05-01')).toBe(1);
    expect(chooseGlider(wings, 'enzo3', null)).toBe(2);
    expect(chooseGlider(wings, 'Ozone Enzo 3 S', null)).toBe(2);
    expect(chooseGlider(wings, 'Nova Mentor 7', null)).toBe(3);
  });

  it('does not take another size of a sized wing, nor another maker', () => {
    expect(chooseGlider(wings, 'Ozone Enzo 3 M', null)).toBeNull();
    expect(chooseGlider(wings, 'Advance Volt 4', null)).toBeNull();
  });

  it('gives the default wing only flights that name no wing, on days it was in use', () => {
    expect(chooseGlider(wings, 'Advance Iota', '2024-05-01')).toBeNull();
    expect(chooseGlider(wings, '', '2024-05-01')).toBe(4);
    expect(chooseGlider(wings, 'Paraglider', '2024-05-01')).toBe(4);
    expect(chooseGlider(wings, null, '2023-05-01')).toBeNull();
  });

  it('picks, of two wings with the same name, the one in use that day', () => {
    expect(chooseGlider(wings, 'GIN Bolero 7', '2020-06-01')).toBe(5);
    expect(chooseGlider(wings, 'GIN Bolero 7', '2023-06-01')).toBe(6);
  });
});

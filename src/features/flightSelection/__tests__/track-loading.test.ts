import { preloadOrder, startsLowRes } from '../track-loading';

const f = (id: number, startTime: string | null, flightTime: number | null, status = 'Completed') => ({ id, startTime, flightTime, status });

describe('track loading rules', () => {
  it('starts with the low-resolution track only over 3 hours', () => {
    expect(startsLowRes(3 * 3600)).toBe(false);
    expect(startsLowRes(3 * 3600 + 1)).toBe(true);
    expect(startsLowRes(null)).toBe(false);
  });

  it('preloads completed flights, newest start first, then longest', () => {
    const order = preloadOrder([
      f(1, '2024-05-01T10:00:00Z', 3600),
      f(2, '2024-06-01T10:00:00Z', 1200),
      f(3, '2024-06-01T10:00:00Z', 7200),
      f(4, '2024-07-01T10:00:00Z', 9000, 'Processing'),
      f(5, '2024-04-01T10:00:00Z', 100, 'Failed'),
    ]);
    expect(order.map((x) => x.id)).toEqual([3, 2, 1]);
  });
});

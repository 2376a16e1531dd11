import { statCards } from '../stat-cards';

describe('flight page stat cards', () => {
  it('formats the eight values as docs/product.md says', () => {
    const cards = statCards({ flightTime: 5_430, xcDistance: 42.36, groundDistance: 55.04, xcSpeed: 28.06, maxHeight: 2750.6, startHeight: 1602.4, maxLift: 4.56, maxSink: -3.44 });
    expect(cards.map((c) => c.value)).toEqual(['1:30', '42.4 km', '55.0 km', '28.1 km/h', '2751 m', '1602 m', '4.6 m/s', '-3.4 m/s']);
    expect(cards.map((c) => c.label.message)).toEqual(['Flight Time', 'XC Distance', 'Ground Distance', 'XC Speed', 'Max Height', 'Start Height', 'Max Lift', 'Max Sink']);
  });

  it('shows zero with the unit for empty values', () => {
    expect(statCards({}).map((c) => c.value)).toEqual(['0:00', '0.0 km', '0.0 km', '0.0 km/h', '0 m', '0 m', '0.0 m/s', '0.0 m/s']);
  });
});

import { fireEvent, screen } from '@testing-library/react';
import type { TrackPoint } from '../../../../contract/uploads';
import { renderWithProviders } from '../../../testing/render';
import { HeightGraph } from '../HeightGraph';

const start = Date.UTC(2024, 6, 14, 9, 0, 0);
const track: TrackPoint[] = Array.from({ length: 11 }, (_, i) => ({ latitude: 46 + i / 100, longitude: 8, baroAltitude: 1000 + i * 100, gpsAltitude: 1010 + i * 100, timestamp: start + i * 60_000 }));

describe('HeightGraph', () => {
  it('says so when there is no height data', () => {
    renderWithProviders(<HeightGraph points={[]} width={600} />);
    expect(screen.getByText('No height data available')).toBeInTheDocument();
  });

  it('says so when no point has an altitude or a time', () => {
    renderWithProviders(<HeightGraph points={[{ latitude: 1, longitude: 1 }]} width={600} />);
    expect(screen.getByText('No height data available')).toBeInTheDocument();
  });

  it('draws baro solid green and GPS dashed blue with a legend and the altitude axis', () => {
    renderWithProviders(<HeightGraph points={track} width={600} />);
    const baro = screen.getByTestId('baro-line');
    const gps = screen.getByTestId('gps-line');
    expect(baro.getAttribute('stroke')).toBe('#2e9d3a');
    expect(baro.getAttribute('stroke-dasharray')).toBeNull();
    expect(gps.getAttribute('stroke')).toBe('#2f6fd6');
    expect(gps.getAttribute('stroke-dasharray')).toBeTruthy();
    expect(screen.getByText('Baro')).toBeInTheDocument();
    expect(screen.getByText('GPS')).toBeInTheDocument();
    expect(screen.getByText('Altitude (m)')).toBeInTheDocument();
  });

  it('writes altitudes on the axis without a thousands separator, which would read as a decimal in German', () => {
    renderWithProviders(<HeightGraph points={track} width={600} />);
    expect(screen.getByText('1200')).toBeInTheDocument();
    expect(screen.queryByText('1,200')).not.toBeInTheDocument();
  });

  it("draws the flight on its own range: 1,210 m to 1,790 m fills the chart, not 1,000-2,000 m", () => {
    const climb = track.map((p, i) => ({ ...p, baroAltitude: 1210 + i * 58, gpsAltitude: 1210 + i * 58 }));
    renderWithProviders(<HeightGraph points={climb} width={600} />);
    const ticks = Array.from(document.querySelectorAll('.visx-axis-left .visx-axis-tick')).map((t) => t.textContent);
    expect(ticks).toEqual(['1200', '1300', '1400', '1500', '1600', '1700', '1800']);
    // The line climbs over nearly the whole drawing height (210 px), not over half of it.
    const ys = (screen.getByTestId('baro-line').getAttribute('d') ?? '').split(/[ML]/).filter(Boolean).map((pair) => Number(pair.split(',')[1]));
    expect(Math.max(...ys) - Math.min(...ys)).toBeGreaterThan(0.85 * 210);
  });

  it('counts the axis and the tooltip in feet for a pilot who flies in feet (docs/units.md)', () => {
    const pilot = { id: 1, email: 'p@example.com', username: 'p', displayName: null, role: 'User', preferredLanguage: 'en', emailVerified: true, authProvider: 'local', units: { altitude: 'ft', distance: 'mi', speed: 'mph', climb: 'fpm' } as const };
    renderWithProviders(<HeightGraph points={track} width={600} />, { preloadedState: { auth: { user: pilot, status: 'signedIn' } } });
    expect(screen.getByText('Altitude (ft)')).toBeInTheDocument();
    // 1000 m to 2010 m is about 3281 ft to 6594 ft: the ticks are round feet.
    const ticks = Array.from(document.querySelectorAll('.visx-axis-left .visx-axis-tick')).map((t) => Number(t.textContent));
    expect(ticks[0]).toBeGreaterThanOrEqual(3000);
    expect(ticks.at(-1)).toBeLessThanOrEqual(7000);
    expect(ticks.every((tick) => tick % 500 === 0)).toBe(true);
    fireEvent.mouseMove(screen.getByTestId('height-graph-hover-area'), { clientX: 62 + 261, clientY: 50 });
    expect(screen.getByRole('tooltip')).toHaveTextContent('Baro: 4921 ft');
  });

  it('leaves out a line whose values are all 0', () => {
    renderWithProviders(<HeightGraph points={track.map(({ baroAltitude: _b, ...p }) => p)} width={600} />);
    expect(screen.queryByTestId('baro-line')).not.toBeInTheDocument();
    expect(screen.queryByText('Baro')).not.toBeInTheDocument();
    expect(screen.getByTestId('gps-line')).toBeInTheDocument();
  });

  it('shows the hovered point with a red dashed line and reports its index, then null on leave', () => {
    const onHover = jest.fn();
    renderWithProviders(<HeightGraph points={track} timeZone="Europe/Zurich" onHover={onHover} width={600} />);
    const area = screen.getByTestId('height-graph-hover-area');
    // The plot starts 62 px in and is 522 px wide: the middle is point 5.
    fireEvent.mouseMove(area, { clientX: 62 + 261, clientY: 50 });
    expect(onHover).toHaveBeenLastCalledWith(5);
    const tooltip = screen.getByRole('tooltip');
    expect(tooltip).toHaveTextContent(/Baro.*1500.*m/);
    expect(tooltip).toHaveTextContent(/GPS.*1510.*m/);
    expect(tooltip).toHaveTextContent('11:05:00');
    expect(screen.getByTestId('hover-line').getAttribute('stroke')).toBe('#e02020');
    expect(screen.getByTestId('hover-line').getAttribute('stroke-dasharray')).toBeTruthy();
    fireEvent.mouseLeave(area);
    expect(onHover).toHaveBeenLastCalledWith(null);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('names points without timestamps Point N', () => {
    renderWithProviders(<HeightGraph points={track.map(({ timestamp: _t, ...p }) => p)} width={600} />);
    fireEvent.mouseMove(screen.getByTestId('height-graph-hover-area'), { clientX: 62, clientY: 50 });
    expect(screen.getByRole('tooltip')).toHaveTextContent(/Point.*1/);
  });
});

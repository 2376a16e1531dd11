import { screen, within } from '@testing-library/react';
import type { FlightPhases } from '../../../../contract/phases';
import { renderWithProviders } from '../../../testing/render';
import { UnitsContext } from '../../units';
import { PhasesSection } from '../PhasesSection';

const T0 = Date.parse('2025-07-14T08:05:00.000Z');
const iso = (s: number) => new Date(T0 + s * 1000).toISOString();
const glide = (start: number, altitudeLoss: number, glideRatio: number | null) => ({
  startTime: iso(start),
  endTime: iso(start + 300),
  startIndex: start,
  endIndex: start + 300,
  distance: 4,
  averageSpeed: 40,
  altitudeLoss,
  glideRatio,
});
const phases: FlightPhases = {
  thermals: [],
  glides: [glide(0, 400, 10), glide(300, -121, null), glide(600, 40, 101)],
  summary: { circlingShare: 0, thermalCount: 0, averageThermalClimb: null, bestThermalClimb: null, glideRatio: 9.5 },
};

describe('glide table', () => {
  it('shows a stretch that gained height as level, and no implausible ratio, with the reason', () => {
    renderWithProviders(
      <UnitsContext.Provider value={{ altitude: 'ft', distance: 'mi', speed: 'mph', climb: 'fpm' }}>
        <PhasesSection phases={phases} loading={false} error={null} timeZone="UTC" highlightedTime={null} onHighlight={() => undefined} />
      </UnitsContext.Provider>,
    );
    const rows = within(screen.getByTestId('glide-table')).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    const cells = rows.map((row) => within(row).getAllByRole('cell').map((c) => c.textContent));
    expect(cells[0]).toEqual(expect.arrayContaining(['1312 ft', '10.0 : 1']));
    expect(cells[1]!.join(' ')).not.toMatch(/−|-\d/);
    expect(cells[1]).toContain('level');
    expect(within(rows[1]!).getByTitle('No height was lost on this stretch, so it has no glide ratio.')).toBeInTheDocument();
    expect(cells[2]!.join(' ')).not.toContain('101');
    expect(within(rows[2]!).getByTitle(/Too little height was lost on this stretch/)).toBeInTheDocument();
  });
});

describe('glide summary', () => {
  const render = (glideRatio: number) =>
    renderWithProviders(<PhasesSection phases={{ ...phases, summary: { ...phases.summary, glideRatio } }} loading={false} error={null} timeZone="UTC" highlightedTime={null} onHighlight={() => undefined} />);
  const summaryRatio = () => screen.getByText('Glide ratio', { selector: 'dt' }).nextElementSibling!;

  it('shows the flight’s glide ratio when it is plausible', () => {
    render(9.5);
    expect(summaryRatio()).toHaveTextContent('9.5 : 1');
  });

  it('shows "—" with the reason instead of a ratio past the plausible limit, as the table does', () => {
    render(201.6);
    expect(summaryRatio()).not.toHaveTextContent('201');
    expect(within(summaryRatio() as HTMLElement).getByTitle(/Too little height was lost on this flight’s glides/)).toBeInTheDocument();
  });
});

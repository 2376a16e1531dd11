import { screen } from '@testing-library/react';
import type { Site } from '../../../../contract/sites';
import { renderWithProviders } from '../../../testing/render';
import { useSiteLabels } from '../useSiteLabels';

const site = (id: number, name: string, latitude: number, flightCount: number, landingCount: number): Site => ({
  id, name, latitude, longitude: 7.99, named: false, flightCount, landingCount, totalSeconds: 0, lastVisit: null, timeZone: 'Europe/Zurich',
});

function Labels({ sites }: { sites: Site[] }) {
  const label = useSiteLabels(sites);
  return (
    <select aria-label="Site">
      {sites.map((s) => (
        <option key={s.id}>{label(s)}</option>
      ))}
    </select>
  );
}

describe('site labels where a site is chosen', () => {
  it('tells sites of the same town apart and leaves a unique name as it is', () => {
    renderWithProviders(<Labels sites={[site(1, 'Naters', 46.331, 12, 0), site(2, 'naters', 46.322, 0, 1), site(3, 'Naters', 46.35, 2, 3), site(4, 'Fiesch', 46.4, 5, 0)]} />);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Naters (launch, 12 flights, 46.331, 7.990)',
      'naters (landing, 1 flight, 46.322, 7.990)',
      'Naters (launch and landing, 5 flights, 46.350, 7.990)',
      'Fiesch',
    ]);
  });
});

import { screen } from '@testing-library/react';
import type { Site } from '../../../../contract/sites';
import { renderWithProviders } from '../../../testing/render';
import { useSiteLabels } from '../useSiteLabels';

const site = (id: number, name: string, latitude: number, flightCount: number, landingCount: number, longitude = 7.99): Site => ({
  id, name, latitude, longitude, named: false, flightCount, landingCount, totalSeconds: 0, lastVisit: null, timeZone: 'Europe/Zurich',
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
      'Naters (launch)',
      'naters (landing)',
      'Naters (launch and landing)',
      'Fiesch',
    ]);
  });

  it('says where a site lies among its namesakes when what it is does not tell them apart', () => {
    renderWithProviders(<Labels sites={[site(1, 'Frutigen', 46.6, 3, 0, 7.61), site(2, 'Frutigen', 46.57, 4, 0, 7.62), site(3, 'Frutigen', 46.58, 0, 2, 7.66)]} />);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Frutigen (north launch)', 'Frutigen (south launch)', 'Frutigen (landing)']);
  });

  it('falls back to flights and position when neither what nor where tells them apart', () => {
    renderWithProviders(<Labels sites={[site(1, 'Naters', 46.331, 12, 0), site(2, 'Naters', 46.331, 3, 0), site(3, 'Naters', 46.332, 1, 0, 8.1)]} />);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Naters (launch, 12 flights, 46.331, 7.990)',
      'Naters (launch, 3 flights, 46.331, 7.990)',
      'Naters (east launch)',
    ]);
  });
});

import { screen } from '@testing-library/react';
import { mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { DueGearCard } from '../DueGearCard';

afterEach(() => jest.restoreAllMocks());

describe('Due gear card', () => {
  it('lists the checks due, overdue first, in words, with a link to the gear', async () => {
    mockApi({
      'GET /api/gear/due': {
        body: [
          { checkId: 1, checkName: 'Repack', gearName: 'Companion SQR 120', gearKind: 'reserve', state: 'overdue', dueOn: '2024-07-10', secondsLeft: null },
          { checkId: 2, checkName: 'Line check', gearName: 'Ozone Swift 6', gearKind: 'wing', state: 'soon', dueOn: null, secondsLeft: 5400 },
        ],
      },
    });
    renderWithProviders(<DueGearCard />);
    const card = await screen.findByRole('region', { name: 'Gear checks due' });
    const items = card.querySelectorAll('li');
    expect(items[0]).toHaveTextContent('OverdueCompanion SQR 120: Repackdue on Jul 10, 2024');
    expect(items[1]).toHaveTextContent('Due soonOzone Swift 6: Line check1:30 h of flying left');
    expect(screen.getByRole('link', { name: 'Open your gear' })).toHaveAttribute('href', '/gear');
  });

  it('shows nothing when nothing is due', async () => {
    const { calls } = mockApi({ 'GET /api/gear/due': { body: [] } });
    const { container } = renderWithProviders(<DueGearCard />);
    await screen.findByText((_, el) => el === container || false).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toHaveLength(1);
    expect(container).toBeEmptyDOMElement();
  });
});

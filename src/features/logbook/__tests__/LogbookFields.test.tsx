import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { flight } from '../../../testing/flight-fixtures';
import { mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { LogbookFields } from '../LogbookFields';

afterEach(() => jest.restoreAllMocks());

const gliders = [{ id: 3, name: 'Ozone Rush 6 MS' }, { id: 4, name: 'Gin Bolero 7 S' }];
const sites = [
  { id: 1, name: 'Interlaken', latitude: 46.68, longitude: 7.86 },
  { id: 2, name: 'Amisbühl', latitude: 46.7, longitude: 7.9 },
];
const patches = (calls: { method: string; path: string; body: unknown }[]) => calls.filter((c) => c.method === 'PATCH').map((c) => c.body);

function setup() {
  const api = mockApi({
    'GET /api/gliders': { body: gliders },
    'GET /api/sites': { body: sites },
    'PATCH /api/FlightDetail/7': ({ body }) => ({ body: flight({ id: 7, ...(body as object) }) }),
    'POST /api/sites': ({ body }) => ({ status: 201, body: { id: 9, ...(body as object) } }),
  });
  renderWithProviders(<LogbookFields flight={flight({ id: 7, gliderType: 'OZONE RUSH6', siteId: 1, siteName: 'Interlaken' })} takeoff={{ latitude: 46.123456, longitude: 7.654321 }} />);
  return api;
}

describe('Logbook fields of a flight', () => {
  it('links the flight to a wing, or to none, keeping the IGC type in view', async () => {
    const { calls } = setup();
    const picker = screen.getByLabelText('Glider');
    expect(within(picker).getByRole('option', { name: 'No wing linked (IGC: OZONE RUSH6)' })).toBeInTheDocument();
    await screen.findByRole('option', { name: 'Gin Bolero 7 S' });
    await userEvent.selectOptions(picker, 'Gin Bolero 7 S');
    await waitFor(() => expect(patches(calls)).toEqual([{ gliderId: 4 }]));
  });

  it('moves the launch to another site', async () => {
    const { calls } = setup();
    await screen.findAllByRole('option', { name: 'Amisbühl' });
    await userEvent.selectOptions(screen.getByLabelText('Launch site'), 'Amisbühl');
    await waitFor(() => expect(patches(calls)).toEqual([{ siteId: 2 }]));
  });

  it('creates a new site at the takeoff and moves the flight there', async () => {
    const { calls } = setup();
    await screen.findAllByRole('option', { name: 'Amisbühl' });
    await userEvent.selectOptions(screen.getByLabelText('Launch site'), 'New site…');
    const group = screen.getByRole('group', { name: 'New site' });
    expect(within(group).getByLabelText('Latitude')).toHaveValue('46.12346');
    expect(within(group).getByLabelText('Longitude')).toHaveValue('7.65432');
    await userEvent.click(within(group).getByRole('button', { name: 'Create site and move the flight' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Site name is required.');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await userEvent.type(within(group).getByLabelText('Site name'), 'Hohwald');
    await userEvent.click(within(group).getByRole('button', { name: 'Create site and move the flight' }));
    await waitFor(() => expect(patches(calls)).toEqual([{ siteId: 9 }]));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Hohwald', latitude: 46.12346, longitude: 7.65432 });
  });
});

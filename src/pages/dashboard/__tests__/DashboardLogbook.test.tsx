import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import type { MonthSummary } from '../../../../contract/flights';
import { createFlightMap } from '../../../components/map/flight-map';
import { flight } from '../../../testing/flight-fixtures';
import { mockApi, type MockAnswer, type RecordedCall } from '../../../testing/mock-api';
import { renderRoutes } from '../../../testing/render';
import DashboardPage from '../DashboardPage';
import { mockMapController } from '../../../testing/map-controller';

jest.mock('../../../components/map/flight-map', () => ({ createFlightMap: jest.fn() }));
const controller = mockMapController();
(createFlightMap as jest.Mock).mockImplementation(() => controller);

const m = (year: number, month: number, count = 1): MonthSummary => ({ year, month, count, firstDay: `${year}-${String(month).padStart(2, '0')}-01` });

function Search() {
  return <output data-testid="search">{useLocation().search}</output>;
}

function renderDashboard(route: string, routes: Record<string, MockAnswer>) {
  const api = mockApi({
    'GET /api/config': { body: { devLogin: false, googleLogin: false, tiles: { street: 's', topo: 't', satellite: 'x' } } },
    'GET /api/FlightDetail/marked/count': { body: { count: 0 } },
    'GET /api/uploadtasks': { body: [] },
    'GET /api/gliders': { body: [] },
    'GET /api/sites': { body: [{ id: 1, name: 'Interlaken', latitude: 46.68, longitude: 7.86, timeZone: 'Europe/Zurich' }] },
    ...routes,
  });
  const { store } = renderRoutes([{ path: '/dashboard', element: <><DashboardPage /><Search /></> }], { initialEntries: [route] });
  return { ...api, store };
}

const search = () => screen.getByTestId('search').textContent;
const calls = (list: RecordedCall[], path: string) => list.filter((c) => c.path === path);
const flightRows = () => screen.getAllByRole('row').filter((r) => r.hasAttribute('data-flight-id'));

afterEach(() => jest.restoreAllMocks());

describe('Dashboard logbook', () => {
  it('searches all years, keeps the words in the address, and clearing returns to the month', async () => {
    const api = renderDashboard('/dashboard?year=2024&month=3', {
      'GET /api/FlightDetail/months': { body: [m(2024, 3), m(2023, 6)] },
      'GET /api/FlightDetail/byMonth': { body: [flight({ id: 1 }), flight({ id: 2 })] },
      'GET /api/FlightDetail': ({ query }) => ({ body: query.get('q') === 'thermik' ? [flight({ id: 5, notes: 'Thermik bis 3000' })] : [] }),
    });
    await waitFor(() => expect(flightRows()).toHaveLength(2));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search notes, sites and gliders' }), 'thermik');
    await waitFor(() => expect(search()).toBe('?year=2024&month=3&q=thermik'));
    await waitFor(() => expect(flightRows()).toHaveLength(1));
    expect(screen.getByText('1 flight in all years matches “thermik”. Clear the search to return to the chosen month.')).toBeInTheDocument();
    expect(calls(api.calls, '/api/FlightDetail').at(-1)!.query.get('q')).toBe('thermik');
    await userEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(search()).toBe('?year=2024&month=3'));
    await waitFor(() => expect(flightRows()).toHaveLength(2));
  });

  it('opens a search from the address', async () => {
    renderDashboard('/dashboard?year=2024&month=3&q=Rush', {
      'GET /api/FlightDetail/months': { body: [m(2024, 3)] },
      'GET /api/FlightDetail': { body: [flight({ id: 5 }), flight({ id: 6 })] },
    });
    expect(await screen.findByText('2 flights in all years match “Rush”. Clear the search to return to the chosen month.')).toBeInTheDocument();
    expect(screen.getByRole('searchbox')).toHaveValue('Rush');
    expect(search()).toBe('?year=2024&month=3&q=Rush');
  });

  it('adds a flight without a track and shows it selected in its month, saying it has no track', async () => {
    let added = false;
    const manual = flight({ id: 40, source: 'manual', startTime: '2023-06-03T09:00:00.000Z', flightTime: 5400, siteId: 1, siteName: 'Interlaken', takeoffLocation: null, xcPoints: null, flightCode: null });
    const api = renderDashboard('/dashboard?year=2024&month=3', {
      'GET /api/FlightDetail/months': () => ({ body: added ? [m(2024, 3), m(2023, 6)] : [m(2024, 3)] }),
      'GET /api/FlightDetail/byMonth': ({ query }) => ({ body: query.get('month') === '6' ? [manual] : [flight({ id: 1 })] }),
      'POST /api/FlightDetail': () => {
        added = true;
        return { status: 201, body: manual };
      },
    });
    await waitFor(() => expect(flightRows()).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'Add flight without a track' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a flight without a track' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add flight' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose the launch site or add a new one.');
    await within(within(dialog).getByLabelText('Launch site')).findByRole('option', { name: 'Interlaken' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Launch site'), 'Interlaken');
    await userEvent.type(within(dialog).getByLabelText('Takeoff (local date and time)'), '2023-06-03T11:00');
    await userEvent.type(within(dialog).getByLabelText('Duration (h:mm)'), '1:30');
    await userEvent.type(within(dialog).getByLabelText('Notes'), 'Tandem with Eva');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add flight' }));
    await waitFor(() => expect(search()).toBe('?year=2023&month=6'));
    expect(calls(api.calls, '/api/FlightDetail').find((c) => c.method === 'POST')!.body).toEqual({ startTime: '2023-06-03T09:00:00.000Z', timeZone: 'Europe/Zurich', flightTime: 5400, siteId: 1, notes: 'Tandem with Eva' });
    await waitFor(() => expect(flightRows().map((r) => r.getAttribute('data-flight-id'))).toEqual(['40']));
    await waitFor(() => expect(api.store.getState().flightSelection.selectedFlightId).toBe(40));
    expect(await screen.findByTestId('no-track')).toHaveTextContent('No track recorded.');
    expect(screen.queryByRole('button', { name: 'Download IGC' })).not.toBeInTheDocument();
    expect(api.calls.some((c) => c.path.includes('/40/'))).toBe(false);
  });
});

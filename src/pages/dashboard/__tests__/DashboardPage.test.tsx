import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation, useNavigationType } from 'react-router-dom';
import type { MonthSummary } from '../../../../contract/flights';
import { createFlightMap } from '../../../components/map/flight-map';
import { mockApi, type MockAnswer, type RecordedCall } from '../../../testing/mock-api';
import { renderRoutes } from '../../../testing/render';
import DashboardPage from '../DashboardPage';
import { flight } from '../../../testing/flight-fixtures';
import { mockMapController } from '../../../testing/map-controller';
import { TASK_POLL_MS } from '../../../features/upload/upload-rules';

jest.mock('../../../components/map/flight-map', () => ({ createFlightMap: jest.fn() }));
const controller = mockMapController();
(createFlightMap as jest.Mock).mockImplementation(() => controller);

const THIS_YEAR = new Date().getFullYear();
const m = (year: number, month: number, count = 1): MonthSummary => ({ year, month, count, firstDay: `${year}-${String(month).padStart(2, '0')}-01` });
const track = (n: number) => [{ type: 'flight', id: 'flight', geometry: { type: 'LineString', points: Array.from({ length: n }, (_, i) => ({ latitude: 46 + i / 1000, longitude: 8, baroAltitude: 1000 + i, timestamp: 1_700_000_000_000 + i * 1000 })) } }];

function Probe() {
  const location = useLocation();
  return (
    <output data-testid="location">
      {useNavigationType()} {location.search}
    </output>
  );
}

function renderDashboard(route: string, routes: Record<string, MockAnswer>) {
  const api = mockApi({ 'GET /api/config': { body: { devLogin: false, googleLogin: false, tiles: { street: 's', topo: 't', satellite: 'x' } } }, 'GET /api/FlightDetail/marked/count': { body: { count: 0 } }, 'GET /api/uploadtasks': { body: [] }, ...routes });
  const { store, router } = renderRoutes(
    [
      {
        path: '/dashboard',
        element: (
          <>
            <DashboardPage />
            <Probe />
          </>
        ),
      },
      { path: '/flight/:id', element: <p>flight page</p> },
    ],
    { initialEntries: [route] },
  );
  return { ...api, store, router };
}

const location = () => screen.getByTestId('location').textContent;
const calls = (list: RecordedCall[], path: string) => list.filter((c) => c.path === path);
const flightRows = () => screen.getAllByRole('row').filter((r) => r.hasAttribute('data-flight-id'));

afterEach(() => {
  jest.restoreAllMocks();
  jest.useRealTimers();
});

describe('Dashboard overview', () => {
  const months = [m(2024, 3), m(2024, 8, 2), m(2023, 6)];

  it('opens the latest year on its earliest month (a past year), replacing the address', async () => {
    const api = renderDashboard('/dashboard', { 'GET /api/FlightDetail/months': { body: months }, 'GET /api/FlightDetail/byMonth': { body: [flight({ id: 7 })] } });
    expect(screen.getByRole('heading', { level: 1, name: 'Overview' })).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('REPLACE ?year=2024&month=3'));
    await screen.findByRole('cell', { name: '1:30' });
    const byMonth = calls(api.calls, '/api/FlightDetail/byMonth');
    expect(byMonth.at(-1)!.query.get('year')).toBe('2024');
    expect(byMonth.at(-1)!.query.get('month')).toBe('3');
    expect(screen.getByText('Select a flight to view its path')).toBeInTheDocument();
  });

  it('opens the current year on its latest month', async () => {
    renderDashboard('/dashboard', { 'GET /api/FlightDetail/months': { body: [m(THIS_YEAR, 2), m(THIS_YEAR, 5), m(THIS_YEAR - 1, 9)] }, 'GET /api/FlightDetail/byMonth': { body: [] } });
    await waitFor(() => expect(location()).toBe(`REPLACE ?year=${THIS_YEAR}&month=5`));
    expect(await screen.findByText('No flights in this period. Upload IGC files to add some.')).toBeInTheDocument();
  });

  it('keeps a month from the address, and a month outside 1-12 uses only the year', async () => {
    renderDashboard('/dashboard?year=2024&month=8', { 'GET /api/FlightDetail/months': { body: months }, 'GET /api/FlightDetail/byMonth': { body: [] } });
    await screen.findByRole('button', { name: /Aug/, pressed: true });
    expect(location()).toBe('POP ?year=2024&month=8');
  });

  it('falls back to the year default for month 13', async () => {
    renderDashboard('/dashboard?year=2024&month=13', { 'GET /api/FlightDetail/months': { body: months }, 'GET /api/FlightDetail/byMonth': { body: [] } });
    await waitFor(() => expect(location()).toBe('REPLACE ?year=2024&month=3'));
    expect(screen.queryByText('Invalid month or year values')).not.toBeInTheDocument();
  });

  it('says when the values are not numbers', async () => {
    renderDashboard('/dashboard?year=twenty&month=3', { 'GET /api/FlightDetail/months': { body: months }, 'GET /api/FlightDetail/byMonth': { body: [] } });
    expect(await screen.findByText('Invalid month or year values')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('REPLACE ?year=2024&month=3'));
  });

  it('pushes a history entry when the pilot picks a period, and loads it', async () => {
    const api = renderDashboard('/dashboard', {
      'GET /api/FlightDetail/months': { body: months },
      'GET /api/FlightDetail/byMonth': { body: [] },
      'GET /api/FlightDetail/byYear': { body: [flight({ id: 3 }), flight({ id: 4 })] },
      'GET /api/FlightDetail': { body: [flight({ id: 1 })] },
    });
    await waitFor(() => expect(location()).toBe('REPLACE ?year=2024&month=3'));
    await userEvent.click(screen.getByRole('button', { name: /Aug/ }));
    await waitFor(() => expect(location()).toBe('PUSH ?year=2024&month=8'));
    await userEvent.click(screen.getByRole('button', { name: 'Show All Months' }));
    await waitFor(() => expect(location()).toBe('PUSH ?year=2024&month=all'));
    await waitFor(() => expect(flightRows()).toHaveLength(2));
    expect(calls(api.calls, '/api/FlightDetail/byYear').at(-1)!.query.get('year')).toBe('2024');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Year' }), 'all');
    await waitFor(() => expect(location()).toBe('PUSH ?year=all'));
    await waitFor(() => expect(flightRows()).toHaveLength(1));
  });

  it('shows server validation messages in the list', async () => {
    renderDashboard('/dashboard?year=2024&month=3', { 'GET /api/FlightDetail/months': { body: months }, 'GET /api/FlightDetail/byMonth': { status: 400, body: { message: 'Year must be 1900 or later., Month must be between 1 and 12.' } } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Year must be 1900 or later., Month must be between 1 and 12.');
  });

  const three = [flight({ id: 11, startTime: '2024-03-20T10:00:00Z' }), flight({ id: 12, startTime: '2024-03-12T10:00:00Z', flightTime: 4 * 3600 }), flight({ id: 13, startTime: '2024-03-02T10:00:00Z', status: 'Failed' })];
  const featureAnswer: MockAnswer = ({ path, query }) => ({ body: path.includes('/12/') && query.get('lowRes') === 'true' ? track(10) : track(50) });

  it('moves the selection with the arrow keys, wrapping, but not while typing', async () => {
    const { store } = renderDashboard('/dashboard?year=2024&month=3', { 'GET /api/FlightDetail/months': { body: months }, 'GET /api/FlightDetail/byMonth': { body: three }, 'GET /api/FlightDetail/11/features': featureAnswer, 'GET /api/FlightDetail/12/features': featureAnswer });
    await waitFor(() => expect(flightRows()).toHaveLength(3));
    const selected = () => store.getState().flightSelection.selectedFlightId;
    await userEvent.keyboard('{ArrowDown}');
    expect(selected()).toBe(11);
    await userEvent.keyboard('{ArrowUp}');
    expect(selected()).toBe(13);
    await userEvent.keyboard('{ArrowDown}');
    expect(selected()).toBe(11);
    expect(flightRows()[0]).toHaveAttribute('aria-selected', 'true');
    screen.getByRole('combobox', { name: 'Review reason' }).focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(selected()).toBe(11);
  });

  it('shows the selected flight: date heading, details, its track fitted on the map', async () => {
    const api = renderDashboard('/dashboard?year=2024&month=3', { 'GET /api/FlightDetail/months': { body: months }, 'GET /api/FlightDetail/byMonth': { body: three }, 'GET /api/FlightDetail/11/features': featureAnswer });
    await waitFor(() => expect(flightRows()).toHaveLength(3));
    await userEvent.click(flightRows()[0]!);
    expect(screen.getByRole('heading', { level: 2, name: /Mar 20, 2024/ })).toBeInTheDocument();
    await waitFor(() => expect(controller.setFeatures).toHaveBeenLastCalledWith(track(50), 'od', true));
    expect(calls(api.calls, '/api/FlightDetail/11/features').map((c) => c.query.get('lowRes'))).toEqual(['false']);
    const details = screen.getByRole('region', { name: 'Selected flight' });
    expect(within(details).getByText('Interlaken')).toBeInTheDocument();
    expect(within(details).getAllByText('Not recorded')).toHaveLength(2); // landing, glider
    expect(within(details).getByText('42.36 km')).toBeInTheDocument();
    expect(within(details).getByText('2750 m')).toBeInTheDocument();
    expect(within(details).getByRole('link', { name: 'View details' })).toHaveAttribute('href', '/flight/11');
    expect(within(details).getByRole('heading', { name: 'Height Profile' })).toBeInTheDocument();
  });

  it('loads a flight over 3 hours in low resolution first, then the full track after 100 ms', async () => {
    const api = renderDashboard('/dashboard?year=2024&month=3', { 'GET /api/FlightDetail/months': { body: months }, 'GET /api/FlightDetail/byMonth': { body: three }, 'GET /api/FlightDetail/12/features': featureAnswer });
    await waitFor(() => expect(flightRows()).toHaveLength(3));
    await userEvent.click(flightRows()[1]!);
    await waitFor(() => expect(calls(api.calls, '/api/FlightDetail/12/features').map((c) => c.query.get('lowRes'))).toEqual(['true', 'false']));
    await waitFor(() => expect(controller.setFeatures).toHaveBeenLastCalledWith(track(50), 'od', false));
    expect(controller.setFeatures).toHaveBeenCalledWith(track(10), 'od', true);
  });

  it('shows Flight processing failed for a failed flight without asking for its track', async () => {
    const api = renderDashboard('/dashboard?year=2024&month=3', { 'GET /api/FlightDetail/months': { body: months }, 'GET /api/FlightDetail/byMonth': { body: three } });
    await waitFor(() => expect(flightRows()).toHaveLength(3));
    await userEvent.click(flightRows()[2]!);
    expect(await screen.findByText('Flight processing failed')).toBeInTheDocument();
    expect(api.calls.some((c) => c.path.includes('/13/features'))).toBe(false);
  });

  it('shows a path error on the map', async () => {
    renderDashboard('/dashboard?year=2024&month=3', { 'GET /api/FlightDetail/months': { body: months }, 'GET /api/FlightDetail/byMonth': { body: three }, 'GET /api/FlightDetail/11/features': { status: 500, body: { message: 'Track storage unavailable' } } });
    await waitFor(() => expect(flightRows()).toHaveLength(3));
    await userEvent.click(flightRows()[0]!);
    expect(await screen.findByText('Track storage unavailable')).toBeInTheDocument();
  });

  it('deletes after confirmation and selects the next flight', async () => {
    let listed = three;
    const api = renderDashboard('/dashboard?year=2024&month=3', {
      'GET /api/FlightDetail/months': { body: months },
      'GET /api/FlightDetail/byMonth': () => ({ body: listed }),
      'GET /api/FlightDetail/11/features': featureAnswer,
      'GET /api/FlightDetail/12/features': featureAnswer,
      'PUT /api/FlightDetail/11/removaldate': () => {
        listed = three.slice(1);
        return { body: { ...three[0], removalDate: new Date().toISOString(), removalReason: 2 } };
      },
    });
    await waitFor(() => expect(flightRows()).toHaveLength(3));
    await userEvent.click(flightRows()[0]!);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete flight' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls(api.calls, '/api/FlightDetail/11/removaldate')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    // The removal is dated when the pilot confirms: between the click and the list's update, however slow the machine.
    const confirmed = Date.now();
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Delete flight' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(flightRows()).toHaveLength(2));
    const put = calls(api.calls, '/api/FlightDetail/11/removaldate')[0]!;
    const removalDate = Date.parse((put.body as { removalDate: string }).removalDate);
    expect(removalDate).toBeGreaterThanOrEqual(confirmed);
    expect(removalDate).toBeLessThanOrEqual(Date.now());
    expect(flightRows()[0]).toHaveAttribute('aria-selected', 'true');
    expect(flightRows()[0]).toHaveAttribute('data-flight-id', '12');
    // Months and the marked count are asked for again.
    expect(calls(api.calls, '/api/FlightDetail/months').length).toBeGreaterThan(1);
    expect(calls(api.calls, '/api/FlightDetail/marked/count').length).toBeGreaterThan(1);
  });

  it('marks a flight for review only with a different reason', async () => {
    const api = renderDashboard('/dashboard?year=2024&month=3', {
      'GET /api/FlightDetail/months': { body: months },
      'GET /api/FlightDetail/byMonth': { body: three },
      'GET /api/FlightDetail/11/features': featureAnswer,
      'PUT /api/FlightDetail/11/removalreason': { body: { ...three[0], removalReason: 2 } },
    });
    await waitFor(() => expect(flightRows()).toHaveLength(3));
    await userEvent.click(flightRows()[0]!);
    const mark = screen.getByRole('button', { name: 'Mark for Review' });
    expect(mark).toBeDisabled();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Review reason' }), 'User Requested');
    expect(mark).toBeEnabled();
    await userEvent.click(mark);
    await waitFor(() => expect(calls(api.calls, '/api/FlightDetail/11/removalreason')).toHaveLength(1));
    expect(calls(api.calls, '/api/FlightDetail/11/removalreason')[0]!.body).toEqual({ removalReason: 2 });
  });

  it('filters marked flights and deletes them all, then leaves marked mode on the default period', async () => {
    let marked = 2;
    const api = renderDashboard('/dashboard?year=2023&month=6', {
      'GET /api/FlightDetail/months': { body: months },
      'GET /api/FlightDetail/byMonth': { body: [flight({ id: 1 })] },
      'GET /api/FlightDetail': ({ query }) => ({ body: query.get('markedOnly') === 'true' ? [flight({ id: 5, removalReason: 1 }), flight({ id: 6, removalReason: 5 })].slice(0, marked) : [] }),
      'GET /api/FlightDetail/marked/count': () => ({ body: { count: marked } }),
      'PUT /api/FlightDetail/marked/delete-all': () => {
        marked = 0;
        return { body: { message: '2 flights deleted.' } };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Marked for Review (2)' }));
    await waitFor(() => expect(flightRows()).toHaveLength(2));
    expect(screen.getByRole('combobox', { name: 'Year' })).toBeDisabled();
    expect(screen.queryByRole('group', { name: 'Months' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete All Marked' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Delete all marked flights' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls(api.calls, '/api/FlightDetail/marked/delete-all')).toHaveLength(1));
    await waitFor(() => expect(location()).toMatch(/\?year=2024&month=3$/));
    expect(screen.getByRole('combobox', { name: 'Year' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: /Marked for Review/ })).not.toBeInTheDocument();
  });

  it('asks for the track when the pointer goes down, before the click', async () => {
    const api = renderDashboard('/dashboard?year=2024&month=3', { 'GET /api/FlightDetail/months': { body: months }, 'GET /api/FlightDetail/byMonth': { body: three }, 'GET /api/FlightDetail/12/features': featureAnswer });
    await waitFor(() => expect(flightRows()).toHaveLength(3));
    fireEvent.pointerDown(flightRows()[1]!);
    await waitFor(() => expect(calls(api.calls, '/api/FlightDetail/12/features').map((c) => c.query.get('lowRes'))).toEqual(['true']));
    await userEvent.click(flightRows()[1]!);
    await waitFor(() => expect(calls(api.calls, '/api/FlightDetail/12/features').map((c) => c.query.get('lowRes'))).toEqual(['true', 'false']));
  });

  it('preloads the tracks of completed flights 2 s after the list loads, three at a time, newest first', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    const listed = [1, 2, 3, 4, 5].map((i) => flight({ id: 30 + i, startTime: `2024-03-0${i}T10:00:00Z` })).concat(flight({ id: 40, status: 'Processing' }));
    const pending: (() => void)[] = [];
    const answers: Record<string, MockAnswer> = {};
    for (const f of listed) answers[`GET /api/FlightDetail/${f.id}/features`] = { body: track(5) };
    const api = renderDashboard('/dashboard?year=2024&month=3', { 'GET /api/FlightDetail/months': { body: months }, 'GET /api/FlightDetail/byMonth': { body: listed }, ...answers });
    // Hold every track answer until the test lets it go.
    const inner = (globalThis.fetch as jest.MockedFunction<typeof fetch>).getMockImplementation()!;
    jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      if (String(input instanceof Request ? input.url : input).includes('/features')) await new Promise<void>((resolve) => pending.push(resolve));
      return inner(input, init);
    });
    await waitFor(() => expect(flightRows()).toHaveLength(6));
    const preloaded = () => api.calls.filter((c) => c.path.endsWith('/features')).map((c) => Number(c.path.split('/')[3]));
    await act(() => jest.advanceTimersByTimeAsync(1900));
    expect(pending).toHaveLength(0);
    await act(() => jest.advanceTimersByTimeAsync(200));
    await waitFor(() => expect(pending).toHaveLength(3));
    await act(async () => pending.splice(0, 1)[0]!());
    await waitFor(() => expect(pending.length).toBe(3));
    for (let i = 0; i < 100 && preloaded().length < 5; i++) {
      await act(async () => {
        pending.splice(0).forEach((go) => go());
        await jest.advanceTimersByTimeAsync(20);
      });
    }
    expect(preloaded()).toEqual([35, 34, 33, 32, 31]);
  });

  it('asks the status of the flights in progress every 5 s, not the list; the list once when one changes; then stops', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    let status = 'Processing';
    const api = renderDashboard('/dashboard?year=2024&month=3', {
      'GET /api/FlightDetail/months': { body: months },
      'GET /api/FlightDetail/byMonth': () => ({ body: [flight({ id: 21, status }), flight({ id: 22 })] }),
      'GET /api/FlightDetail/21/status': () => ({ body: { status } }),
      // Once completed, the flight's track is preloaded.
      'GET /api/FlightDetail/21/features': { body: [] },
      'GET /api/FlightDetail/22/features': { body: [] },
    });
    await screen.findByText('Processing...');
    const lists = () => calls(api.calls, '/api/FlightDetail/byMonth').length;
    const statuses = () => calls(api.calls, '/api/FlightDetail/21/status').length;
    const before = lists();
    await act(() => jest.advanceTimersByTimeAsync(5100));
    await waitFor(() => expect(statuses()).toBe(1));
    await act(() => jest.advanceTimersByTimeAsync(5000));
    await waitFor(() => expect(statuses()).toBe(2));
    // Nothing changed: the list is not asked again, and the completed flight's status is never asked.
    expect(lists()).toBe(before);
    expect(calls(api.calls, '/api/FlightDetail/22/status')).toHaveLength(0);

    status = 'Completed';
    await act(() => jest.advanceTimersByTimeAsync(5000));
    await waitFor(() => expect(screen.queryByText('Processing...')).not.toBeInTheDocument());
    expect(lists()).toBe(before + 1);
    const after = statuses();
    await act(() => jest.advanceTimersByTimeAsync(15_000));
    expect(statuses()).toBe(after);
    expect(lists()).toBe(before + 1);
  });

  it('asks only the oldest ten of many flights in progress', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    const many = Array.from({ length: 30 }, (_, i) => flight({ id: 100 + i, status: i % 2 ? 'Pending' : 'Processing' }));
    const api = renderDashboard('/dashboard?year=2024&month=3', {
      'GET /api/FlightDetail/months': { body: months },
      'GET /api/FlightDetail/byMonth': { body: many },
      ...Object.fromEntries(many.map((f) => [`GET /api/FlightDetail/${f.id}/status`, { body: { status: f.status } }])),
    });
    await screen.findAllByText('Processing...');
    await act(() => jest.advanceTimersByTimeAsync(5100));
    const asked = () => api.calls.filter((c) => c.path.endsWith('/status')).map((c) => Number(c.path.split('/')[3]));
    await waitFor(() => expect(asked()).toHaveLength(10));
    expect(asked().sort()).toEqual(many.slice(0, 10).map((f) => f.id));
  });

  it('keeps the last list when the refresh after a status change fails, and only logs it (docs/product.md §8)', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let answer: { status?: number; body: unknown } = { body: [flight({ id: 21, status: 'Processing' }), flight({ id: 22 })] };
    let status: { status?: number; body: unknown } = { status: 500, body: { message: 'Internal Server Error' } };
    const api = renderDashboard('/dashboard?year=2024&month=3', {
      'GET /api/FlightDetail/months': { body: months },
      'GET /api/FlightDetail/byMonth': () => answer,
      'GET /api/FlightDetail/21/status': () => status,
    });
    await screen.findByText('Processing...');
    expect(flightRows()).toHaveLength(2);
    const before = calls(api.calls, '/api/FlightDetail/byMonth').length;
    // A failed status call is logged and changes nothing.
    await act(() => jest.advanceTimersByTimeAsync(5100));
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Asking a flight status failed', expect.anything()));
    expect(calls(api.calls, '/api/FlightDetail/byMonth')).toHaveLength(before);
    status = { body: { status: 'Completed' } };
    answer = { status: 500, body: { message: 'Internal Server Error' } };
    await act(() => jest.advanceTimersByTimeAsync(5000));
    await waitFor(() => expect(calls(api.calls, '/api/FlightDetail/byMonth').length).toBe(before + 1));
    await act(() => jest.advanceTimersByTimeAsync(100));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(flightRows()).toHaveLength(2);
    expect(screen.getByText('Processing...')).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('Refreshing the flight list failed', expect.anything());
  });
});

describe('Dashboard first run, totals and a background upload', () => {
  const task = (over: Record<string, unknown> = {}) => ({ id: 3, uploadDate: '2025-07-14T10:00:00Z', filename: 'season.zip', fileSize: 1000, status: 'Processing', errorMessage: null, estimatedFlightCount: 40, processedFlightCount: 12, duplicateFlightCount: 3, fileCount: 40, filesDone: 10, failedFileCount: 0, failures: [], igcFiles: [], ...over });

  it('shows a first-run panel on an empty logbook, without months, Show All or the map', async () => {
    renderDashboard('/dashboard', { 'GET /api/FlightDetail/months': { body: [] }, 'GET /api/FlightDetail/byMonth': { body: [] } });
    const panel = await screen.findByRole('region', { name: 'Welcome to your logbook' });
    expect(within(panel).getByRole('heading', { level: 2 })).toHaveTextContent('Welcome to your logbook');
    expect(within(panel).getByRole('button', { name: /Drop IGC files here or click to choose/ })).toBeInTheDocument();
    expect(within(panel).getByText(/analysed in the background; its progress shows on this page/)).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Add flight without a track' })).toBeInTheDocument();
    expect(screen.queryByText(/0 months/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Show All/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Selected flight' })).not.toBeInTheDocument();
  });

  it("shows the period's totals: flights, hours and distance, leaving out marked and failed flights", async () => {
    const listed = [
      flight({ id: 1, flightTime: 5400, distance: 42.4 }),
      flight({ id: 2, flightTime: 3600, distance: 10.2 }),
      flight({ id: 3, flightTime: 600, distance: 1, removalReason: 1 }),
      flight({ id: 4, status: 'Failed', flightTime: null, distance: null }),
    ];
    renderDashboard('/dashboard?year=2024&month=8', { 'GET /api/FlightDetail/months': { body: [m(2024, 8, 4)] }, 'GET /api/FlightDetail/byMonth': { body: listed } });
    const totals = await screen.findByLabelText('Totals of the period');
    expect(totals).toHaveTextContent('2 flights');
    expect(totals).toHaveTextContent('2:30 h in the air');
    expect(totals).toHaveTextContent('53 km');
  });

  it("keeps the upload area to one line once there are flights, and shows a background upload's progress until it ends", async () => {
    // The task list is asked every TASK_POLL_MS: fake time steps from one poll to the next instead of waiting
    // for them (10 s of real time, and under load the poll came after waitFor gave up).
    jest.useFakeTimers({ advanceTimers: true });
    let tasks = [task()];
    const api = renderDashboard('/dashboard?year=2024&month=8', {
      'GET /api/FlightDetail/months': { body: [m(2024, 8, 1)] },
      'GET /api/FlightDetail/byMonth': { body: [flight({ id: 1 })] },
      'GET /api/uploadtasks': () => ({ body: tasks }),
    });
    const progress = await screen.findByRole('region', { name: 'Processing your upload' });
    // The bar follows the files the server counts; flights found, duplicates and failures beside it.
    expect(within(progress).getByRole('progressbar', { name: 'Processing progress' })).toHaveAttribute('aria-valuenow', '25');
    expect(within(progress).getByRole('status')).toHaveTextContent('10 of 40 files done · 12 flights found · 3 duplicates · Each file in History');
    expect(within(progress).getByRole('link', { name: 'Each file in History' })).toHaveAttribute('href', '/history');
    // One line: the file types are not spelled out once the pilot has flights.
    expect(screen.queryByText(/several files at once/)).not.toBeInTheDocument();

    // More flights analysed: the list and months are asked again, so flights appear as they arrive.
    const listCalls = calls(api.calls, '/api/FlightDetail/byMonth').length;
    // The next poll comes within TASK_POLL_MS (waitFor's timeout is fake time too: a poll 1 s late fails).
    tasks = [task({ processedFlightCount: 30, filesDone: 31, failedFileCount: 1 })];
    await act(() => jest.advanceTimersByTimeAsync(TASK_POLL_MS));
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'Processing your upload' })).getByRole('status')).toHaveTextContent('31 of 40 files done · 30 flights found · 3 duplicates · 1 file failed'), { timeout: 1000 });
    await waitFor(() => expect(calls(api.calls, '/api/FlightDetail/byMonth').length).toBeGreaterThan(listCalls));

    tasks = [task({ status: 'Completed', processedFlightCount: 37 })];
    await act(() => jest.advanceTimersByTimeAsync(TASK_POLL_MS));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Processing your upload' })).not.toBeInTheDocument(), { timeout: 1000 });
  });
});

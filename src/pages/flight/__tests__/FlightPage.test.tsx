import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation, useNavigationType } from 'react-router-dom';
import { createFlightMap } from '../../../components/map/flight-map';
import { mockApi, type MockAnswer } from '../../../testing/mock-api';
import { renderRoutes } from '../../../testing/render';
import { flightDetail } from '../../../testing/flight-fixtures';
import FlightPage from '../FlightPage';
import { mockMapController } from '../../../testing/map-controller';

jest.mock('../../../components/map/flight-map', () => ({ createFlightMap: jest.fn() }));
const controller = mockMapController();
(createFlightMap as jest.Mock).mockImplementation(() => controller);

const track = (n: number, withHeight = true) => [
  { type: 'flight', id: 'flight', geometry: { type: 'LineString', points: Array.from({ length: n }, (_, i) => ({ latitude: 46 + i / 1000, longitude: 8, ...(withHeight ? { baroAltitude: 1000 + i, timestamp: 1_700_000_000_000 + i * 1000 } : {}) })) } },
];

function Probe() {
  return (
    <output data-testid="location">
      {useNavigationType()} {useLocation().pathname}
    </output>
  );
}

function renderPage(route: string, routes: Record<string, MockAnswer>) {
  // Every flight these tests open has no photos yet (the photos section asks for them).
  const noPhotos = Object.fromEntries([4, 5, 6, 40].map((id) => [`GET /api/FlightDetail/${id}/photos`, { body: [] }]));
  const api = mockApi({ 'GET /api/config': { body: { devLogin: false, googleLogin: false, tiles: { street: 's', topo: 't', satellite: 'x' } } }, ...noPhotos, ...routes });
  const { router } = renderRoutes(
    [
      {
        path: '/flight/:id',
        element: (
          <>
            <FlightPage />
            <Probe />
          </>
        ),
      },
      { path: '/dashboard', element: <p>dashboard</p> },
    ],
    { initialEntries: ['/dashboard', route], initialIndex: 1 },
  );
  return { ...api, router };
}

const adjacent = (map: Record<string, { prev?: number; next?: number }>): MockAnswer => ({ path, query }) => {
  const id = /FlightDetail\/(\d+)\//.exec(path)![1]!;
  const neighbour = map[id]?.[query.get('direction') as 'prev' | 'next'];
  return neighbour ? { body: { id: neighbour } } : { status: 404, body: { message: 'No next flight.' } };
};

afterEach(() => jest.restoreAllMocks());

/** Holds back answers for paths containing `part` until release() is called. */
function holdBack(part: string) {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const inner = (globalThis.fetch as jest.MockedFunction<typeof fetch>).getMockImplementation()!;
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url.includes(part)) await gate;
    return inner(input, init);
  });
  return () => release();
}

describe('Flight page', () => {
  it('shows skeletons while loading: eight stat cards and two blocks', async () => {
    renderPage('/flight/5', {
      'GET /api/FlightDetail/5/detailed': { body: flightDetail({ id: 5 }) },
      'GET /api/FlightDetail/5/adjacent': adjacent({}),
    });
    holdBack('/5/detailed');
    expect(screen.getByRole('heading', { name: 'Flight Details' })).toBeInTheDocument();
    expect(screen.getAllByTestId('stat-skeleton')).toHaveLength(8);
    expect(screen.getAllByTestId('block-skeleton')).toHaveLength(2);
  });

  it('shows the eight stat cards with their formats, the map and the height profile', async () => {
    const api = renderPage('/flight/5', {
      'GET /api/FlightDetail/5/detailed': { body: flightDetail({ id: 5 }) },
      'GET /api/FlightDetail/5/adjacent': adjacent({}),
      'GET /api/FlightDetail/5/features': { body: track(20) },
    });
    const card = async (label: string) => (await screen.findByText(label)).parentElement!;
    expect(await card('Flight Time')).toHaveTextContent('1:30');
    expect(await card('XC Distance')).toHaveTextContent('42.4 km');
    expect(await card('Ground Distance')).toHaveTextContent('55.0 km');
    expect(await card('XC Speed')).toHaveTextContent('28.1 km/h');
    expect(await card('Max Height')).toHaveTextContent('2751 m');
    expect(await card('Start Height')).toHaveTextContent('1602 m');
    expect(await card('Max Lift')).toHaveTextContent('4.6 m/s');
    expect(await card('Max Sink')).toHaveTextContent('-3.4 m/s');
    expect(screen.getByRole('heading', { name: 'Flight Path' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Height Profile' })).toBeInTheDocument();
    await waitFor(() => expect(controller.setFeatures).toHaveBeenLastCalledWith(track(20), 'od', true));
    expect(api.calls.filter((c) => c.path === '/api/FlightDetail/5/features').map((c) => c.query.get('lowRes'))).toEqual(['false']);
  });

  it('shows zero with the unit for empty values, and says when there is no height data', async () => {
    renderPage('/flight/5', {
      'GET /api/FlightDetail/5/detailed': { body: flightDetail({ id: 5, flightTime: null, xcDistance: null, maxHeight: null, maxLift: null }) },
      'GET /api/FlightDetail/5/adjacent': adjacent({}),
      'GET /api/FlightDetail/5/features': { body: track(5, false) },
    });
    expect((await screen.findByText('Flight Time')).parentElement).toHaveTextContent('0:00');
    expect(screen.getByText('XC Distance').parentElement).toHaveTextContent('0.0 km');
    expect(screen.getByText('Max Height').parentElement).toHaveTextContent('0 m');
    expect(screen.getByText('Max Lift').parentElement).toHaveTextContent('0.0 m/s');
    expect(await screen.findByText('No height data available')).toBeInTheDocument();
  });

  it('says whether the score is proven optimal or the best found so far (a background job continues the proof)', async () => {
    renderPage('/flight/5', { 'GET /api/FlightDetail/5/detailed': { body: flightDetail({ id: 5, xcProven: false }) }, 'GET /api/FlightDetail/5/adjacent': adjacent({}), 'GET /api/FlightDetail/5/features': { body: track(5) } });
    expect(await screen.findByTestId('score-proof')).toHaveTextContent('best found so far');
  });

  it('says nothing of a proof for a flight scored before proofs were recorded', async () => {
    renderPage('/flight/5', { 'GET /api/FlightDetail/5/detailed': { body: flightDetail({ id: 5, xcProven: null }) }, 'GET /api/FlightDetail/5/adjacent': adjacent({}), 'GET /api/FlightDetail/5/features': { body: track(5) } });
    expect(await screen.findByTestId('flight-score')).toBeInTheDocument();
    expect(screen.queryByTestId('score-proof')).not.toBeInTheDocument();
  });

  it('shows a proven score as proven optimal', async () => {
    renderPage('/flight/5', { 'GET /api/FlightDetail/5/detailed': { body: flightDetail({ id: 5, xcProven: true }) }, 'GET /api/FlightDetail/5/adjacent': adjacent({}), 'GET /api/FlightDetail/5/features': { body: track(5) } });
    expect(await screen.findByTestId('score-proof')).toHaveTextContent('proven optimal');
  });

  it('disables Previous and Next without a neighbour', async () => {
    renderPage('/flight/5', { 'GET /api/FlightDetail/5/detailed': { body: flightDetail({ id: 5 }) }, 'GET /api/FlightDetail/5/adjacent': adjacent({ 5: { prev: 4 } }), 'GET /api/FlightDetail/5/features': { body: track(5) } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled());
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('moves to the next flight replacing the route, with a spinner on Next while it loads, and asks for neighbours again', async () => {
    const api = renderPage('/flight/5', {
      'GET /api/FlightDetail/5/detailed': { body: flightDetail({ id: 5 }) },
      'GET /api/FlightDetail/6/detailed': { body: flightDetail({ id: 6, flightTime: 7200 }) },
      'GET /api/FlightDetail/5/adjacent': adjacent({ 5: { prev: 4, next: 6 } }),
      'GET /api/FlightDetail/6/adjacent': adjacent({ 6: { prev: 5 } }),
      'GET /api/FlightDetail/5/features': { body: track(5) },
      'GET /api/FlightDetail/6/features': { body: track(5) },
    });
    const release = holdBack('/6/detailed');
    const next = screen.getByRole('button', { name: 'Next' });
    await waitFor(() => expect(next).toBeEnabled());
    window.scrollTo = jest.fn();
    await userEvent.click(next);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('REPLACE /flight/6'));
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0 });
    expect(within(screen.getByRole('button', { name: /Next/ })).getByRole('status')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Next/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    release();
    expect((await screen.findByText('Flight Time')).parentElement).toHaveTextContent('2:00');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled());
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument();
    expect(api.calls.filter((c) => c.path === '/api/FlightDetail/6/adjacent')).toHaveLength(2);
  });

  it('goes back to the previous history entry', async () => {
    const { router } = renderPage('/flight/5', { 'GET /api/FlightDetail/5/detailed': { body: flightDetail({ id: 5 }) }, 'GET /api/FlightDetail/5/adjacent': adjacent({}), 'GET /api/FlightDetail/5/features': { body: track(5) } });
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('shows the server message, else a generic one, when loading fails', async () => {
    renderPage('/flight/5', { 'GET /api/FlightDetail/5/detailed': { status: 404, body: { message: 'Flight not found.' } }, 'GET /api/FlightDetail/5/adjacent': adjacent({}) });
    expect(await screen.findByRole('alert')).toHaveTextContent('Flight not found.');
  });

  it('shows Error loading flight data without a message', async () => {
    renderPage('/flight/5', { 'GET /api/FlightDetail/5/detailed': { status: 500, body: {} }, 'GET /api/FlightDetail/5/adjacent': adjacent({}) });
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading flight data');
  });

  it('loads a flight over 3 hours in low resolution first', async () => {
    const api = renderPage('/flight/5', {
      'GET /api/FlightDetail/5/detailed': { body: flightDetail({ id: 5, flightTime: 4 * 3600 }) },
      'GET /api/FlightDetail/5/adjacent': adjacent({}),
      'GET /api/FlightDetail/5/features': ({ query }) => ({ body: track(query.get('lowRes') === 'true' ? 3 : 9) }),
    });
    await waitFor(() => expect(api.calls.filter((c) => c.path === '/api/FlightDetail/5/features').map((c) => c.query.get('lowRes'))).toEqual(['true', 'false']));
    await waitFor(() => expect(controller.setFeatures).toHaveBeenLastCalledWith(track(9), 'od', false));
  });
});

describe('a flight added by hand', () => {
  it('says it has no track instead of empty map and profile, shows its logbook fields, and asks for no track', async () => {
    const api = renderPage('/flight/40', {
      'GET /api/FlightDetail/40/detailed': { body: flightDetail({ id: 40, source: 'manual', flightTime: 5400, distance: 12.5, xcDistance: null, maxHeight: null, notes: 'Tandem\nwith Eva', siteId: 1, siteName: 'Amisbühl' }) },
      'GET /api/FlightDetail/40/adjacent': adjacent({}),
      'GET /api/gliders': { body: [] },
      'GET /api/sites': { body: [{ id: 1, name: 'Amisbühl', latitude: 46.7, longitude: 7.9 }] },
    });
    expect(await screen.findByTestId('no-track')).toHaveTextContent('No track recorded.');
    expect(screen.queryByRole('heading', { name: 'Flight Path' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Height Profile' })).not.toBeInTheDocument();
    expect(screen.getByText('Flight Time').nextSibling).toHaveTextContent('1:30');
    expect(screen.getByText('Distance').nextSibling).toHaveTextContent('12.5 km');
    expect(screen.queryByText('XC Speed')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Notes')).toHaveValue('Tandem\nwith Eva');
    await waitFor(() => expect(within(screen.getByLabelText('Launch site')).getByRole('option', { name: 'Amisbühl' })).toBeInTheDocument());
    expect(api.calls.some((c) => c.path.includes('/features'))).toBe(false);
  });
});

describe('sharing', () => {
  it('offers Share for a flight in the logbook', async () => {
    renderPage('/flight/5', { 'GET /api/FlightDetail/5/detailed': { body: flightDetail({ id: 5 }) }, 'GET /api/FlightDetail/5/adjacent': adjacent({}), 'GET /api/FlightDetail/5/features': { body: track(5) } });
    expect(await screen.findByRole('button', { name: 'Share' })).toBeInTheDocument();
  });

  it('has no Share button on a removed flight', async () => {
    renderPage('/flight/6', {
      'GET /api/FlightDetail/6/detailed': { body: flightDetail({ id: 6, removalReason: 2, removalDate: '2025-08-01T00:00:00.000Z' }) },
      'GET /api/FlightDetail/6/adjacent': adjacent({}),
      'GET /api/FlightDetail/6/features': { body: track(5) },
    });
    expect(await screen.findByText('Flight Time')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
  });
});

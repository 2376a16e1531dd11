import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FlightDetail } from '../../../../../contract/flights';
import type { FlightPhases } from '../../../../../contract/phases';
import { createFlightMap } from '../../../../components/map/flight-map';
import { flight } from '../../../../testing/flight-fixtures';
import { mockApi, type MockAnswer } from '../../../../testing/mock-api';
import { renderRoutes } from '../../../../testing/render';
import FlightPage from '../../FlightPage';
import { mockMapController } from '../../../../testing/map-controller';

jest.mock('../../../../components/map/flight-map', () => ({ createFlightMap: jest.fn() }));
const controller = mockMapController();
(createFlightMap as jest.Mock).mockImplementation(() => controller);

const T0 = Date.parse('2025-07-14T08:05:00.000Z');
const iso = (s: number) => new Date(T0 + s * 1000).toISOString();
const detail = (over: Partial<FlightDetail> = {}): FlightDetail => ({
  ...flight({ id: 5, flightTime: 600, xcPoints: 12.5, flightCode: 'tri' }),
  xcDistance: 10,
  groundDistance: 12,
  xcSpeed: 20,
  maxHeight: 2000,
  startHeight: 1500,
  maxLift: 3,
  maxSink: -2,
  scoringRules: 'FFVL',
  windowCorrected: false,
  xcProven: true,
  ...over,
});
const points = Array.from({ length: 601 }, (_, i) => ({ latitude: 46 + i / 10000, longitude: 8, baroAltitude: 1500 + i, timestamp: T0 + i * 1000 }));
const track = [{ type: 'flight', id: 'flight', geometry: { type: 'LineString', points } }];
const phases: FlightPhases = {
  thermals: [
    { startTime: iso(120), endTime: iso(300), startIndex: 120, endIndex: 300, entryAltitude: 1620, exitAltitude: 1800, gain: 180, averageClimb: 1.0, maxClimb: 2.4, direction: 'left', turns: 7, latitude: 46.01, longitude: 8, windSpeed: 12, windDirection: 250 },
  ],
  glides: [{ startTime: iso(300), endTime: iso(600), startIndex: 300, endIndex: 600, distance: 4.2, averageSpeed: 36, altitudeLoss: 300, glideRatio: 14 }],
  summary: { circlingShare: 0.3, thermalCount: 1, averageThermalClimb: 1.0, bestThermalClimb: 2.4, glideRatio: 9.5 },
};

function renderPage(routes: Record<string, MockAnswer>) {
  const api = mockApi({
    'GET /api/config': { body: { devLogin: false, googleLogin: false, tiles: { street: 's', topo: 't', satellite: 'x' } } },
    'GET /api/FlightDetail/5/adjacent': { status: 404, body: { message: 'No next flight.' } },
    'GET /api/FlightDetail/5/features': { body: track },
    'GET /api/FlightDetail/5/photos': { body: [] },
    ...routes,
  });
  const rendered = renderRoutes([{ path: '/flight/:id', element: <FlightPage /> }], { initialEntries: ['/flight/5'] });
  return { ...api, ...rendered };
}

// jsdom lays nothing out: give the profile a width so it draws.
beforeEach(() => jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ width: 800, height: 300, top: 0, left: 0, right: 800, bottom: 300, x: 0, y: 0, toJSON: () => ({}) }));
afterEach(() => {
  jest.clearAllMocks();
  jest.restoreAllMocks();
});

describe('Flight page: thermals, glides and corrections', () => {
  it('shows the summary and a table of thermals and glides, the score under the league, markers and bands', async () => {
    renderPage({ 'GET /api/FlightDetail/5/detailed': { body: detail() }, 'GET /api/FlightDetail/5/phases': { body: phases } });
    const table = await screen.findByRole('table', { name: 'Thermals' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('1');
    expect(row).toHaveTextContent('10:07:00'); // in the flight's zone (Zurich, UTC+2)
    expect(row).toHaveTextContent('180 m');
    expect(row).toHaveTextContent('2.4 m/s');
    expect(row).toHaveTextContent('7 left');
    expect(row).toHaveTextContent('12 km/h 250°');
    const headers = (name: string) => within(screen.getByRole('table', { name })).getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers('Thermals')).toEqual(['#', 'Start', 'Duration', 'Entry', 'Gain', 'Average climb', 'Best climb', 'Turns', 'Wind']);
    expect(headers('Glides')).toEqual(['#', 'Start', 'Duration', 'Distance', 'Speed', 'Height lost', 'Glide ratio']);
    expect(Array.from(within(screen.getByRole('table', { name: 'Glides' })).getAllByRole('row')[1]!.children, (cell) => cell.textContent)).toEqual(['1', '10:10:00', '5:00 min', '4.2 km', '36 km/h', '300 m', '14.0 : 1']);
    expect(screen.getByText('Time circling').nextSibling).toHaveTextContent('30 %');
    expect(screen.getByTestId('flight-score')).toHaveTextContent('12.50 points, Flat triangle · scored under FFVL CFD');
    await waitFor(() => expect(controller.setThermalMarkers).toHaveBeenLastCalledWith([{ latitude: 46.01, longitude: 8, label: '1' }]));
    expect(screen.getAllByTestId('thermal-band')).toHaveLength(1);
  });

  it('hovering a row highlights its start on the map and the profile; the map hovering marks the row', async () => {
    renderPage({ 'GET /api/FlightDetail/5/detailed': { body: detail() }, 'GET /api/FlightDetail/5/phases': { body: phases } });
    const row = (await screen.findAllByTestId('thermal-row'))[0]!;
    await waitFor(() => expect(controller.setFeatures).toHaveBeenCalled());
    fireEvent.mouseEnter(row);
    await waitFor(() => expect(controller.setHighlight).toHaveBeenLastCalledWith(points[120]));
    expect(screen.getByTestId('hover-line')).toBeInTheDocument();
    expect(row).toHaveAttribute('data-active', 'true');
    fireEvent.mouseLeave(row);
    await waitFor(() => expect(controller.setHighlight).toHaveBeenLastCalledWith(null));

    // The map reports a hovered track index: the profile and the glide row follow.
    const report = controller.onHoverPoint.mock.calls.at(-1)![0] as (i: number | null) => void;
    act(() => report(450));
    await waitFor(() => expect(screen.getAllByTestId('glide-row')[0]).toHaveAttribute('data-active', 'true'));
    expect(screen.getByTestId('hover-line')).toBeInTheDocument();
  });

  it('says "No track recorded" for a flight added by hand, without asking for phases', async () => {
    const api = renderPage({ 'GET /api/FlightDetail/5/detailed': { body: detail({ source: 'manual' }) } });
    expect(await screen.findByTestId('no-track')).toHaveTextContent('No track recorded.');
    expect(api.calls.some((c) => c.path.endsWith('/phases'))).toBe(false);
    expect(screen.queryByRole('button', { name: 'Correct takeoff and landing' })).not.toBeInTheDocument();
  });

  it('corrects the landing with a typed time in the flight zone, and shows the new figures', async () => {
    let stored = detail();
    const api = renderPage({
      'GET /api/FlightDetail/5/detailed': () => ({ body: stored }),
      'GET /api/FlightDetail/5/phases': { body: phases },
      'PUT /api/FlightDetail/5/window': ({ body }) => {
        const b = body as { takeoffTime: string; landingTime: string };
        stored = detail({ flightTime: (Date.parse(b.landingTime) - Date.parse(b.takeoffTime)) / 1000, xcDistance: 6.5, windowCorrected: true });
        return { body: stored };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Correct takeoff and landing' }));
    expect(screen.getByRole('slider', { name: 'Landing handle' })).toHaveAttribute('aria-valuetext', '10:15:00');
    const landing = screen.getByRole('textbox', { name: 'Landing' });
    expect(landing).toHaveValue('10:15:00');
    await userEvent.clear(landing);
    await userEvent.type(landing, '10:12:30');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ takeoffTime: iso(0), landingTime: iso(450) }));
    expect(await screen.findByText('Takeoff and landing corrected.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('XC Distance').parentElement).toHaveTextContent('6.5 km'));
    expect(screen.getByTestId('flight-score')).toHaveTextContent('takeoff and landing set by the pilot');
  });

  it('moves a handle with the arrow keys and refuses landing before takeoff', async () => {
    const api = renderPage({ 'GET /api/FlightDetail/5/detailed': { body: detail() }, 'GET /api/FlightDetail/5/phases': { body: phases } });
    await userEvent.click(await screen.findByRole('button', { name: 'Correct takeoff and landing' }));
    const handle = screen.getByRole('slider', { name: 'Takeoff handle' });
    handle.focus();
    await userEvent.keyboard('{ArrowRight}{Shift>}{ArrowRight}{/Shift}');
    expect(screen.getByRole('textbox', { name: 'Takeoff' })).toHaveValue('10:06:10');
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.getByRole('textbox', { name: 'Takeoff' })).toHaveValue('10:05:00');
    const takeoff = screen.getByRole('textbox', { name: 'Takeoff' });
    await userEvent.clear(takeoff);
    await userEvent.type(takeoff, '10:20:00');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Landing must be after takeoff.');
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('splits after confirmation', async () => {
    const api = renderPage({
      'GET /api/FlightDetail/5/detailed': { body: detail() },
      'GET /api/FlightDetail/5/phases': { body: phases },
      'POST /api/FlightDetail/5/split': { body: [detail(), detail({ id: 6 })] },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Correct takeoff and landing' }));
    const at = screen.getByLabelText('Split at');
    await userEvent.clear(at);
    await userEvent.type(at, '10:10:00');
    await userEvent.click(screen.getByRole('button', { name: 'Split flight…' }));
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Split' }));
    await waitFor(() => expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ at: iso(300) }));
    expect(await screen.findByText('The flight was split in two.')).toBeInTheDocument();
  });
});

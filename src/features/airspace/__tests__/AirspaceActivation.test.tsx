import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AirspaceInfringement, FlightAirspace } from '../../../../contract/airspace';
import type { TrackPoint } from '../../../../contract/uploads';
import type { UnitPreference } from '../../../../contract/units';
import { HeightGraph, placeAboveLabels } from '../../../components/height-graph/HeightGraph';
import { flightDetail } from '../../../testing/flight-fixtures';
import { mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { AirspaceSection } from '../AirspaceSection';
import { useFlightAirspace } from '../useFlightAirspace';

afterEach(() => jest.restoreAllMocks());

/** Over Hohenfels (server/test/airspace-activation.test.ts): EDR137A always active, passed twice; EDR137B active by NOTAM. */
const points: TrackPoint[] = Array.from({ length: 30 }, (_, i) => ({ latitude: 49.245, longitude: 12.04 - i * 0.004, gpsAltitude: 1300, baroAltitude: 1290, timestamp: Date.parse('2024-07-20T09:00:00.000Z') + i * 60_000 }));
const msl = (text: string, metres: number) => ({ reference: 'msl' as const, metres, text });
const always: AirspaceInfringement = {
  index: 1, name: 'EDR137A Hohenfels H24', class: 'R', floor: { reference: 'sfc', metres: 0, text: 'GND' }, ceiling: msl('5000ft MSL', 1524),
  entry: '2024-07-20T09:10:00.000Z', exit: '2024-07-20T09:25:00.000Z',
  passages: [{ entry: '2024-07-20T09:10:00.000Z', exit: '2024-07-20T09:17:00.000Z' }, { entry: '2024-07-20T09:21:30.000Z', exit: '2024-07-20T09:25:00.000Z' }],
  horizontalMetres: 1296, verticalMetres: 224, verticalLimit: 'ceiling', altitudeUsed: 'gps', activation: 'active', activationReason: null, cleared: false, note: null, notActive: false,
};
const notam: AirspaceInfringement = {
  ...always, index: 0, name: 'EDR137B Hohenfels NOTAM', ceiling: { reference: 'fl', metres: 2286, text: 'FL75' }, entry: '2024-07-20T09:02:00.000Z', exit: '2024-07-20T09:25:00.000Z',
  passages: [{ entry: '2024-07-20T09:02:00.000Z', exit: '2024-07-20T09:25:00.000Z' }], horizontalMetres: 5947, verticalMetres: 996, altitudeUsed: 'pressure', activation: 'unknown', activationReason: 'NOTAM',
};
const answer = (notActive: boolean): FlightAirspace => ({
  checked: true,
  checkedAt: '2024-07-21T00:00:00.000Z',
  notChecked: [],
  infringements: [{ ...notam, notActive }, always],
  notCleared: 1,
  toCheck: notActive ? 0 : 1,
  crossings: [],
});

function Harness() {
  const flight = flightDetail();
  const airspace = useFlightAirspace(flight, points);
  return <AirspaceSection flightId={flight.id} timeZone="UTC" airspace={airspace} points={points} onHover={() => {}} />;
}
const pilotIn = (units: UnitPreference) => ({ auth: { user: { id: 1, email: 'p@example.com', username: 'p', displayName: null, role: 'User', preferredLanguage: 'en', emailVerified: true, authProvider: 'local', units }, status: 'signedIn' as const } });
const IMPERIAL: UnitPreference = { altitude: 'ft', distance: 'mi', speed: 'mph', climb: 'fpm' };

test('one row per airspace with its passages, how deep in metres, and one click for "not active that day"', async () => {
  let notActive = false;
  const api = mockApi({
    'GET /api/FlightDetail/1/airspace': () => ({ body: answer(notActive) }),
    'GET /api/airspace': { body: { shapes: [], truncated: false } },
    'PUT /api/FlightDetail/1/airspace/0/activation': (req) => {
      notActive = (req.body as { notActive: boolean }).notActive;
      return { body: answer(notActive) };
    },
  });
  renderWithProviders(<Harness />);
  const rows = await screen.findAllByTestId('airspace-infringement');
  expect(rows).toHaveLength(2);
  const [notamRow, alwaysRow] = rows as [HTMLElement, HTMLElement];
  // The summary counts the real infringement and the one to check apart.
  expect(screen.getByTestId('airspace-summary')).toHaveTextContent('1 infringement not cleared. 1 airspace to check whether it was active.');

  // Two passages, one row: first entry to last exit, and each passage.
  expect(alwaysRow).toHaveTextContent('09:10:00 – 09:25:00');
  expect(alwaysRow).toHaveTextContent('2 passages');
  expect(within(within(alwaysRow).getByRole('list', { name: 'Passages through EDR137A Hohenfels H24' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['09:10:00 – 09:17:00', '09:21:30 – 09:25:00']);
  expect(within(notamRow).queryByRole('list')).toBeNull();

  // Readable depths: how far inside and how far below the ceiling.
  expect(within(alwaysRow).getByTestId('airspace-depth')).toHaveTextContent('1.3 km inside, 224 m below the ceiling (GPS altitude)');
  expect(within(notamRow).getByTestId('airspace-depth')).toHaveTextContent('5.9 km inside, 996 m below the ceiling (pressure altitude)');

  expect(notamRow).toHaveTextContent('Check whether it was active (NOTAM)');
  expect(within(alwaysRow).queryByRole('button', { name: /Not active that day/ })).toBeNull();
  await userEvent.click(within(notamRow).getByRole('button', { name: 'Not active that day: EDR137B Hohenfels NOTAM' }));
  await waitFor(() => expect(screen.getAllByTestId('airspace-infringement')[0]).toHaveTextContent('Not active that day (your word)'));
  expect(api.calls.find((c) => c.method === 'PUT')!.body).toEqual({ notActive: true });
  expect(screen.getByTestId('airspace-summary')).toHaveTextContent('1 infringement not cleared.');
  expect(screen.getByTestId('airspace-summary')).not.toHaveTextContent('to check');
  expect(screen.getAllByTestId('airspace-infringement')[0]).toHaveAttribute('data-not-active', 'true');

  // Taken back: asked again.
  await userEvent.click(screen.getByRole('button', { name: 'It may have been active: EDR137B Hohenfels NOTAM' }));
  await waitFor(() => expect(screen.getByTestId('airspace-summary')).toHaveTextContent('1 airspace to check whether it was active.'));
});

test('says the depths in feet and miles for a pilot who flies in feet', async () => {
  mockApi({ 'GET /api/FlightDetail/1/airspace': { body: answer(false) }, 'GET /api/airspace': { body: { shapes: [], truncated: false } } });
  renderWithProviders(<Harness />, { preloadedState: pilotIn(IMPERIAL) });
  const [notamRow, alwaysRow] = (await screen.findAllByTestId('airspace-infringement')) as [HTMLElement, HTMLElement];
  // 1,296 m is 0.81 mi; 224 m is 735 ft; 5,947 m is 3.7 mi; 996 m is 3268 ft.
  expect(within(alwaysRow).getByTestId('airspace-depth')).toHaveTextContent('0.81 mi inside, 735 ft below the ceiling (GPS altitude)');
  expect(within(notamRow).getByTestId('airspace-depth')).toHaveTextContent('3.7 mi inside, 3268 ft below the ceiling (pressure altitude)');
});

describe('the profile’s airspace ceilings', () => {
  const track = points.slice(0, 11);
  const limitsOf = (ceiling: number) => [{ from: track[0]!.timestamp!, to: track[10]!.timestamp!, floor: null, ceiling, colour: '#d32f2f', label: 'EDR137A' }];
  const ticks = () => Array.from(document.querySelectorAll('.visx-axis-left .visx-axis-tick')).map((t) => Number(t.textContent));

  it('extends the chart to a ceiling near the flight and draws it at its height', () => {
    renderWithProviders(<HeightGraph points={track} width={600} limits={limitsOf(1524)} />);
    const line = screen.getByTestId('airspace-limit');
    expect(line).toHaveTextContent('EDR137A: ceiling 1524 m');
    // The axis reaches the ceiling, and the line lies above the flight (smaller y), under the chart's top.
    expect(Math.max(...ticks())).toBeGreaterThanOrEqual(1500);
    const y = Number(line.getAttribute('y1'));
    expect(y).toBeGreaterThanOrEqual(0);
    const flightYs = (screen.getByTestId('baro-line').getAttribute('d') ?? '').split(/[ML]/).filter(Boolean).map((pair) => Number(pair.split(',')[1]));
    expect(y).toBeLessThan(Math.min(...flightYs));
    expect(screen.queryByTestId('airspace-limit-above')).toBeNull();
  });

  it('marks a ceiling far above the chart as above it, with its true height, in the pilot’s units', () => {
    renderWithProviders(<HeightGraph points={track} width={600} limits={limitsOf(5486)} />, { preloadedState: pilotIn(IMPERIAL) });
    expect(screen.queryByTestId('airspace-limit')).toBeNull();
    expect(screen.getByTestId('airspace-limit-above')).toBeInTheDocument();
    expect(screen.getByTestId('airspace-limit-above-label')).toHaveTextContent('▲ EDR137A: ceiling 17999 ft, above the chart');
    // The flight keeps its own range: the axis is not stretched to 18,000 ft.
    expect(Math.max(...ticks())).toBeLessThan(6000);
  });
});

describe('the names of several ceilings above the chart', () => {
  const track = points.slice(0, 11);
  const from = track[0]!.timestamp!, to = track[10]!.timestamp!;
  const above = (label: string, start: number) => ({ from: start, to, floor: null, ceiling: 5486, colour: '#d32f2f', label });

  it('stand on lines of their own where they would cover each other, inside the chart', () => {
    renderWithProviders(<HeightGraph points={track} width={600} limits={[above('EDR144 Franken', from), above('EDR137B Hohenfels NOTAM', from + 1000), above('EDR137A Hohenfels H24', to - 1000)]} />);
    const labels = screen.getAllByTestId('airspace-limit-above-label');
    expect(labels.map((l) => l.textContent)).toEqual([
      '▲ EDR144 Franken: ceiling 5486 m, above the chart',
      '▲ EDR137B Hohenfels NOTAM: ceiling 5486 m, above the chart',
      '▲ EDR137A Hohenfels H24: ceiling 5486 m, above the chart',
    ]);
    // Each on its own line: the first two start together, the last one is moved left to end inside the chart, over the others.
    expect(new Set(labels.map((l) => l.getAttribute('y'))).size).toBe(3);
  });
});

test('labels above the chart are moved inside it, cut when longer than it, and put a line lower only when they would overlap', () => {
  expect(placeAboveLabels([{ x: 0, text: 'A'.repeat(10) }, { x: 200, text: 'B'.repeat(10) }], 600).map((l) => l.line)).toEqual([0, 0]);
  expect(placeAboveLabels([{ x: 0, text: 'A'.repeat(10) }, { x: 20, text: 'B'.repeat(10) }], 600).map((l) => l.line)).toEqual([0, 1]);
  const [late] = placeAboveLabels([{ x: 590, text: 'C'.repeat(20) }], 600);
  expect(late!.x + late!.text.length * 6).toBeLessThanOrEqual(600);
  const [long] = placeAboveLabels([{ x: 0, text: 'D'.repeat(200) }], 300);
  expect(long!.text.endsWith('…')).toBe(true);
  expect(long!.text.length * 6).toBeLessThanOrEqual(300);
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FlightAirspace } from '../../../../contract/airspace';
import type { TrackPoint } from '../../../../contract/uploads';
import { flightDetail } from '../../../testing/flight-fixtures';
import { mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { AirspaceFiles } from '../AirspaceFiles';
import { AirspaceFlag } from '../AirspaceFlag';
import { AirspaceSection } from '../AirspaceSection';
import { useFlightAirspace } from '../useFlightAirspace';

afterEach(() => jest.restoreAllMocks());

const points: TrackPoint[] = Array.from({ length: 5 }, (_, i) => ({ latitude: 46.6, longitude: 7.8 + i * 0.01, gpsAltitude: 1900, baroAltitude: 1890, timestamp: Date.parse('2025-07-14T08:05:00.000Z') + i * 60_000 }));
const limit = (text: string, reference: 'msl' | 'fl' | 'sfc' = 'msl', metres = 1500) => ({ reference, metres, text });
const answer = (cleared: boolean): FlightAirspace => ({
  checked: true,
  checkedAt: '2025-07-15T00:00:00.000Z',
  notChecked: [{ name: 'Sector AGL', class: 'R', reason: 'noTerrain' }],
  infringements: [
    { index: 0, name: 'Circle CTR', class: 'CTR', floor: limit('4900ft MSL'), ceiling: limit('FL100', 'fl', 3048), entry: '2025-07-14T08:06:00.000Z', exit: '2025-07-14T08:08:00.000Z', passages: [{ entry: '2025-07-14T08:06:00.000Z', exit: '2025-07-14T08:08:00.000Z' }], horizontalMetres: 812, verticalMetres: 340, verticalLimit: 'floor', altitudeUsed: 'gps', activation: 'active', activationReason: null, cleared, note: cleared ? 'cleared by ATC' : null, notActive: false },
  ],
  notCleared: cleared ? 0 : 1,
  toCheck: 0,
  crossings: [],
});

function Harness({ onHover }: { onHover: (i: number | null) => void }) {
  const flight = flightDetail();
  const airspace = useFlightAirspace(flight, points);
  return <AirspaceSection flightId={flight.id} timeZone="UTC" airspace={airspace} points={points} onHover={onHover} />;
}

test('lists the infringement, links it to the track, and clears it with a note', async () => {
  let cleared = false;
  const api = mockApi({
    'GET /api/FlightDetail/1/airspace': () => ({ body: answer(cleared) }),
    'GET /api/airspace': { body: { shapes: [{ name: 'Circle CTR', class: 'CTR', floor: limit('4900ft MSL'), ceiling: limit('FL100', 'fl', 3048), polygon: [[7.8, 46.6], [7.81, 46.6], [7.81, 46.61], [7.8, 46.6]] }], truncated: false } },
    'PUT /api/FlightDetail/1/airspace/0': (req) => {
      cleared = true;
      return { body: { ...answer(true), infringements: [{ ...answer(true).infringements[0]!, note: (req.body as { note: string }).note }] } };
    },
  });
  const onHover = jest.fn();
  renderWithProviders(<Harness onHover={onHover} />);
  const row = await screen.findByTestId('airspace-infringement');
  expect(row).toHaveTextContent('Circle CTR');
  expect(row).toHaveTextContent('CTR (Control zone)');
  expect(row).toHaveTextContent('4900ft MSL – FL100');
  expect(row).toHaveTextContent('08:06:00 – 08:08:00');
  expect(row).toHaveTextContent('812 m inside, 340 m above the floor (GPS altitude)');
  expect(screen.getByText('1 infringement not cleared.')).toBeInTheDocument();
  expect(screen.getByText('Sector AGL (R): not checked: no terrain data for its height above ground.')).toBeInTheDocument();
  // The map's legend and toggle come with the shapes near the track.
  expect(await screen.findByRole('button', { name: 'Airspace on the map' })).toHaveAttribute('aria-pressed', 'true');
  expect(within(screen.getByRole('list', { name: 'Airspace classes' })).getByText('CTR (Control zone)')).toBeInTheDocument();
  expect(api.calls.find((c) => c.path === '/api/airspace')!.query.get('date')).toBe('2025-07-14');

  await userEvent.hover(row);
  expect(onHover).toHaveBeenLastCalledWith(1);

  await userEvent.click(screen.getByRole('button', { name: 'Mark cleared: Circle CTR at 08:06:00' }));
  await userEvent.type(screen.getByRole('textbox', { name: 'Clearance note' }), 'cleared by ATC');
  await userEvent.click(screen.getByRole('button', { name: 'Save clearance' }));
  await waitFor(() => expect(screen.getByTestId('airspace-infringement')).toHaveTextContent('Cleared: cleared by ATC'));
  expect(api.calls.find((c) => c.method === 'PUT')!.body).toEqual({ cleared: true, note: 'cleared by ATC' });
  expect(screen.getByText('Every infringement is cleared.')).toBeInTheDocument();
});

test('the list flag says how many are not cleared, and nothing when none or not checked', () => {
  const { rerender } = renderWithProviders(<AirspaceFlag count={2} />);
  expect(screen.getByTestId('airspace-flag')).toHaveTextContent('2 airspace infringements');
  rerender(<AirspaceFlag count={0} />);
  expect(screen.queryByTestId('airspace-flag')).toBeNull();
  rerender(<AirspaceFlag count={null} />);
  expect(screen.queryByTestId('airspace-flag')).toBeNull();
});

test('lists the pilot’s own files with what could not be read, the re-check still to do, and removes one', async () => {
  let files = [
    { id: 3, name: 'Alps 2025', scope: 'personal', validFrom: '2025-01-01', validTo: '2025-12-31', shapes: 12, unreadLines: [{ line: 7, message: 'Unknown command "XX".' }], createdAt: '2025-01-02T00:00:00.000Z' },
    { id: 1, name: 'Country', scope: 'instance', validFrom: '2025-01-01', validTo: '2025-12-31', shapes: 900, unreadLines: [], createdAt: '2025-01-01T00:00:00.000Z' },
  ];
  const api = mockApi({
    'GET /api/airspace/files': () => ({ body: { files, recheckPending: files.length > 1 ? 40 : 0 } }),
    'DELETE /api/airspace/files/3': () => {
      files = files.filter((f) => f.id !== 3);
      return { status: 204 };
    },
  });
  renderWithProviders(<AirspaceFiles scope="personal" />);
  const item = await screen.findByTestId('airspace-file');
  expect(item).toHaveTextContent('Alps 2025 · 2025-01-01 – 2025-12-31 · 12 airspaces · 1 line not read');
  // The instance's file is listed in the debug area, not here.
  expect(screen.getAllByTestId('airspace-file')).toHaveLength(1);
  expect(screen.getByRole('status')).toHaveTextContent('40 flights are waiting for their airspace check.');
  expect(screen.getByRole('button', { name: 'Load file' })).toBeDisabled();
  await userEvent.click(screen.getByRole('button', { name: 'Remove Alps 2025' }));
  expect(await screen.findByText('No airspace files yet.')).toBeInTheDocument();
  expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/airspace/files/3']);
});

test('replaces a file’s name and dates, and follows the re-check until no flight waits', async () => {
  let file = { id: 3, name: 'Alps 2025', scope: 'personal', validFrom: '2025-01-01', validTo: '2025-12-31', shapes: 12, unreadLines: [], createdAt: '2025-01-02T00:00:00.000Z' };
  // Flights wait after the replacement, then fewer, then none: the panel asks again until they are done.
  let waiting: number[] = [0];
  const api = mockApi({
    'GET /api/airspace/files': () => ({ body: { files: [file], recheckPending: waiting.length > 1 ? waiting.shift()! : waiting[0]! } }),
    'PUT /api/airspace/files/3': () => {
      file = { ...file, name: 'Alps 2026', validFrom: '2026-01-01' };
      waiting = [5, 2, 0];
      return { body: { id: 3, shapes: 12, unreadLines: [] } };
    },
  });
  renderWithProviders(<AirspaceFiles scope="personal" />);
  await screen.findByTestId('airspace-file');
  await userEvent.click(screen.getByRole('button', { name: 'Replace Alps 2025' }));
  const form = screen.getByRole('form', { name: 'Replace Alps 2025' });
  expect(within(form).getByLabelText('Name')).toHaveValue('Alps 2025');
  await userEvent.clear(within(form).getByLabelText('Name'));
  await userEvent.type(within(form).getByLabelText('Name'), 'Alps 2026');
  await userEvent.clear(within(form).getByLabelText('Valid from'));
  await userEvent.type(within(form).getByLabelText('Valid from'), '2026-01-01');
  await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
  expect(await screen.findByText('5 flights are waiting for their airspace check.')).toBeInTheDocument();
  expect(screen.getByTestId('airspace-file')).toHaveTextContent('Alps 2026 · 2026-01-01 – 2025-12-31');
  expect(screen.queryByRole('form', { name: 'Replace Alps 2025' })).toBeNull();
  const sent = String(api.calls.find((c) => c.method === 'PUT')!.body);
  expect(sent).toContain('Alps 2026');
  expect(sent).not.toContain('name="file"');
  expect(await screen.findByText('2 flights are waiting for their airspace check.', {}, { timeout: 5000 })).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByText(/waiting for their airspace check/)).toBeNull(), { timeout: 5000 });
});

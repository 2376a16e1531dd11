import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { FIT_PADDING as FIT_PADDING_PX, PATH_MAP_HEIGHT as MAP_HEIGHT_PX, PATH_MAP_VIEW as DEFAULT_VIEW, PATH_STYLE, pathLonLats } from '../../../components/map/map-style';
import { FlightDetailModal } from '../FlightDetailModal';

jest.mock('../../../components/map/FlightPathMap', () => ({
  FlightPathMap: ({ points, label }: { points?: unknown[]; label: string }) => <div role="img" aria-label={label} data-points={points?.length ?? 0} />,
}));

afterEach(() => jest.restoreAllMocks());

const flight = {
  id: 7,
  startTime: '2024-07-14T07:30:00Z',
  timeZone: 'Europe/Zurich',
  status: 'Completed',
  flightTime: 3600,
  distance: 12,
  maxAltitude: 2400,
  elevationGain: 900,
  xcPoints: 10,
  leftCircles: 3,
  rightCircles: 4,
  flightCode: 'free',
  takeoffLocation: 'Interlaken',
  landingLocation: 'Interlaken',
  gliderType: 'Wing',
  removalReason: null,
  removalDate: null,
};
const removed = { ...flight, removalReason: 8, removalDate: '2024-07-20T10:00:00Z' };
const path = { path: [{ latitude: 46.6, longitude: 7.8 }, { latitude: 46.61, longitude: 7.82 }, { latitude: 46.62, longitude: 7.85 }] };

test('an active flight: its date in its own time zone, Active, the map with its path, Close', async () => {
  const api = mockApi({ 'GET /api/FlightDetail/7': { body: flight }, 'GET /api/FlightDetail/7/path': { body: path } });
  const onClose = jest.fn();
  renderWithProviders(<FlightDetailModal flightId={7} onClose={onClose} />);
  const dialog = screen.getByRole('dialog', { name: 'Flight Details' });
  expect(await within(dialog).findByText('Jul 14, 2024, 09:30')).toBeInTheDocument();
  expect(within(dialog).getByTestId('flight-status')).toHaveTextContent('Active');
  await waitFor(() => expect(within(dialog).getByRole('img', { name: 'Flight path map' })).toHaveAttribute('data-points', '3'));
  expect(within(dialog).queryByText('Flight Removed')).not.toBeInTheDocument();
  expect(api.calls.find((c) => c.path === '/api/FlightDetail/7')!.query.get('includeDeleted')).toBe('true');
  expect(api.calls.find((c) => c.path === '/api/FlightDetail/7/path')!.query.get('includeDeleted')).toBe('true');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
  expect(onClose).toHaveBeenCalled();
});

test('a removed flight: the reason, Update Reason only for a different reason, then the new reason is sent', async () => {
  let current = removed;
  const api = mockApi({
    'GET /api/FlightDetail/7': () => ({ body: current }),
    'GET /api/FlightDetail/7/path': { body: path },
    'PUT /api/FlightDetail/7/removalreason': ({ body }) => {
      current = { ...current, removalReason: (body as { removalReason: number }).removalReason };
      return { body: current };
    },
  });
  renderWithProviders(<FlightDetailModal flightId={7} onClose={() => undefined} />);
  const panel = (await screen.findByText('Flight Removed')).closest('section')!;
  expect(screen.getByTestId('flight-status')).toHaveTextContent('Removed');
  expect(within(panel).getByTestId('current-reason')).toHaveTextContent('Car Drive');
  const update = within(panel).getByRole('button', { name: 'Update Reason' });
  expect(update).toBeDisabled();
  const select = within(panel).getByLabelText('Removal reason');
  expect(within(select).queryByRole('option', { name: 'None' })).not.toBeInTheDocument();
  await userEvent.selectOptions(select, 'Gondola Ride');
  expect(update).toBeEnabled();
  await userEvent.selectOptions(select, 'Car Drive');
  expect(update).toBeDisabled();
  await userEvent.selectOptions(select, 'Gondola Ride');
  await userEvent.click(update);
  await waitFor(() => expect(within(panel).getByTestId('current-reason')).toHaveTextContent('Gondola Ride'));
  expect(api.calls.find((c) => c.method === 'PUT')!.body).toEqual({ removalReason: 7 });
  expect(update).toBeDisabled();
});

test('Restore Flight restores it: the panel goes and the status reads Active', async () => {
  let current: typeof flight | typeof removed = removed;
  const api = mockApi({
    'GET /api/FlightDetail/7': () => ({ body: current }),
    'GET /api/FlightDetail/7/path': { body: path },
    'POST /api/FlightDetail/7/restore': () => {
      current = flight;
      return { body: flight };
    },
  });
  renderWithProviders(<FlightDetailModal flightId={7} onClose={() => undefined} />);
  await userEvent.click(await screen.findByRole('button', { name: 'Restore Flight' }));
  await waitFor(() => expect(screen.getByTestId('flight-status')).toHaveTextContent('Active'));
  expect(screen.queryByText('Flight Removed')).not.toBeInTheDocument();
  expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
});

test('failures: the details, the path, restoring and updating the reason each say so', async () => {
  mockApi({ 'GET /api/FlightDetail/7': { status: 500, body: {} }, 'GET /api/FlightDetail/7/path': { status: 500, body: {} } });
  const { unmount } = renderWithProviders(<FlightDetailModal flightId={7} onClose={() => undefined} />);
  expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch flight details');
  unmount();
  jest.restoreAllMocks();

  mockApi({
    'GET /api/FlightDetail/7': { body: removed },
    'GET /api/FlightDetail/7/path': { status: 500, body: {} },
    'POST /api/FlightDetail/7/restore': { status: 500, body: {} },
    'PUT /api/FlightDetail/7/removalreason': { status: 400, body: { message: 'Unknown removal reason: 42.' } },
  });
  renderWithProviders(<FlightDetailModal flightId={7} onClose={() => undefined} />);
  expect(await screen.findByText('Failed to fetch flight path')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Restore Flight' }));
  expect(await screen.findByText('Failed to restore flight')).toBeInTheDocument();
  await userEvent.selectOptions(screen.getByLabelText('Removal reason'), 'Other Reason');
  await userEvent.click(screen.getByRole('button', { name: 'Update Reason' }));
  expect(await screen.findByText('Unknown removal reason: 42.')).toBeInTheDocument();
});

test('the map rules: 400 px, red line width 3, padding 30, default view over Switzerland', () => {
  expect(MAP_HEIGHT_PX).toBe(400);
  expect(PATH_STYLE).toEqual({ color: '#ff0000', width: 3 });
  expect(FIT_PADDING_PX).toBe(30);
  expect(DEFAULT_VIEW).toEqual({ latitude: 46.8, longitude: 8.2, zoom: 7 });
  expect(pathLonLats([{ latitude: 46.6, longitude: 7.8 }, { latitude: Number.NaN, longitude: 1 }, { latitude: 95, longitude: 1 }])).toEqual([[7.8, 46.6]]);
  expect(pathLonLats(undefined)).toEqual([]);
});

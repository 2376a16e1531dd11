import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ThermalMap } from '../../../../contract/thermals';
import { createThermalMap } from '../../../features/thermal-map/thermal-layer';
import { mockApi } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render';

jest.mock('../../../features/thermal-map/thermal-layer', () => ({ createThermalMap: jest.fn() }));
const controller = { setTileUrl: jest.fn(), setCells: jest.fn(), onMove: jest.fn(), centreOn: jest.fn(), dispose: jest.fn() };
(createThermalMap as jest.Mock).mockImplementation(() => controller);

afterEach(() => {
  jest.restoreAllMocks();
  Object.values(controller).forEach((fn) => fn.mockClear());
});

const map: ThermalMap = {
  scope: 'public',
  cellSize: 0.01,
  cells: [
    { latitude: 46.605, longitude: 7.805, count: 4, averageClimb: 1.9, bestHour: 14, failedLaunches: 0 },
    { latitude: 46.705, longitude: 8.005, count: 0, averageClimb: null, bestHour: null, failedLaunches: 1 },
  ],
};

const moveTo = (box: object) => {
  const onMove = controller.onMove.mock.calls.find((c) => c[0])![0] as (box: object) => void;
  act(() => onMove(box));
};

test('a visitor opens the public thermal map: public flights only, filters, downloads of public hotspots and a way to sign in', async () => {
  const api = mockApi({ 'GET /api/auth/session': { body: { user: null } }, 'GET /api/thermals': { body: map } });
  renderApp({ route: '/thermals/public' });
  expect(await screen.findByRole('heading', { name: 'Thermal map', level: 1 })).toBeInTheDocument();
  await waitFor(() => expect(controller.onMove).toHaveBeenCalledWith(expect.any(Function)));
  moveTo({ west: 7.5, south: 46.4, east: 8.3, north: 46.9 });
  await waitFor(() => expect(screen.getByTestId('thermal-summary')).toHaveTextContent('Thermals in view: 4. Launches that found nothing: 1.'));
  const rows = within(screen.getByRole('table', { name: 'Busiest spots in view' })).getAllByRole('row');
  expect(rows[1]).toHaveTextContent('1.9 m/s');
  expect(rows[1]).toHaveTextContent('14:00');
  // No choice of scope: the own map needs a session.
  expect(screen.queryByLabelText('Flights')).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  expect(Object.fromEntries(api.calls.find((c) => c.path === '/api/thermals')!.query)).toEqual({ scope: 'public', bbox: '7.5000,46.4000,8.3000,46.9000' });

  await userEvent.selectOptions(screen.getByLabelText('Month'), '8');
  await userEvent.selectOptions(screen.getByLabelText('From hour'), '22');
  await userEvent.selectOptions(screen.getByLabelText('To hour'), '1');
  await waitFor(() => expect(Object.fromEntries(api.calls.at(-1)!.query)).toEqual({ scope: 'public', bbox: '7.5000,46.4000,8.3000,46.9000', months: '8', hours: '0,1,22,23' }));
  expect(api.calls.filter((c) => c.path === '/api/thermals').every((c) => c.query.get('scope') === 'public')).toBe(true);
  expect(screen.getByRole('link', { name: 'Download hotspots (.cup)' })).toHaveAttribute('href', '/api/thermals.cup?scope=public&bbox=7.5000%2C46.4000%2C8.3000%2C46.9000&months=8&hours=0%2C1%2C22%2C23');
  expect(screen.getByRole('link', { name: 'Download hotspots (.kml)' })).toHaveAttribute('href', '/api/thermals.kml?scope=public&bbox=7.5000%2C46.4000%2C8.3000%2C46.9000&months=8&hours=0%2C1%2C22%2C23');
  expect(document.title).toContain('Thermal map of public flights');
});

test('a signed-in pilot on the public map is pointed to their own map', async () => {
  const anna = { id: 1, email: 'anna@example.com', username: 'anna', displayName: null, role: 'User' as const, preferredLanguage: 'en' as const, emailVerified: true, authProvider: 'local' as const };
  mockApi({ 'GET /api/auth/session': { body: { user: anna } }, 'GET /api/thermals': { body: map } });
  renderApp({ route: '/thermals/public', preloadedState: { auth: { user: anna, status: 'signedIn' } } });
  expect(await screen.findByRole('link', { name: 'Your own thermal map' })).toHaveAttribute('href', '/thermals');
  expect(screen.queryByLabelText('Flights')).not.toBeInTheDocument();
});

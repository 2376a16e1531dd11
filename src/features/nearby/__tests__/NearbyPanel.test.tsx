import { act, screen, within } from '@testing-library/react';
import type { Nearby, PublicFlightRef } from '../../../../contract/community';
import { mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { FlightNearbyPanel, PublicNearbyPanel } from '../NearbyPanel';

afterEach(() => jest.restoreAllMocks());

const ref = (token: string, name: string, startTime = '2025-07-14T08:05:00.000Z'): PublicFlightRef => ({
  token,
  pilot: { name, username: null },
  startTime,
  timeZone: 'UTC',
  flightTime: 5_430,
  distance: 42.356,
  xcPoints: 50,
  flightCode: 'od',
});

const nearby: Nearby = {
  place: { id: 'pl_Niesen', name: 'Niesen' },
  sameDay: [ref('Same1', 'Carla')],
  flewWith: [{ ...ref('With1', 'Ben'), metAt: '2025-07-14T10:42:00.000Z' }],
};

test('on a shared flight, lists who flew with it (when they met) and who flew the same place that day, each linking to their flight', async () => {
  const api = mockApi({ 'GET /api/public/flights/Tok/nearby': { body: nearby } });
  renderWithProviders(<PublicNearbyPanel token="Tok" />);
  expect(await screen.findByRole('heading', { name: 'Who flew here today' })).toBeInTheDocument();
  const flewWith = screen.getByRole('table', { name: 'Flew with' });
  expect(within(flewWith).getByRole('link', { name: 'Ben' })).toHaveAttribute('href', '/shared/With1');
  expect(within(flewWith).getByRole('columnheader', { name: 'Met at' })).toBeInTheDocument();
  expect(flewWith).toHaveTextContent('10:42');
  const sameDay = screen.getByRole('table', { name: 'Same place, same day' });
  expect(within(sameDay).getByRole('link', { name: 'Carla' })).toHaveAttribute('href', '/shared/Same1');
  expect(sameDay).toHaveTextContent('08:05');
  expect(screen.getByRole('link', { name: 'All flights at Niesen' })).toHaveAttribute('href', '/places/pl_Niesen');
  // One click compares this flight with everyone listed.
  expect(screen.getByRole('link', { name: 'Compare these flights' })).toHaveAttribute('href', '/compare?f=Tok,With1,Same1');
  expect(api.calls.map((c) => c.path)).toEqual(['/api/public/flights/Tok/nearby']);
});

test('on the pilot’s own flight, asks by flight id and says when nobody else flew there', async () => {
  mockApi({ 'GET /api/FlightDetail/7/nearby': { body: { place: null, sameDay: [], flewWith: [] } } });
  renderWithProviders(<FlightNearbyPanel flightId={7} />);
  expect(await screen.findByText('No public flight met this one.')).toBeInTheDocument();
  expect(screen.getByText('No other public flight from here on this day.')).toBeInTheDocument();
  expect(screen.queryByRole('link')).toBeNull();
});

test('shows nothing when the flight has no nearby answer (not public)', async () => {
  const api = mockApi({ 'GET /api/public/flights/Tok/nearby': { status: 404, body: { message: 'Not found' } } });
  renderWithProviders(<PublicNearbyPanel token="Tok" />);
  // Let the failed answer land in the store before looking.
  await act(() => new Promise((r) => setTimeout(r, 50)));
  expect(api.calls.map((c) => c.status)).toEqual([404]);
  expect(screen.queryByRole('heading', { name: 'Who flew here today' })).toBeNull();
});

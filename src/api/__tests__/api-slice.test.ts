import { flightsApi } from '../flights';
import { createStore } from '../../app/store';
import { mockApi } from '../../testing/mock-api';
import { setUnauthorizedHandler } from '../base';
import { authApi } from '../auth';

afterEach(() => jest.restoreAllMocks());

const flight = { id: 7, startTime: '2024-07-01T10:00:00Z', timeZone: 'Europe/Zurich', status: 'Completed', flightTime: 3600, distance: 12.3, maxAltitude: 2100, elevationGain: 800, xcPoints: 12, leftCircles: 3, rightCircles: 4, flightCode: 'tri', takeoffLocation: 'Fiesch', landingLocation: 'Fiesch', gliderType: null, removalReason: 0, removalDate: null };

test('removing a flight refreshes the lists, months, marked count and statistics that show it', async () => {
  const api = mockApi({
    'GET /api/FlightDetail/byMonth': { body: [flight] },
    'GET /api/FlightDetail/months': { body: [{ year: 2024, month: 7, count: 1, firstDay: '2024-07-01' }] },
    'GET /api/FlightDetail/marked/count': { body: { count: 0 } },
    'GET /api/statistics/overall': { body: {} },
    'PUT /api/FlightDetail/7/removaldate': { body: flight },
  });
  const store = createStore({ recordActions: false });
  const subscriptions = [
    store.dispatch(flightsApi.endpoints.flightsByMonth.initiate({ year: 2024, month: 7 })),
    store.dispatch(flightsApi.endpoints.months.initiate()),
    store.dispatch(flightsApi.endpoints.markedCount.initiate()),
    store.dispatch((await import('../statistics')).statisticsApi.endpoints.overallStatistics.initiate()),
  ];
  await Promise.all(subscriptions);
  const before = api.calls.length;
  await store.dispatch(flightsApi.endpoints.setRemovalDate.initiate({ id: 7, removalDate: '2024-08-01T00:00:00.000Z' }));
  await new Promise((r) => setTimeout(r, 50));
  const refetched = api.calls.slice(before + 1).map((c) => c.path).sort();
  expect(refetched).toEqual(['/api/FlightDetail/byMonth', '/api/FlightDetail/marked/count', '/api/FlightDetail/months', '/api/statistics/overall']);
  subscriptions.forEach((s) => s.unsubscribe());
});

test('a saved note is written into the cached list and flight without fetching them again', async () => {
  const api = mockApi({
    'GET /api/FlightDetail': { body: [flight, { ...flight, id: 8 }] },
    'GET /api/FlightDetail/byMonth': { body: [{ ...flight, id: 8 }] },
    'GET /api/FlightDetail/8/detailed': { body: { ...flight, id: 8, notes: null } },
    'PATCH /api/FlightDetail/8': { body: { ...flight, id: 8, notes: 'Thermik' } },
  });
  const store = createStore({ recordActions: false });
  const subscriptions = [
    store.dispatch(flightsApi.endpoints.flights.initiate()),
    store.dispatch(flightsApi.endpoints.flightsByMonth.initiate({ year: 2024, month: 7 })),
    store.dispatch(flightsApi.endpoints.detailed.initiate(8)),
  ];
  await Promise.all(subscriptions);
  const before = api.calls.length;
  await store.dispatch(flightsApi.endpoints.patchFlight.initiate({ id: 8, body: { notes: 'Thermik' } }));
  await new Promise((r) => setTimeout(r, 50));
  expect(api.calls.slice(before).map((c) => `${c.method} ${c.path}`)).toEqual(['PATCH /api/FlightDetail/8']);
  const state = store.getState();
  expect(flightsApi.endpoints.flights.select()(state).data?.map((f) => f.notes)).toEqual([undefined, 'Thermik']);
  expect(flightsApi.endpoints.flightsByMonth.select({ year: 2024, month: 7 })(state).data?.[0]?.notes).toBe('Thermik');
  expect(flightsApi.endpoints.detailed.select(8)(state).data?.notes).toBe('Thermik');
  subscriptions.forEach((s) => s.unsubscribe());
});

test('a note saved while a search is shown reads the search again; a wing changed refreshes lists and statistics', async () => {
  const api = mockApi({
    'GET /api/FlightDetail': { body: [{ ...flight, id: 8 }] },
    'GET /api/statistics/overall': { body: {} },
    'PATCH /api/FlightDetail/8': { body: { ...flight, id: 8, notes: 'Thermik' } },
  });
  const store = createStore({ recordActions: false });
  const subscriptions = [store.dispatch(flightsApi.endpoints.flights.initiate({ q: 'thermik' })), store.dispatch((await import('../statistics')).statisticsApi.endpoints.overallStatistics.initiate())];
  await Promise.all(subscriptions);
  let before = api.calls.length;
  await store.dispatch(flightsApi.endpoints.patchFlight.initiate({ id: 8, body: { notes: 'Thermik' } }));
  await new Promise((r) => setTimeout(r, 50));
  expect(api.calls.slice(before).map((c) => `${c.method} ${c.path}`)).toEqual(['PATCH /api/FlightDetail/8', 'GET /api/FlightDetail']);

  before = api.calls.length;
  await store.dispatch(flightsApi.endpoints.patchFlight.initiate({ id: 8, body: { gliderId: 3 } }));
  await new Promise((r) => setTimeout(r, 50));
  expect(api.calls.slice(before + 1).map((c) => `${c.method} ${c.path}`).sort()).toEqual(['GET /api/FlightDetail', 'GET /api/statistics/overall']);
  subscriptions.forEach((s) => s.unsubscribe());
});

test('state-changing calls carry the XSRF header from the cookie; the query string follows docs/product.md §7', async () => {
  document.cookie = 'XSRF-TOKEN=abc%2Fdef; path=/';
  const api = mockApi({ 'PUT /api/FlightDetail/7/removalreason': { body: flight }, 'GET /api/FlightDetail/byYear': { body: [] } });
  const store = createStore({ recordActions: false });
  await store.dispatch(flightsApi.endpoints.setRemovalReason.initiate({ id: 7, removalReason: 2 }));
  await store.dispatch(flightsApi.endpoints.flightsByYear.initiate({ year: 2024 }));
  const put = api.calls.find((c) => c.method === 'PUT')!;
  expect(put.headers.get('X-XSRF-TOKEN')).toBe('abc/def');
  expect(put.body).toEqual({ removalReason: 2 });
  const byYear = api.calls.find((c) => c.path === '/api/FlightDetail/byYear')!;
  expect(Object.fromEntries(byYear.query)).toEqual({ year: '2024', markedOnly: 'false' });
});

test('a 401 calls the unauthorized handler, except for login and the check', async () => {
  const handler = jest.fn();
  setUnauthorizedHandler(handler);
  mockApi({
    'GET /api/FlightDetail/marked/count': { status: 401, body: {} },
    'POST /api/auth/login': { status: 401, body: { message: 'Invalid email or password.' } },
    'GET /api/auth/check': { status: 401, body: {} },
  });
  const store = createStore({ recordActions: false });
  await store.dispatch(authApi.endpoints.login.initiate({ email: 'a@b.c', password: 'x' }));
  await store.dispatch(authApi.endpoints.check.initiate());
  expect(handler).not.toHaveBeenCalled();
  await store.dispatch(flightsApi.endpoints.markedCount.initiate());
  expect(handler).toHaveBeenCalledTimes(1);
});

test('adjacent answers null when the server has no neighbour', async () => {
  mockApi({ 'GET /api/FlightDetail/7/adjacent': ({ query }) => (query.get('direction') === 'next' ? { body: { id: 8 } } : { status: 404, body: { message: 'No previous flight.' } }) });
  const store = createStore({ recordActions: false });
  expect((await store.dispatch(flightsApi.endpoints.adjacent.initiate({ id: 7, direction: 'next' }))).data).toBe(8);
  expect((await store.dispatch(flightsApi.endpoints.adjacent.initiate({ id: 7, direction: 'prev' }))).data).toBeNull();
});

test('hiding a photo position sends the flag and reads the flight photos again', async () => {
  const { photosApi } = await import('../photos');
  const api = mockApi({
    'GET /api/FlightDetail/7/photos': { body: [] },
    'PATCH /api/photos/5': { body: {} },
  });
  const store = createStore({ recordActions: false });
  const list = store.dispatch(photosApi.endpoints.flightPhotos.initiate(7));
  await list;
  const before = api.calls.length;
  await store.dispatch(photosApi.endpoints.patchPhoto.initiate({ id: 5, flightId: 7, body: { positionHidden: true } }));
  await new Promise((r) => setTimeout(r, 50));
  expect(api.calls.slice(before).map((c) => `${c.method} ${c.path}`)).toEqual(['PATCH /api/photos/5', 'GET /api/FlightDetail/7/photos']);
  expect(api.calls[before]!.body).toEqual({ positionHidden: true });
  list.unsubscribe();
});

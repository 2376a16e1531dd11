import { screen, waitFor, within } from '@testing-library/react';
import type { PublicFlight } from '../../../../contract/sharing';
import { createFlightMap } from '../../../components/map/flight-map';
import { publicFlightFixture } from '../../../testing/flight-fixtures';
import { mockApi, type MockAnswer } from '../../../testing/mock-api';
import { mockMapController } from '../../../testing/map-controller';
import { renderApp } from '../../../testing/render';
// Loaded before the router asks for it, so the lazy route does not wait for its compilation.
import '../SharedFlightPage';

jest.mock('../../../components/map/flight-map', () => ({ createFlightMap: jest.fn() }));
const controller = mockMapController();
(createFlightMap as jest.Mock).mockImplementation(() => controller);

afterEach(() => jest.restoreAllMocks());

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUv';
const shared = (over: Partial<PublicFlight> = {}) => publicFlightFixture({ gliderName: 'Ozone Rush 6 MS', siteName: 'Niesen', ...over });
const track = (n: number) => [
  { type: 'flight', id: 'flight', geometry: { type: 'LineString', points: Array.from({ length: n }, (_, i) => ({ latitude: 46 + i / 1000, longitude: 8, baroAltitude: 1000 + i, timestamp: 1_752_480_300_000 + i * 1000 })) } },
];

function visit(path: string, routes: Record<string, MockAnswer>) {
  const api = mockApi({ 'GET /api/config': { body: { devLogin: false, googleLogin: false, tiles: { street: 's', topo: 't', satellite: 'x' } } }, ...routes });
  return { ...api, ...renderApp({ route: path }) };
}

test('shows the pilot name, date and site, the stat cards, the map and the profile of a shared flight, without a session', async () => {
  const { calls, router } = visit(`/shared/${TOKEN}`, {
    [`GET /api/public/flights/${TOKEN}`]: { body: shared() },
    [`GET /api/public/flights/${TOKEN}/features`]: { body: track(20) },
  });
  expect(await screen.findByRole('heading', { level: 1, name: "Anna Alpin's flight" })).toBeInTheDocument();
  expect(screen.getByText(/^Jul 14, 2025, 10:05 · Niesen · Ozone Rush 6 MS$/)).toBeInTheDocument();
  expect(screen.getByText('XC Distance').nextSibling).toHaveTextContent('42.4 km');
  expect(screen.getByText('Max Height').nextSibling).toHaveTextContent('2751 m');
  expect(screen.getByRole('main')).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Flight Path' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Height Profile' })).toBeInTheDocument();
  await waitFor(() => expect(controller.setFeatures).toHaveBeenLastCalledWith(track(20), 'od', true));
  expect(calls.filter((c) => c.path.endsWith('/features')).map((c) => c.query.get('lowRes'))).toEqual(['false']);
  expect(screen.queryByRole('heading', { name: 'Notes' })).not.toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Thermals and Glides' })).not.toBeInTheDocument();
  expect(screen.queryByRole('link', { name: /More flights by/ })).not.toBeInTheDocument();
  // The pilot allows no download here.
  expect(screen.queryByRole('group', { name: 'Download the track' })).not.toBeInTheDocument();
  expect(document.title).toBe('Flight of Anna Alpin on Jul 14, 2025 from Niesen');
  expect(router.state.location.pathname).toBe(`/shared/${TOKEN}`);
});

test('shows the notes, the phases and a link to the pilot page when the pilot shared them', async () => {
  const phases = {
    thermals: [{ startTime: '2025-07-14T08:10:00.000Z', endTime: '2025-07-14T08:14:00.000Z', startIndex: 1, endIndex: 5, entryAltitude: 1200, exitAltitude: 1800, gain: 600, averageClimb: 2.5, maxClimb: 4.1, direction: 'left' as const, turns: 9, latitude: 46.01, longitude: 8, windSpeed: null, windDirection: null }],
    glides: [],
    summary: { circlingShare: 0.4, thermalCount: 1, averageThermalClimb: 2.5, bestThermalClimb: 4.1, glideRatio: 8.2 },
  };
  visit(`/shared/${TOKEN}`, {
    [`GET /api/public/flights/${TOKEN}`]: { body: shared({ notes: 'Strong climbs\nover the ridge', phases, pilot: { name: 'Anna Alpin', pageUrl: 'https://logbook.example/pilots/anna' } }) },
    [`GET /api/public/flights/${TOKEN}/features`]: { body: track(20) },
  });
  expect(await screen.findByRole('heading', { name: 'Notes' })).toBeInTheDocument();
  expect(screen.getByTestId('shared-notes').textContent).toBe('Strong climbs\nover the ridge');
  expect(screen.getByRole('heading', { name: 'Thermals and Glides' })).toBeInTheDocument();
  expect(screen.getByTestId('phases')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'More flights by Anna Alpin' })).toHaveAttribute('href', '/pilots/anna');
});

test('a public flight shows its comments right under the summary and the notes, above the map and the thermal tables', async () => {
  const phases = {
    thermals: [{ startTime: '2025-07-14T08:10:00.000Z', endTime: '2025-07-14T08:14:00.000Z', startIndex: 1, endIndex: 5, entryAltitude: 1200, exitAltitude: 1800, gain: 600, averageClimb: 2.5, maxClimb: 4.1, direction: 'left' as const, turns: 9, latitude: 46.01, longitude: 8, windSpeed: null, windDirection: null }],
    glides: [],
    summary: { circlingShare: 0.4, thermalCount: 1, averageThermalClimb: 2.5, bestThermalClimb: 4.1, glideRatio: 8.2 },
  };
  visit(`/shared/${TOKEN}`, {
    [`GET /api/public/flights/${TOKEN}`]: { body: shared({ visibility: 'public', notes: 'Strong climbs', phases }) },
    [`GET /api/public/flights/${TOKEN}/features`]: { body: track(20) },
    [`GET /api/public/flights/${TOKEN}/comments`]: { body: { comments: [] } },
    [`GET /api/public/flights/${TOKEN}/likes`]: { body: { count: 0, likedByYou: false, pilots: [] } },
    [`GET /api/public/flights/${TOKEN}/nearby`]: { body: { place: null, sameDay: [], flewWith: [] } },
  });
  await screen.findByRole('heading', { name: 'Comments' });
  const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
  expect(headings.slice(0, 3)).toEqual(['Notes', 'Comments', 'Flight Path']);
  expect(headings.indexOf('Comments')).toBeLessThan(headings.indexOf('Thermals and Glides'));
});

test('a flight over 3 hours shows its low-resolution track first, then the full one', async () => {
  const { calls } = visit(`/shared/${TOKEN}`, {
    [`GET /api/public/flights/${TOKEN}`]: { body: shared({ flightTime: 4 * 3600 }) },
    [`GET /api/public/flights/${TOKEN}/features`]: ({ query }) => ({ body: track(query.get('lowRes') === 'true' ? 3 : 9) }),
  });
  await waitFor(() => expect(calls.filter((c) => c.path.endsWith('/features')).map((c) => c.query.get('lowRes'))).toEqual(['true', 'false']));
  await waitFor(() => expect(controller.setFeatures).toHaveBeenLastCalledWith(track(9), 'od', false));
});

test('a flight added by hand shows its two cards and no track, and asks for none', async () => {
  const { calls } = visit(`/shared/${TOKEN}`, { [`GET /api/public/flights/${TOKEN}`]: { body: shared({ source: 'manual', distance: 12.5 }) } });
  expect(await screen.findByTestId('no-track')).toBeInTheDocument();
  expect(screen.getByText('Distance').nextSibling).toHaveTextContent('12.5 km');
  expect(screen.queryByText('Max Height')).not.toBeInTheDocument();
  expect(calls.some((c) => c.path.endsWith('/features'))).toBe(false);
});

test('an unknown or revoked link says the flight is not shared (not a bare "Page not found"), with no detour to the login page', async () => {
  const { router } = visit('/shared/revoked', { 'GET /api/public/flights/revoked': { status: 404, body: { message: 'Shared flight not found.' } } });
  expect(await screen.findByRole('heading', { level: 1, name: 'This flight is not shared' })).toBeInTheDocument();
  expect(screen.getByText('Its pilot may have stopped sharing it, or the link is incomplete. Ask the pilot for a new link.')).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/shared/revoked');
});

test('a 401 from a public call is no expired session: the visitor stays on the page and sees the error', async () => {
  const { router } = visit(`/fr/shared/${TOKEN}`, { [`GET /api/public/flights/${TOKEN}`]: { status: 401, body: { message: 'Not signed in.' } } });
  expect(await screen.findByRole('alert')).toBeInTheDocument();
  expect(router.state.location.pathname).toBe(`/fr/shared/${TOKEN}`);
});

test('shows shared photos by number (they carry no file name) and puts only the placed ones on the map', async () => {
  const photo = (id: string, over: Partial<PublicFlight['photos'][number]> = {}) => ({
    id,
    url: `/api/public/flights/${TOKEN}/photos/${id}`,
    thumbUrl: `/api/public/flights/${TOKEN}/photos/${id}/thumb`,
    takenAt: null,
    latitude: null,
    longitude: null,
    placement: 'none' as const,
    width: 40,
    height: 30,
    ...over,
  });
  visit(`/shared/${TOKEN}`, {
    [`GET /api/public/flights/${TOKEN}`]: { body: shared({ photos: [photo('q2Xk9aPzR0sT1uVwYx3bCd', { takenAt: '2025-07-14T08:10:00Z', latitude: 46.01, longitude: 8, placement: 'time' }), photo('Zy8wVu7tS6rQ5pO4nM3lKj')] }) },
    [`GET /api/public/flights/${TOKEN}/features`]: { body: track(20) },
  });
  expect(await screen.findByRole('img', { name: /^Photo 1, / })).toHaveAttribute('src', `/api/public/flights/${TOKEN}/photos/q2Xk9aPzR0sT1uVwYx3bCd/thumb`);
  expect(screen.getByRole('img', { name: 'Photo 2' })).toHaveAttribute('src', `/api/public/flights/${TOKEN}/photos/Zy8wVu7tS6rQ5pO4nM3lKj/thumb`);
  await waitFor(() => expect(controller.setPhotoMarkers).toHaveBeenLastCalledWith([expect.objectContaining({ id: 1, latitude: 46.01, longitude: 8 })], null));
});

test('asks a link-only flight for no neighbours (they answer 404 for it)', async () => {
  const { calls } = visit(`/shared/${TOKEN}`, {
    [`GET /api/public/flights/${TOKEN}`]: { body: shared({ visibility: 'link' }) },
    [`GET /api/public/flights/${TOKEN}/features`]: { body: track(20) },
  });
  expect(await screen.findByRole('heading', { name: /Anna Alpin/ })).toBeInTheDocument();
  expect(calls.some((c) => c.path.endsWith('/nearby'))).toBe(false);
  expect(screen.queryByRole('heading', { name: 'Who flew here today' })).not.toBeInTheDocument();
});

test('shows who flew here today below a public flight, each opening the other flight, and a link to the place', async () => {
  const other = { token: 'Other1', pilot: { name: 'Ben', username: null }, startTime: '2025-07-14T08:30:00.000Z', timeZone: 'Europe/Zurich', flightTime: 3600, distance: 20, xcPoints: 25, flightCode: 'fai' };
  visit(`/shared/${TOKEN}`, {
    [`GET /api/public/flights/${TOKEN}`]: { body: shared({ visibility: 'public' }) },
    [`GET /api/public/flights/${TOKEN}/features`]: { body: track(20) },
    [`GET /api/public/flights/${TOKEN}/comments`]: { body: { comments: [] } },
    [`GET /api/public/flights/${TOKEN}/likes`]: { body: { count: 0, likedByYou: false, pilots: [] } },
    [`GET /api/public/flights/${TOKEN}/nearby`]: { body: { place: { id: 'pl_N', name: 'Niesen' }, sameDay: [], flewWith: [{ ...other, metAt: '2025-07-14T09:12:00.000Z' }] } },
  });
  expect(await screen.findByRole('heading', { name: 'Who flew here today' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Ben' })).toHaveAttribute('href', '/shared/Other1');
  expect(screen.getByRole('table', { name: 'Flew with' })).toHaveTextContent('11:12');
  expect(screen.getByRole('link', { name: 'All flights at Niesen' })).toHaveAttribute('href', '/places/pl_N');
});

test('offers the track as IGC and GPX when the pilot allows it, GPX alone when there is no IGC of this flight alone', async () => {
  const base = `/api/public/flights/${TOKEN}`;
  visit(`/shared/${TOKEN}`, {
    [`GET ${base}`]: { body: shared({ visibility: 'public', trackDownload: { gpx: `${base}/track.gpx`, igc: `${base}/track.igc` } }) },
    [`GET ${base}/features`]: { body: track(20) },
  });
  const group = await screen.findByRole('group', { name: 'Download the track' });
  expect(within(group).getByRole('link', { name: 'Download IGC' })).toHaveAttribute('href', `${base}/track.igc`);
  expect(within(group).getByRole('link', { name: 'Download GPX' })).toHaveAttribute('href', `${base}/track.gpx`);
  expect(within(group).getByRole('link', { name: 'Download GPX' })).toHaveAttribute('download');
});

test('offers GPX alone when the original is not an IGC of this flight alone', async () => {
  const base = `/api/public/flights/${TOKEN}`;
  visit(`/shared/${TOKEN}`, {
    [`GET ${base}`]: { body: shared({ visibility: 'public', trackDownload: { gpx: `${base}/track.gpx`, igc: null } }) },
    [`GET ${base}/features`]: { body: track(20) },
  });
  const group = await screen.findByRole('group', { name: 'Download the track' });
  expect(within(group).getAllByRole('link').map((a) => a.textContent)).toEqual(['Download GPX']);
});

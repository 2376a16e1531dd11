import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emptyStatistics, mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import StatisticsPage from '../StatisticsPage';

afterEach(() => jest.restoreAllMocks());

const overall = { totalFlights: 42, totalHours: 45 * 3600 + 7 * 60 + 30, totalDistance: 1234.56, maxAltitude: 3456.6, maxDistance: 87.25, maxDuration: 5 * 3600 + 3 * 60, firstFlight: '2021-04-03T09:00:00Z', lastFlight: '2024-08-20T22:30:00Z', firstFlightTimeZone: 'Europe/Zurich', lastFlightTimeZone: 'Europe/Zurich' };
const yearly = [
  { year: 2024, totalFlights: 30, totalHours: 36000, totalDistance: 800.04, maxDistance: 87.25, maxDuration: 18180, avgFlightTime: 1200 },
  { year: 2023, totalFlights: 12, totalHours: 5400, totalDistance: 0, maxDistance: 0, maxDuration: 0, avgFlightTime: 450 },
];
const sites = {
  totalSites: 3,
  mostRecentSite: { siteId: 1, siteName: 'Interlaken', date: '2024-08-20T12:00:00Z' },
  mostFlightsSite: { siteId: 2, siteName: 'Chamonix', flightCount: 20, totalHours: 30 * 3600 },
  topLaunchSites: [
    { siteId: 2, siteName: 'Chamonix', flightCount: 20, totalHours: 30 * 3600, lastVisited: '2024-07-01T10:00:00Z' },
    { siteId: 1, siteName: 'Interlaken', flightCount: 1, totalHours: 1800, lastVisited: '2024-08-20T12:00:00Z' },
  ],
};
const monthly = [
  { year: 2023, month: 6, totalHours: 5400 },
  { year: 2024, month: 7, totalHours: 36000 },
];

const full = () => ({
  'GET /api/statistics/overall': { body: overall },
  'GET /api/statistics/yearly-summary': { body: yearly },
  'GET /api/statistics/flight-sites': { body: sites },
  'GET /api/statistics/monthly-hours': ({ query }: { query: URLSearchParams }) => ({ body: query.get('year') ? monthly.filter((m) => m.year === Number(query.get('year'))) : monthly }),
  'GET /api/statistics/gliders': { body: [] },
});

const tile = (section: HTMLElement, label: string) => within(section).getByText(label).nextElementSibling?.textContent;

test('the eight overall tiles, formatted for statistics', async () => {
  mockApi(full());
  renderWithProviders(<StatisticsPage />);
  expect(screen.getByRole('heading', { name: 'Flight Statistics' })).toBeInTheDocument();
  const section = screen.getByRole('region', { name: 'Overall Statistics' });
  await within(section).findByText('Total Flights');
  expect(tile(section, 'Total Flights')).toBe('42');
  expect(tile(section, 'Total Hours')).toBe('45:07');
  expect(tile(section, 'Total Distance')).toBe('1234.6 km');
  expect(tile(section, 'Max Altitude')).toBe('3457 m');
  expect(tile(section, 'Max Distance')).toBe('87.3 km');
  expect(tile(section, 'Max Duration')).toBe('5:03');
  expect(tile(section, 'First Flight')).toBe('Apr 3, 2021');
  // 22:30 UTC is already the 21st in Zurich.
  expect(tile(section, 'Last Flight')).toBe('Aug 21, 2024');
});

test('flight sites: totals, most recent and most used site, the ranked list', async () => {
  mockApi(full());
  renderWithProviders(<StatisticsPage />);
  const section = screen.getByRole('region', { name: 'Flight Sites' });
  await within(section).findByText('Total Sites');
  expect(tile(section, 'Total Sites')).toBe('3');
  expect(tile(section, 'Most Recent Site')).toBe('Interlaken');
  expect(within(section).getByText('Aug 20, 2024')).toBeInTheDocument();
  expect(tile(section, 'Most Used Site')).toBe('Chamonix');
  const ranked = within(section).getAllByRole('listitem');
  expect(ranked.map((li) => li.querySelector('strong')?.textContent)).toEqual(['Chamonix', 'Interlaken']);
  expect(ranked[0]).toHaveTextContent('20 flights · 30:00 h');
  expect(ranked[0]).toHaveTextContent('Last visited Jul 1, 2024');
  expect(ranked[1]).toHaveTextContent('1 flight · 0:30 h');
});

test('two launch sites of the same town are told apart in the ranked list and the tiles, as on the Sites page', async () => {
  const site = (id: number, name: string, latitude: number, flightCount: number, landingCount: number) => ({ id, name, latitude, longitude: -2.34, named: false, flightCount, landingCount, totalSeconds: 3600, lastVisit: '2024-07-01T10:00:00Z', timeZone: 'Europe/London' });
  const ranked = (siteId: number, siteName: string, flightCount: number) => ({ siteId, siteName, flightCount, totalHours: flightCount * 3600, lastVisited: '2024-07-01T10:00:00Z', timeZone: 'Europe/London' });
  mockApi({
    ...full(),
    'GET /api/statistics/flight-sites': {
      body: {
        totalSites: 3,
        mostRecentSite: { siteId: 5, siteName: 'Great Malvern', date: '2024-07-01T10:00:00Z', timeZone: 'Europe/London' },
        mostFlightsSite: { siteId: 7, siteName: 'Hay Bluff', flightCount: 9, totalHours: 9 * 3600 },
        topLaunchSites: [ranked(7, 'Hay Bluff', 9), ranked(4, 'Great Malvern', 6), ranked(5, 'Great Malvern', 2)],
      },
    },
    'GET /api/sites': { body: [site(7, 'Hay Bluff', 52.01, 9, 0), site(4, 'Great Malvern', 52.1047, 6, 0), site(5, 'Great Malvern', 52.0912, 2, 4)] },
  });
  renderWithProviders(<StatisticsPage />);
  const section = screen.getByRole('region', { name: 'Flight Sites' });
  await within(section).findAllByTestId('site-distinction');
  const list = within(section).getByRole('list', { name: 'Top Launch Sites' });
  const apart = within(list).getAllByRole('listitem').map((li) => [li.querySelector('strong')?.textContent, within(li).queryByTestId('site-distinction')?.textContent ?? null]);
  expect(apart).toEqual([
    ['Hay Bluff', null],
    ['Great Malvern', 'launch'],
    ['Great Malvern', 'launch and landing'],
  ]);
  expect(within(section).getByText('Most Recent Site').parentElement).toHaveTextContent('Great Malvernlaunch and landing');
  expect(within(section).getByText('Most Used Site').parentElement).not.toHaveTextContent('launch');
});

test('the yearly table has seven columns and statistics formats, zeros included', async () => {
  mockApi(full());
  renderWithProviders(<StatisticsPage />);
  const table = await screen.findByRole('table', { name: 'Yearly Summary' });
  expect(within(table).getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['Year', 'Flights', 'Hours', 'Distance', 'Max Distance', 'Max Duration', 'Avg Flight Time']);
  const rows = within(table).getAllByRole('row').slice(1);
  expect([...rows[0]!.children].map((c) => c.textContent)).toEqual(['2024', '30', '10:00', '800.0 km', '87.3 km', '5:03', '0:20']);
  expect([...rows[1]!.children].map((c) => c.textContent)).toEqual(['2023', '12', '1:30', '0.0 km', '0.0 km', '0:00', '0:07']);
});

test('monthly chart: All Years first, then the years newest first; picking one sends only that year', async () => {
  const api = mockApi(full());
  const user = userEvent.setup();
  renderWithProviders(<StatisticsPage />);
  const section = screen.getByRole('region', { name: 'Monthly Flight Hours' });
  await within(section).findByTestId('bar-2024-7');
  expect(within(section).getByTestId('bar-2023-6')).toBeInTheDocument();
  const select = within(section).getByLabelText('Year');
  expect([...(select as HTMLSelectElement).options].map((o) => o.textContent)).toEqual(['All Years', '2024', '2023']);
  expect(api.calls.filter((c) => c.path === '/api/statistics/monthly-hours').map((c) => c.query.get('year'))).toEqual([null]);
  await user.selectOptions(select, '2023');
  expect(await within(section).findByTestId('bar-2023-6')).toBeInTheDocument();
  expect(within(section).queryByTestId('bar-2024-7')).not.toBeInTheDocument();
  expect(api.calls.filter((c) => c.path === '/api/statistics/monthly-hours').map((c) => c.query.get('year'))).toEqual([null, '2023']);
});

test('spinners while loading, then the empty states', async () => {
  mockApi(emptyStatistics);
  renderWithProviders(<StatisticsPage />);
  expect(screen.getAllByRole('status', { name: 'Loading' }).length).toBe(5);
  expect(await screen.findByText('No flights linked to a glider yet')).toBeInTheDocument();
  expect(await screen.findAllByText('No flight data available')).toHaveLength(3);
  expect(await screen.findByText('No monthly data available')).toBeInTheDocument();
  expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument();
});

test('a failed load is logged and the section shows its empty state', async () => {
  const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  mockApi({
    'GET /api/statistics/overall': { status: 500, body: { message: 'boom' } },
    'GET /api/statistics/yearly-summary': { status: 500, body: {} },
    'GET /api/statistics/flight-sites': { status: 500, body: {} },
    'GET /api/statistics/monthly-hours': { status: 500, body: {} },
    'GET /api/statistics/gliders': { status: 500, body: {} },
  });
  renderWithProviders(<StatisticsPage />);
  expect(await screen.findAllByText('No flight data available')).toHaveLength(3);
  expect(await screen.findByText('No monthly data available')).toBeInTheDocument();
  expect(screen.queryByText('boom')).not.toBeInTheDocument();
  expect(log).toHaveBeenCalled();
});

test('the glider table: totals per wing, then each year', async () => {
  mockApi({
    ...full(),
    'GET /api/statistics/gliders': {
      body: [
        { gliderId: 3, gliderName: 'Ozone Rush 6 MS', flightCount: 3, totalSeconds: 4 * 3600 + 30 * 60, totalDistance: 61.25, years: [{ year: 2024, flightCount: 2, totalSeconds: 3 * 3600, totalDistance: 40 }, { year: 2023, flightCount: 1, totalSeconds: 5400, totalDistance: 21.25 }] },
      ],
    },
  });
  renderWithProviders(<StatisticsPage />);
  const table = await screen.findByRole('table', { name: 'Flights per glider' });
  const rows = within(table).getAllByRole('row').map((r) => r.textContent);
  expect(rows).toEqual(['GliderFlightsHoursDistance', 'Ozone Rush 6 MS34:3061.3 km', 'Ozone Rush 6 MS in 202423:0040.0 km', 'Ozone Rush 6 MS in 202311:3021.3 km']);
});

test('the tandem tables: flights per season and per wing, a flight without a wing on a row of its own', async () => {
  mockApi({
    ...full(),
    'GET /api/tandem/statistics': {
      body: { total: 3, seasons: [{ year: 2024, count: 2 }, { year: 2023, count: 1 }], wings: [{ gliderId: 4, gliderName: 'Advance Bi Beta 6', count: 2 }, { gliderId: null, gliderName: null, count: 1 }] },
    },
  });
  renderWithProviders(<StatisticsPage />);
  const seasons = await screen.findByRole('table', { name: 'Tandem flights per season' });
  expect(within(seasons).getAllByRole('row').map((r) => r.textContent)).toEqual(['SeasonTandem flights', '20242', '20231']);
  const wings = screen.getByRole('table', { name: 'Tandem flights per wing' });
  expect(within(wings).getAllByRole('row').map((r) => r.textContent)).toEqual(['GliderTandem flights', 'Advance Bi Beta 62', 'No wing linked1']);
  expect(screen.getByText('3 tandem flights in all')).toBeInTheDocument();
});

test('a pilot who flies in feet and miles reads the tiles, the yearly table and the sites in those units (docs/units.md)', async () => {
  mockApi(full());
  const pilot = { id: 1, email: 'p@example.com', username: 'p', displayName: null, role: 'User', preferredLanguage: 'en', emailVerified: true, authProvider: 'local', units: { altitude: 'ft', distance: 'mi', speed: 'mph', climb: 'fpm' } as const };
  renderWithProviders(<StatisticsPage />, { preloadedState: { auth: { user: pilot, status: 'signedIn' } } });
  const section = screen.getByRole('region', { name: 'Overall Statistics' });
  await within(section).findByText('Total Flights');
  expect(tile(section, 'Total Distance')).toBe('767.1 mi');
  expect(tile(section, 'Max Altitude')).toBe('11341 ft');
  expect(tile(section, 'Max Distance')).toBe('54.2 mi');
  const table = await screen.findByRole('table', { name: 'Yearly Summary' });
  expect([...within(table).getAllByRole('row')[1]!.children].map((c) => c.textContent)).toEqual(['2024', '30', '10:00', '497.1 mi', '54.2 mi', '5:03', '0:20']);
});

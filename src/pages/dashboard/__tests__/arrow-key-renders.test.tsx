import { act, screen, waitFor } from '@testing-library/react';
import type { MonthSummary } from '../../../../contract/flights';
import { createFlightMap } from '../../../components/map/flight-map';
import { flight } from '../../../testing/flight-fixtures';
import { mockMapController } from '../../../testing/map-controller';
import { mockApi } from '../../../testing/mock-api';
import { renderRoutes } from '../../../testing/render';
import DashboardPage from '../DashboardPage';

// Issue 26 item 5 (docs/app.md, arrow keys at 10,000 flights): a new selection redraws the list's rows
// and the selected flight's panel, never the tools above the list. Each tool counts its renders here.
const mockRenders = { months: 0, search: 0, upload: 0 };
jest.mock('../MonthFilter', () => {
  const actual = jest.requireActual('../MonthFilter');
  return { ...actual, MonthFilter: (props: object) => (mockRenders.months++, actual.MonthFilter(props)) };
});
jest.mock('../SearchBox', () => {
  const actual = jest.requireActual('../SearchBox');
  return { ...actual, SearchBox: (props: object) => (mockRenders.search++, actual.SearchBox(props)) };
});
jest.mock('../../../features/upload/Upload', () => {
  const actual = jest.requireActual('../../../features/upload/Upload');
  return { ...actual, Upload: (props: object) => (mockRenders.upload++, actual.Upload(props)) };
});
jest.mock('../../../components/map/flight-map', () => ({ createFlightMap: jest.fn() }));
const controller = mockMapController();
(createFlightMap as jest.Mock).mockImplementation(() => controller);

const m = (year: number, month: number, count: number): MonthSummary => ({ year, month, count, firstDay: `${year}-${String(month).padStart(2, '0')}-01` });
const selectedRow = () => document.querySelector('tr[aria-selected="true"]')?.getAttribute('data-flight-id');

test('an arrow key redraws neither the upload area, the search nor the month filter', async () => {
  const flights = Array.from({ length: 6 }, (_, i) => flight({ id: 100 + i, startTime: `2024-08-${String(20 - i).padStart(2, '0')}T10:00:00Z` }));
  mockApi({
    'GET /api/config': { body: { devLogin: false, googleLogin: false, tiles: { street: 's', topo: 't', satellite: 'x' } } },
    'GET /api/FlightDetail/marked/count': { body: { count: 0 } },
    'GET /api/uploadtasks': { body: [] },
    'GET /api/FlightDetail/months': { body: [m(2024, 8, 6), m(2024, 7, 0)] },
    'GET /api/FlightDetail/byMonth': { body: flights },
  });
  renderRoutes([{ path: '/dashboard', element: <DashboardPage /> }], { initialEntries: ['/dashboard?year=2024&month=8'] });
  await screen.findByRole('cell', { name: /Aug 20, 2024/ });
  await waitFor(() => expect(screen.getByTestId('period-totals')).toHaveTextContent('6 flights'));
  const before = { ...mockRenders };
  expect(before.months).toBeGreaterThan(0);

  for (let i = 0; i < 4; i++) {
    await act(async () => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
    });
  }
  await waitFor(() => expect(selectedRow()).toBe('103'));
  await screen.findByRole('region', { name: 'Selected flight' });
  expect(mockRenders).toEqual(before);
});

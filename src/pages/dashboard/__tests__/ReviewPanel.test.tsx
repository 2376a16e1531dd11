import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReviewFlight } from '../../../../contract/community';
import { mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { ReviewPanel } from '../ReviewPanel';

afterEach(() => jest.restoreAllMocks());

const waiting = (id: number, startTime: string, place: string): ReviewFlight => ({ id, startTime, timeZone: 'UTC', flightTime: 5_400, distance: 42.36, xcPoints: 50, flightCode: 'od', status: 'Completed', place });

/** A server that keeps the review list: a decision removes the flights it names (all when none is named). */
function reviewServer(flights: ReviewFlight[]) {
  let list = flights;
  return mockApi({
    'GET /api/FlightDetail/review': () => ({ body: { flights: list } }),
    'POST /api/FlightDetail/review': ({ body }) => {
      const { flightId } = body as { flightId?: number };
      const before = list.length;
      list = flightId === undefined ? [] : list.filter((f) => f.id !== flightId);
      return { body: { changed: before - list.length } };
    },
  });
}

test('says how many flights wait, publishes one with one click, keeps one private, and announces each', async () => {
  const user = userEvent.setup();
  const api = reviewServer([waiting(3, '2025-07-16T10:00:00.000Z', 'Niesen'), waiting(2, '2025-07-15T10:00:00.000Z', 'Wimmis'), waiting(1, '2025-07-14T10:00:00.000Z', 'Gurnigel')]);
  renderWithProviders(<ReviewPanel />);
  const panel = await screen.findByRole('region', { name: '3 flights wait for your review' });
  expect(within(panel).getByText('They are private until you publish them.')).toBeInTheDocument();
  const items = within(panel).getAllByRole('listitem');
  expect(items[0]).toHaveTextContent('Jul 16, 2025, 10:00');
  expect(items[0]).toHaveTextContent('Niesen · 1:30 h · 42.4 km');
  expect(within(items[0]!).getByRole('link', { name: 'Jul 16, 2025, 10:00' })).toHaveAttribute('href', '/flight/3');

  await user.click(within(panel).getByRole('button', { name: 'Publish the flight of Jul 16, 2025, 10:00' }));
  expect(await screen.findByRole('region', { name: '2 flights wait for your review' })).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent('Flights published: 1.');
  await user.click(screen.getByRole('button', { name: 'Keep private: the flight of Jul 15, 2025, 10:00' }));
  expect(await screen.findByRole('region', { name: '1 flight waits for your review' })).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent('The flight stays private.');
  // One flight left: no "Publish all".
  expect(screen.queryByRole('button', { name: 'Publish all' })).not.toBeInTheDocument();
  expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
    { flightId: 3, visibility: 'public' },
    { flightId: 2, visibility: 'private' },
  ]);
});

test('publishes all at once; the panel goes and the status says how many', async () => {
  const user = userEvent.setup();
  const api = reviewServer([waiting(2, '2025-07-15T10:00:00.000Z', 'Wimmis'), waiting(1, '2025-07-14T10:00:00.000Z', 'Gurnigel')]);
  renderWithProviders(<ReviewPanel />);
  await user.click(await screen.findByRole('button', { name: 'Publish all' }));
  await waitFor(() => expect(screen.queryByRole('region')).not.toBeInTheDocument());
  expect(screen.getByRole('status')).toHaveTextContent('Flights published: 2.');
  expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ visibility: 'public' }]);
});

test('shows nothing while no flight waits', async () => {
  const api = reviewServer([]);
  renderWithProviders(<ReviewPanel />);
  await waitFor(() => expect(api.calls.some((c) => c.path === '/api/FlightDetail/review')).toBe(true));
  expect(screen.queryByRole('region')).not.toBeInTheDocument();
  expect(screen.queryByRole('heading')).not.toBeInTheDocument();
});

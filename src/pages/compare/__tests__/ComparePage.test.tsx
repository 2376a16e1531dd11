import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CompareAnswer, CompareFlight } from '../../../../contract/compare';
import { createCompareMap } from '../../../features/compare/compare-map';
import { mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import ComparePage from '../ComparePage';

jest.mock('../../../features/compare/compare-map', () => ({ createCompareMap: jest.fn() }));
const controller = { setTileUrl: jest.fn(), setTracks: jest.fn(), setTime: jest.fn(), dispose: jest.fn() };
(createCompareMap as jest.Mock).mockImplementation(() => controller);

afterEach(() => {
  jest.restoreAllMocks();
  Object.values(controller).forEach((fn) => fn.mockClear());
});

const flight = (ref: string, token: string | null, name: string, colourIndex: number, offset: number, lat: number[]): CompareFlight => ({
  ref,
  token,
  pilot: { name, username: null },
  colourIndex,
  startTime: new Date(Date.UTC(2025, 6, 14, 10, 0, offset)).toISOString(),
  timeZone: 'UTC',
  offset,
  track: { t: lat.map((_, i) => i * 600), lat, lon: lat.map(() => 8), alt: lat.map((_, i) => 1000 + i * 300) },
});

const answer = (shareable: boolean): CompareAnswer => ({
  alignment: 'clock',
  shareable,
  flights: [flight('7', shareable ? 'TokA' : null, 'Anna', 0, 0, [46, 46.1, 46.2]), flight('TokB', 'TokB', 'Ben', 1, 300, [46, 46.02, 46.05])],
});

test('shows the flights, draws them on the map and the profile, and replays with the keyboard', async () => {
  const api = mockApi({ 'GET /api/compare': { body: answer(false) } });
  renderWithProviders(<ComparePage />, { route: '/compare?f=7,TokB' });
  const list = await screen.findByRole('list', { name: 'Compared flights' });
  expect(within(list).getByRole('link', { name: 'Anna' })).toHaveAttribute('href', '/flight/7');
  expect(within(list).getByRole('link', { name: 'Ben' })).toHaveAttribute('href', '/shared/TokB');
  expect(api.calls[0]!.query.get('f')).toBe('7,TokB');
  expect(controller.setTracks).toHaveBeenCalledWith([expect.objectContaining({ flight: expect.objectContaining({ ref: '7' }) }), expect.objectContaining({ flight: expect.objectContaining({ ref: 'TokB' }) })]);
  expect(screen.getByRole('img', { name: 'Height of each flight over time' })).toBeInTheDocument();
  // Not every flight is public: no link to share.
  expect(screen.queryByLabelText(/Link to this comparison/)).toBeNull();

  const clock = screen.getByTestId('replay-clock');
  expect(clock).toHaveTextContent('10:00');
  const replay = screen.getByRole('group', { name: 'Replay' });
  replay.focus();
  fireEvent.keyDown(replay, { key: 'End' });
  expect(clock).toHaveTextContent('10:25');
  const standings = screen.getByRole('table', { name: 'Standings' });
  expect(within(standings).getAllByRole('row')[1]).toHaveTextContent('Anna (leader)');
  expect(within(standings).getAllByRole('row')[1]).toHaveTextContent('(landed)');
  fireEvent.keyDown(replay, { key: 'Home' });
  expect(clock).toHaveTextContent('10:00');
  expect(within(standings).getAllByRole('row')[2]).toHaveTextContent('(not yet flying)');
  fireEvent.keyDown(replay, { key: 'ArrowRight', shiftKey: true });
  expect(controller.setTime).toHaveBeenLastCalledWith(100);
  fireEvent.keyDown(replay, { key: '+' });
  expect(screen.getByLabelText('Speed')).toHaveValue('100');

  await userEvent.click(screen.getByRole('button', { name: 'Play' }));
  expect(screen.getByRole('button', { name: 'Pause' })).toHaveAttribute('aria-pressed', 'true');
  await act(() => new Promise((r) => setTimeout(r, 120)));
  expect(controller.setTime.mock.calls.at(-1)![0]).toBeGreaterThan(100);
  await userEvent.click(screen.getByRole('button', { name: 'Pause' }));
});

test('offers the link to share when every flight is public, and removes a flight from the address', async () => {
  mockApi({ 'GET /api/compare': { body: answer(true) } });
  renderWithProviders(<ComparePage />, { route: '/compare?f=7,TokB' });
  const link = await screen.findByLabelText(/Link to this comparison/);
  expect((link as HTMLInputElement).value).toMatch(/\/compare\?f=TokA,TokB$/);
  const api = mockApi({ 'GET /api/compare': { body: { ...answer(true), flights: answer(true).flights.slice(1) } } });
  await userEvent.click(screen.getByRole('button', { name: 'Remove the flight of Anna' }));
  await screen.findByText((_, el) => el?.tagName === 'INPUT' && (el as HTMLInputElement).value.endsWith('/compare?f=TokB'));
  expect(api.calls.filter((c) => c.path === '/api/compare').map((c) => c.query.get('f'))).toEqual(['TokB']);
});

test('says when a flight is not public or unknown, and adds a flight from its share link', async () => {
  const api = mockApi({ 'GET /api/compare': ({ query }) => (query.get('f')!.includes('Gone') ? { status: 404, body: { message: 'This shared flight does not exist or is no longer shared.' } } : { body: answer(false) }) });
  renderWithProviders(<ComparePage />, { route: '/compare?f=TokB,GoneGone' });
  expect(await screen.findByRole('alert')).toHaveTextContent('One of these flights does not exist or is not public.');
  await userEvent.click(screen.getByRole('button', { name: 'Remove flight 2' }));
  await screen.findByRole('list', { name: 'Compared flights' });
  await userEvent.type(screen.getByLabelText("Add a flight: its share link, or your flight's number"), 'not a link!{Enter}');
  expect(screen.getByRole('alert')).toHaveTextContent('This is neither a share link nor a flight number.');
  const input = screen.getByLabelText("Add a flight: its share link, or your flight's number");
  await userEvent.clear(input);
  await userEvent.type(input, 'https://example.org/shared/TokC123456{Enter}');
  await screen.findByRole('list', { name: 'Compared flights' });
  expect(api.calls.filter((c) => c.path === '/api/compare').at(-1)!.query.get('f')).toBe('TokB,TokC123456');
});

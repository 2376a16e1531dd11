import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { achievementsApi } from '../../../api/achievements';
import { mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { ACHIEVEMENT_CATALOGUE } from '../../../../contract/achievements';
import { ACHIEVEMENT_TEXT, formatAmount, goalText } from '../../../components/achievements/catalogue';
import { METRIC, setActiveUnits } from '../../../format/units';
import { BUBBLES, CONFETTI_PIECES } from '../../../components/achievements/Celebration';
import { AchievementPopup } from '../AchievementPopup';
import { i18n } from '@lingui/core';

const notes = [
  { id: 1, achievementId: 'flights', achievementName: 'Frequent Flyer', level: 3, achievedAt: '2024-06-01T10:00:00Z', flightId: 77 },
  { id: 2, achievementId: 'airtime', achievementName: 'Airtime', level: 1, achievedAt: '2024-06-01T10:00:00Z', flightId: null },
];

function reducedMotion(reduce: boolean) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({ matches: reduce && query.includes('reduce'), media: query, addEventListener: () => undefined, removeEventListener: () => undefined }),
  });
}

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
  delete (window as { matchMedia?: unknown }).matchMedia;
});

async function show(routes: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({ 'GET /api/achievements/notifications': { body: notes }, 'POST /api/achievements/notifications/1/dismiss': { body: {} }, 'POST /api/achievements/notifications/2/dismiss': { body: {} }, ...routes });
  const view = renderWithProviders(<AchievementPopup />);
  await act(async () => {
    await view.store.dispatch(achievementsApi.endpoints.notifications.initiate());
  });
  await screen.findByRole('dialog', {}, { timeout: 3000 });
  return { api, ...view };
}

test('shows the first notification: title, name, description with the tier goal, tier badge, Awesome! with a smaller Next and Dismiss all', async () => {
  reducedMotion(true);
  await show();
  const dialog = screen.getByRole('dialog', { name: 'Achievement Unlocked!' });
  expect(dialog).toHaveTextContent('Frequent Flyer');
  expect(dialog).toHaveAccessibleDescription('You reached Gold: 50 flights.');
  expect(dialog).toHaveTextContent('Gold');
  expect(dialog).toHaveTextContent('1 more to celebrate');
  // The dismiss button keeps the product's words while more wait; Next is its own, smaller button.
  const awesome = screen.getByRole('button', { name: 'Awesome!' });
  expect(awesome).toHaveFocus();
  expect(screen.getByRole('button', { name: 'Next' })).not.toBe(awesome);
  expect(screen.getByRole('button', { name: 'Dismiss all' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Reached on your flight of Jun 1, 2024' })).toHaveAttribute('href', '/flight/77');
});

test('Dismiss all dismisses every notification at once and closes', async () => {
  reducedMotion(true);
  const { api, store } = await show({ 'POST /api/achievements/notifications/dismiss-all': { body: { message: '2 notifications dismissed.' } } });
  await userEvent.click(screen.getByRole('button', { name: 'Dismiss all' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/achievements/notifications/dismiss-all']);
  expect(store.getState().achievementQueue.queue).toEqual([]);
});

test('Awesome! dismisses on the server and shows the next one; after the last it closes the popup', async () => {
  reducedMotion(true);
  const { api, store } = await show();
  await userEvent.click(screen.getByRole('button', { name: 'Awesome!' }));
  expect(screen.getByRole('dialog')).toHaveTextContent('Airtime');
  // The last one: no Next, nothing more to celebrate.
  expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
  expect(screen.getByRole('dialog')).not.toHaveTextContent('more to celebrate');
  expect(screen.getByRole('dialog')).toHaveAccessibleDescription('You reached Bronze: 10 h in the air.');
  expect(screen.queryByRole('button', { name: 'Dismiss all' })).not.toBeInTheDocument();
  expect(screen.queryByRole('link')).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Awesome!' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  await waitFor(() => expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/achievements/notifications/1/dismiss', '/api/achievements/notifications/2/dismiss']));
  expect(store.getState().achievementQueue.queue).toEqual([]);
});

test('a dismissed notification never pops up again, even if a stale answer still lists it', async () => {
  reducedMotion(true);
  const { store } = await show();
  await userEvent.click(screen.getByRole('button', { name: 'Next' }));
  // An answer that left the server before the dismissal landed.
  act(() => {
    store.dispatch({ type: `${achievementsApi.reducerPath}/executeQuery/fulfilled`, payload: notes, meta: { arg: { endpointName: 'notifications', type: 'query' }, requestId: 'x', requestStatus: 'fulfilled', fulfilledTimeStamp: Date.now(), baseQueryMeta: {} } });
  });
  expect(store.getState().achievementQueue.queue.map((n) => n.id)).toEqual([2]);
  expect(screen.getByRole('dialog')).toHaveTextContent('Airtime');
});

test('Next, too, dismisses this one and shows the next', async () => {
  reducedMotion(true);
  const { api } = await show();
  await userEvent.click(screen.getByRole('button', { name: 'Next' }));
  expect(screen.getByRole('dialog')).toHaveTextContent('Airtime');
  await waitFor(() => expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/achievements/notifications/1/dismiss']));
});

test("it is the app's dialog: Tab stays inside, Escape closes it and dismisses the shown one", async () => {
  reducedMotion(true);
  const { api, store } = await show({ 'POST /api/achievements/notifications/1/dismiss': { body: {} } });
  const dialog = screen.getByRole('dialog', { name: 'Achievement Unlocked!' });
  for (let i = 0; i < 8; i++) {
    await userEvent.tab();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
  }
  await userEvent.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(store.getState().achievementQueue.queue).toHaveLength(1);
  await waitFor(() => expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/achievements/notifications/1/dismiss']));
});

test('the close button (✕) dismisses the shown one for good: it does not come back with the next notifications answer', async () => {
  reducedMotion(true);
  const { api, store } = await show({ 'POST /api/achievements/notifications/1/dismiss': { body: {} } });
  await userEvent.click(screen.getByRole('button', { name: 'Close' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  await waitFor(() => expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/achievements/notifications/1/dismiss']));
  // The next page asks again; an answer that left before the dismissal landed still lists it.
  await act(() => store.dispatch(achievementsApi.endpoints.notifications.initiate(undefined, { forceRefetch: true })));
  expect(store.getState().achievementQueue.queue.map((n) => n.id)).not.toContain(1);
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test('a failed dismissal is only logged and the next one still shows', async () => {
  reducedMotion(true);
  const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  await show({ 'POST /api/achievements/notifications/1/dismiss': { status: 500, body: {} } });
  await userEvent.click(screen.getByRole('button', { name: 'Awesome!' }));
  expect(screen.getByRole('dialog')).toHaveTextContent('Airtime');
  await waitFor(() => expect(log).toHaveBeenCalled());
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test('animation: steps at 0.1, 1, 1.5, 2 and 2.5 s; 50 confetti pieces from 0.3 s to 3 s; 20 bubbles', async () => {
  jest.useFakeTimers();
  reducedMotion(false);
  await show();
  const dialog = screen.getByRole('dialog');
  const step = () => Number(dialog.getAttribute('data-step'));
  expect(step()).toBe(0);
  expect(screen.getAllByTestId('bubble')).toHaveLength(BUBBLES);
  expect(BUBBLES).toBe(20);
  const at = async (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));
  await at(100);
  expect(step()).toBe(1);
  expect(screen.queryByTestId('confetti')).not.toBeInTheDocument();
  await at(200);
  expect(screen.getAllByTestId('confetti-piece')).toHaveLength(CONFETTI_PIECES);
  expect(CONFETTI_PIECES).toBe(50);
  await at(700);
  expect(step()).toBe(2);
  await at(500);
  expect(step()).toBe(3);
  await at(500);
  expect(step()).toBe(4);
  await at(500);
  expect(step()).toBe(5);
  expect(screen.getByTestId('confetti')).toBeInTheDocument();
  await at(500);
  expect(screen.queryByTestId('confetti')).not.toBeInTheDocument();
});

test('with reduced motion everything shows at once, without confetti', async () => {
  jest.useFakeTimers();
  reducedMotion(true);
  await show();
  expect(screen.getByRole('dialog')).toHaveAttribute('data-step', '5');
  await act(() => jest.advanceTimersByTimeAsync(1000));
  expect(screen.queryByTestId('confetti-piece')).not.toBeInTheDocument();
});

test('goals in words, with plurals and units', () => {
  i18n.activate('en');
  expect(goalText('flights', 1, i18n)).toBe('1 flight');
  expect(goalText('sites', 4, i18n)).toBe('10 launch sites');
  expect(goalText('longest-flight', 2, i18n)).toBe('a single flight of 2 h');
  expect(goalText('xc-distance', 5, i18n)).toBe('200 km cross-country in one flight');
  expect(goalText('altitude', 1, i18n)).toBe('1500 m above sea level');
  expect(goalText('thermals', 2, i18n)).toBe('500 thermal turns');
  expect(goalText('flights', 0, i18n)).toBeNull();
  expect(goalText('unknown', 1, i18n)).toBeNull();
});

test('goals follow the pilot\'s units (docs/units.md), not kilometres and metres always', () => {
  i18n.activate('en');
  setActiveUnits({ altitude: 'ft', distance: 'mi', speed: 'mph', climb: 'fpm' });
  try {
    expect(goalText('xc-distance', 5, i18n)).toBe('124.3 mi cross-country in one flight');
    expect(goalText('altitude', 1, i18n)).toBe('4921 ft above sea level');
    expect(formatAmount('xc-distance', 121.9, 'en')).toBe('75.7 mi');
  } finally {
    setActiveUnits(METRIC);
  }
});

test('the app words every achievement of the catalogue, and no other', () => {
  expect(Object.keys(ACHIEVEMENT_TEXT).sort()).toEqual(ACHIEVEMENT_CATALOGUE.map((a) => a.id).sort());
  for (const a of ACHIEVEMENT_CATALOGUE) expect(i18n._(ACHIEVEMENT_TEXT[a.id].title)).toBeTruthy();
});

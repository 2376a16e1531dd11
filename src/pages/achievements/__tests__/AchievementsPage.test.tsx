import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import AchievementsPage from '../AchievementsPage';

afterEach(() => jest.restoreAllMocks());

const base = { achievedAt: null, flightId: null, titleKey: 'k', descriptionKey: 'd' };
const page = {
  completedAchievements: [
    { ...base, id: 'flights', achievementName: 'Frequent Flyer', level: 2, achievedAt: '2024-06-01T10:00:00Z', icon: 'airplane', group: 'flight' },
    { ...base, id: 'altitude', achievementName: 'Cloudbase', level: 5, achievedAt: '2024-07-01T10:00:00Z', flightId: 42, icon: 'trophy', group: 'altitude' },
  ],
  inProgressAchievements: [
    { ...base, id: 'flights', achievementName: 'Frequent Flyer', level: 2, icon: 'airplane', group: 'flight', completedCount: 12, nextGoal: 50, progress: 24, achievementLevel: 3 },
    { ...base, id: 'airtime', achievementName: 'Airtime', level: 0, icon: 'clock', group: 'time', completedCount: 9000, nextGoal: 36000, progress: 25, achievementLevel: 1 },
  ],
};
const notes = [
  { id: 1, achievementId: 'flights', achievementName: 'Frequent Flyer', level: 2, achievedAt: '2024-06-01T10:00:00Z' },
  { id: 2, achievementId: 'altitude', achievementName: 'Cloudbase', level: 5, achievedAt: '2024-07-01T10:00:00Z' },
];

test('In Progress and Completed cards: progress with units and next tier; tier badge and date when done', async () => {
  mockApi({ 'GET /api/achievements': { body: page }, 'GET /api/achievements/notifications': { body: [] } });
  renderWithProviders(<AchievementsPage />);
  expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  const progress = await screen.findByRole('region', { name: 'In Progress' });
  const airtime = within(progress).getByRole('article', { name: 'Airtime' });
  expect(airtime).toHaveTextContent('2.5 h / 10 h');
  expect(airtime).toHaveTextContent('25%');
  expect(airtime).toHaveTextContent('Next: Bronze');
  expect(within(airtime).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');
  expect(within(progress).getByRole('article', { name: 'Frequent Flyer' })).toHaveTextContent('12 / 50');
  expect(within(progress).getByRole('article', { name: 'Frequent Flyer' })).toHaveTextContent('Next: Gold');

  const completed = screen.getByRole('region', { name: 'Completed' });
  const cloudbase = within(completed).getByRole('article', { name: 'Cloudbase' });
  expect(cloudbase).toHaveTextContent('Diamond');
  expect(cloudbase).toHaveTextContent(/Achieved Jul 1, 2024/);
  // The date links to the flight that reached the tier; without one it is plain text.
  expect(within(cloudbase).getByRole('link', { name: /Achieved Jul 1, 2024/ })).toHaveAttribute('href', '/flight/42');
  expect(within(within(completed).getByRole('article', { name: 'Frequent Flyer' })).queryByRole('link')).not.toBeInTheDocument();
  expect(cloudbase.querySelector('[data-icon="trophy"]')).not.toBeNull();
  expect(within(completed).getByRole('article', { name: 'Frequent Flyer' }).querySelector('[data-icon="airplane"]')).not.toBeNull();
  expect(within(completed).queryByRole('progressbar')).not.toBeInTheDocument();
  // No pending notifications: no Dismiss All.
  expect(screen.queryByRole('button', { name: /Dismiss All/ })).not.toBeInTheDocument();
});

test('category tabs filter both sections; an empty category says so', async () => {
  mockApi({ 'GET /api/achievements': { body: page }, 'GET /api/achievements/notifications': { body: [] } });
  renderWithProviders(<AchievementsPage />);
  const tabs = await screen.findByRole('tablist', { name: 'Achievement categories' });
  expect(within(tabs).getAllByRole('tab').map((t) => t.textContent)).toEqual(['All', 'Flight', 'Time', 'Distance', 'Altitude', 'Skills']);
  expect(within(tabs).getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');

  await userEvent.click(within(tabs).getByRole('tab', { name: 'Time' }));
  expect(screen.getByRole('region', { name: 'In Progress' })).toHaveTextContent('Airtime');
  expect(screen.queryByRole('region', { name: 'Completed' })).not.toBeInTheDocument();
  expect(screen.queryByText('Frequent Flyer')).not.toBeInTheDocument();

  await userEvent.click(within(tabs).getByRole('tab', { name: 'Altitude' }));
  expect(screen.queryByRole('region', { name: 'In Progress' })).not.toBeInTheDocument();
  expect(screen.getByRole('region', { name: 'Completed' })).toHaveTextContent('Cloudbase');

  // Arrow keys move between tabs: Altitude → Skills.
  await userEvent.keyboard('{ArrowRight}');
  expect(within(tabs).getByRole('tab', { name: 'Skills' })).toHaveAttribute('aria-selected', 'true');
  expect(within(tabs).getByRole('tab', { name: 'Skills' })).toHaveFocus();
  expect(screen.getByText('No achievements found in this category')).toBeInTheDocument();
  expect(screen.getByText('Complete flights to unlock achievements')).toBeInTheDocument();
});

test('a failed load shows the error box', async () => {
  mockApi({ 'GET /api/achievements': { status: 500, body: {} }, 'GET /api/achievements/notifications': { body: [] } });
  renderWithProviders(<AchievementsPage />);
  expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load achievements');
});

test('Dismiss All shows the pending count, clears it on success and closes the popup', async () => {
  let pending = notes;
  const api = mockApi({
    'GET /api/achievements': { body: page },
    'GET /api/achievements/notifications': () => ({ body: pending }),
    'POST /api/achievements/notifications/dismiss-all': () => {
      pending = [];
      return { body: { message: '2 notifications dismissed.' } };
    },
  });
  const { store } = renderWithProviders(<AchievementsPage />);
  const button = await screen.findByRole('button', { name: /Dismiss All/ });
  expect(within(button).getByLabelText('2 pending notifications')).toHaveTextContent('2');
  expect(store.getState().achievementQueue.open).toBe(true);
  await userEvent.click(button);
  await waitFor(() => expect(screen.queryByRole('button', { name: /Dismiss All/ })).not.toBeInTheDocument());
  expect(store.getState().achievementQueue).toMatchObject({ open: false, queue: [] });
  expect(api.calls.filter((c) => c.path === '/api/achievements/notifications/dismiss-all')).toHaveLength(1);
});

test('a failed Dismiss All shows the server message, else the default text', async () => {
  let answer = { status: 500, body: { message: 'Database is read-only.' } as object };
  mockApi({
    'GET /api/achievements': { body: page },
    'GET /api/achievements/notifications': { body: notes },
    'POST /api/achievements/notifications/dismiss-all': () => answer,
  });
  renderWithProviders(<AchievementsPage />);
  await userEvent.click(await screen.findByRole('button', { name: /Dismiss All/ }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Database is read-only.');
  answer = { status: 500, body: {} };
  await userEvent.click(screen.getByRole('button', { name: /Dismiss All/ }));
  expect(await screen.findByText('Failed to dismiss all notifications')).toBeInTheDocument();
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { rootReducer } from '../../../app/store';
import { mockApi } from '../../../testing/mock-api';
import { actionSequence, mockAppStore, type AppMockStore } from '../../../testing/mock-store';
import { renderWithProviders } from '../../../testing/render';
import { AchievementPopup } from '../AchievementPopup';

// What the popup dispatches, in order (the action log records and replays exactly this).
const first = { id: 1, achievementId: 'flights', achievementName: 'Frequent Flyer', level: 1, achievedAt: '2024-01-01T10:00:00Z', flightId: null };
const second = { ...first, id: 2, achievementId: 'sites', achievementName: 'Explorer' };

afterEach(() => jest.restoreAllMocks());

function popup() {
  const state = { ...rootReducer(undefined, { type: '@@init' }), achievementQueue: { queue: [first, second], open: true, dismissed: [] } };
  const store = mockAppStore({ state });
  renderWithProviders<AppMockStore>(<AchievementPopup />, { store });
  return store;
}

test('Next dismisses the shown notification here first, then on the server', async () => {
  const server = mockApi({ 'POST /api/achievements/notifications/1/dismiss': { body: {} } });
  const store = popup();
  await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
  await waitFor(() => expect(store.getActions()).toHaveLength(3));
  expect(actionSequence(store.getActions())).toEqual(['achievementQueue/notificationDismissed', 'api/executeMutation/pending dismissNotification', 'api/executeMutation/fulfilled dismissNotification']);
  expect(store.getActions()[0]!.payload).toBe(1);
  expect(server.calls.map((c) => c.path)).toEqual(['/api/achievements/notifications/1/dismiss']);
});

test('closing (✕) dismisses the shown notification here first and closes, then on the server', async () => {
  const server = mockApi({ 'POST /api/achievements/notifications/1/dismiss': { body: {} } });
  const store = popup();
  await userEvent.click(await screen.findByRole('button', { name: 'Close' }));
  await waitFor(() => expect(store.getActions()).toHaveLength(3));
  expect(actionSequence(store.getActions())).toEqual(['achievementQueue/notificationClosed', 'api/executeMutation/pending dismissNotification', 'api/executeMutation/fulfilled dismissNotification']);
  expect(server.calls.map((c) => c.path)).toEqual(['/api/achievements/notifications/1/dismiss']);
});

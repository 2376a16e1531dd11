import type { UnknownAction } from '@reduxjs/toolkit';
import { waitFor } from '@testing-library/react';
import { achievementsApi } from '../../../api/achievements';
import { rootReducer, type RootState } from '../../../app/store';
import { mockApi } from '../../../testing/mock-api';
import { actionSequence, mockAppStore } from '../../../testing/mock-store';
import { dismissNotification } from '../achievementQueueSlice';

// What the achievement queue dispatches, in order: the recorded action log replays exactly these.
const first = { id: 1, achievementId: 'flights', achievementName: 'Frequent Flyer', level: 1, achievedAt: '2024-01-01T10:00:00Z', flightId: null };
const second = { ...first, id: 2, achievementId: 'sites', achievementName: 'Explorer' };

afterEach(() => jest.restoreAllMocks());

const initial = (): RootState => rootReducer(undefined, { type: '@@init' });
const withQueue = (queue: (typeof first)[]): RootState => ({ ...initial(), achievementQueue: { queue, open: true, dismissed: [] } });
/** The state after the recorded actions run through the real reducers, as a replay of the action log does. */
const replay = (actions: UnknownAction[], state: RootState = initial()) => actions.reduce(rootReducer, state);

test('enqueue: the notifications answer is one fulfilled action that opens the popup on the oldest', async () => {
  mockApi({ 'GET /api/achievements/notifications': { body: [first, second] } });
  const store = mockAppStore();
  store.dispatch(achievementsApi.endpoints.notifications.initiate(undefined, { subscribe: false }));
  // The mock store's state never changes, so the query's own promise cannot tell when it is done.
  await waitFor(() => expect(store.getActions()).toHaveLength(2));
  expect(actionSequence(store.getActions())).toEqual(['api/executeQuery/pending notifications', 'api/executeQuery/fulfilled notifications']);
  expect(replay(store.getActions()).achievementQueue).toEqual({ queue: [first, second], open: true, dismissed: [] });
});

test('dismiss: the local dismissal comes before the server call, so the next popup does not wait for it', async () => {
  const server = mockApi({ 'POST /api/achievements/notifications/1/dismiss': { body: {} } });
  const store = mockAppStore({ state: withQueue([first, second]) });
  await store.dispatch(dismissNotification(1));
  expect(actionSequence(store.getActions())).toEqual(['achievementQueue/notificationDismissed', 'api/executeMutation/pending dismissNotification', 'api/executeMutation/fulfilled dismissNotification']);
  expect(store.getActions()[0]!.payload).toBe(1);
  expect(server.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/achievements/notifications/1/dismiss']);
  expect(replay(store.getActions(), store.getState()).achievementQueue).toEqual({ queue: [second], open: true, dismissed: [1] });
});

test('dismiss: a refused server call is only logged; the notification stays dismissed here', async () => {
  mockApi({ 'POST /api/achievements/notifications/1/dismiss': { status: 500, body: {} } });
  const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const store = mockAppStore();
  await expect(store.dispatch(dismissNotification(1))).resolves.toBeUndefined();
  expect(actionSequence(store.getActions())).toEqual(['achievementQueue/notificationDismissed', 'api/executeMutation/pending dismissNotification', 'api/executeMutation/rejected dismissNotification']);
  expect(logged).toHaveBeenCalledWith('Failed to dismiss notification', expect.anything());
});

test('dismiss all: pending then fulfilled; only the fulfilled answer empties the queue and closes the popup', async () => {
  mockApi({ 'POST /api/achievements/notifications/dismiss-all': { body: {} } });
  const start = withQueue([first, second]);
  const store = mockAppStore({ state: start });
  await store.dispatch(achievementsApi.endpoints.dismissAllNotifications.initiate());
  const [pending, fulfilled] = store.getActions();
  expect(actionSequence(store.getActions())).toEqual(['api/executeMutation/pending dismissAllNotifications', 'api/executeMutation/fulfilled dismissAllNotifications']);
  expect(replay([pending!], start).achievementQueue).toEqual(start.achievementQueue);
  expect(replay([pending!, fulfilled!], start).achievementQueue).toEqual({ queue: [], open: false, dismissed: [1, 2] });
});

test('a waiting popup raised to a higher tier by a later upload shows that tier, once', async () => {
  mockApi({ 'GET /api/achievements/notifications': { body: [{ ...first, level: 2 }, second] } });
  const store = mockAppStore({ state: withQueue([first]) });
  store.dispatch(achievementsApi.endpoints.notifications.initiate(undefined, { subscribe: false }));
  await waitFor(() => expect(store.getActions()).toHaveLength(2));
  expect(replay(store.getActions(), store.getState()).achievementQueue.queue).toEqual([{ ...first, level: 2 }, second]);
});

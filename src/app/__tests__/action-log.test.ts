import { authApi } from '../../api/auth';
import { dismissNotification } from '../../features/achievementQueue/achievementQueueSlice';
import { uploadProgressed, uploadStarted } from '../../features/upload/uploadSlice';
import { mockApi } from '../../testing/mock-api';
import { mockAppStore } from '../../testing/mock-store';
import { createActionLog } from '../action-log';

// The QA action log must hold exactly what the reducers received, in order: replayActionLog
// (src/app/replay.ts) runs it through the reducers again and must reach the same state.

afterEach(() => jest.restoreAllMocks());

function logged() {
  const log = createActionLog();
  const store = mockAppStore({ middleware: [log.middleware] });
  return { log, store };
}

test('every plain action is logged in the order the reducers receive it; thunks only through the actions they dispatch', async () => {
  mockApi({ 'POST /api/achievements/notifications/4/dismiss': { body: {} } });
  const { log, store } = logged();
  store.dispatch(uploadStarted({ fileCount: 2, showProgress: true }));
  await store.dispatch(dismissNotification(4));
  store.dispatch(uploadProgressed(40));
  const received = store.getActions().map(({ type, payload, meta, error }) => ({ type, payload, meta, error }));
  expect(received.map((a) => a.type)).toEqual([
    'upload/uploadStarted',
    'achievementQueue/notificationDismissed',
    'api/executeMutation/pending',
    'api/executeMutation/fulfilled',
    'upload/uploadProgressed',
  ]);
  // Compared as downloaded (JSON): the api's request and response objects are not data.
  const asJson = (value: unknown) => JSON.parse(JSON.stringify(value));
  const { actions } = log.snapshot();
  // The log also saw the mock store being set up (mockAppStore clears only its own recording).
  expect(actions.slice(0, 2).map((a) => a.type)).toEqual(['api/config/middlewareRegistered', 'test/storeCreated']);
  expect(asJson(actions.slice(2))).toEqual(asJson(received));
});

test('a password is redacted in the log while the reducers receive it as typed', async () => {
  mockApi({ 'POST /api/auth/login': { status: 401, body: { message: 'Invalid email or password.' } } });
  const { log, store } = logged();
  await store.dispatch(authApi.endpoints.login.initiate({ email: 'anna@example.com', password: 'secret1' }));
  const argOf = (action: { meta?: unknown }) => (action.meta as { arg?: { originalArgs?: unknown } } | undefined)?.arg?.originalArgs;
  const calls = (actions: { type: string; meta?: unknown }[]) => actions.filter((a) => a.type.startsWith('api/executeMutation')).map(argOf);
  expect(calls(store.getActions())).toEqual([
    { email: 'anna@example.com', password: 'secret1' },
    { email: 'anna@example.com', password: 'secret1' },
  ]);
  expect(calls(log.snapshot().actions)).toEqual([
    { email: 'anna@example.com', password: '[redacted]' },
    { email: 'anna@example.com', password: '[redacted]' },
  ]);
  expect(JSON.stringify(log.snapshot())).not.toContain('secret1');
});

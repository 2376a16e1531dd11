import { authApi } from '../../api/auth';
import { mockApi } from '../../testing/mock-api';
import { createActionLog } from '../action-log';
import { redact, REDACTED } from '../redact';
import { createStore } from '../store';

afterEach(() => jest.restoreAllMocks());

test('passwords, codes and tokens are redacted at any depth; flags and other fields are kept', () => {
  const value = { arg: { email: 'a@b.c', password: 'pw', newPassword: 'x', currentPassword: 'y', code: 'c0de' }, list: [{ token: 't' }], emailVerified: true, resetCode: null };
  expect(redact(value)).toEqual({ arg: { email: 'a@b.c', password: REDACTED, newPassword: REDACTED, currentPassword: REDACTED, code: REDACTED }, list: [{ token: REDACTED }], emailVerified: true, resetCode: null });
});

test('no password reaches the action log or the state it records, even through the api cache', async () => {
  mockApi({ 'POST /api/auth/login': { status: 401, body: { message: 'Invalid email or password.' } }, 'POST /api/auth/reset-password': { body: { message: 'ok' } } });
  const store = createStore({ recordActions: true });
  await store.dispatch(authApi.endpoints.login.initiate({ email: 'anna@example.com', password: 'S3cret-login' }));
  await store.dispatch(authApi.endpoints.resetPassword.initiate({ code: 'mailed-code-123', newPassword: 'N3w-secret!' }));
  const log = JSON.stringify(store.actionLog!.snapshot());
  expect(log).toContain('anna@example.com');
  for (const secret of ['S3cret-login', 'mailed-code-123', 'N3w-secret!']) expect(log).not.toContain(secret);
  // What DevTools would receive: the sanitised state, api cache included.
  expect(JSON.stringify(redact(store.getState()))).not.toContain('S3cret-login');
  expect(createActionLog().snapshot().actions).toEqual([]);
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ActionLog } from '../action-log';
import { replayActionLog } from '../replay';

// Recorded in Chromium by e2e/account.test.ts (RECORD_ACTION_LOG=1): register, verify, log in, edit the
// profile, change the password, log out, log back in.
const log = JSON.parse(readFileSync(join(__dirname, 'fixtures/journey-actions.json'), 'utf8')) as ActionLog;

test('replaying the recorded journey through the store ends in the state the browser had', () => {
  expect(log.actions.length).toBeGreaterThan(20);
  expect(replayActionLog(log)).toEqual(log.state);
});

test('the recorded journey ends signed in as the pilot it registered', () => {
  expect(replayActionLog(log)).toMatchObject({ auth: { status: 'signedIn', user: { email: 'anna@example.com', emailVerified: true } } });
});

test('a log cut before the logout replays to a different state, so the comparison can fail', () => {
  const logout = log.actions.findIndex((a) => a.type === 'api/executeMutation/fulfilled' && (a.meta as { arg?: { endpointName?: string } })?.arg?.endpointName === 'logout');
  expect(logout).toBeGreaterThan(0);
  const cut = { ...log, actions: log.actions.slice(0, logout + 1) };
  expect(replayActionLog(cut)).toMatchObject({ auth: { status: 'signedOut', user: null } });
});

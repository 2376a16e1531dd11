import { authApi } from '../../api/auth';
import { createStore } from '../../app/store';
import { mockApi } from '../../testing/mock-api';
import { notificationDismissed, popupClosed } from '../achievementQueue/achievementQueueSlice';
import { signedOut } from '../auth/authSlice';
import { flightSelected, pointHighlighted } from '../flightSelection/flightSelectionSlice';
import { initialTheme, systemThemeChanged, themeSlice, themeToggled } from '../theme/themeSlice';
import { uploadFailed, uploadProgressed, uploadStarted, uploadSucceeded } from '../upload/uploadSlice';
import { achievementsApi } from '../../api/achievements';

const pilot = { id: 1, email: 'anna@example.com', username: 'anna', displayName: null, role: 'User', preferredLanguage: 'fr', emailVerified: false, authProvider: 'local' };

afterEach(() => {
  jest.restoreAllMocks();
  localStorage.clear();
});

describe('auth', () => {
  test('a check sets the user, a failed check and logout clear it', async () => {
    let answer: { status?: number; body: unknown } = { body: { user: pilot } };
    mockApi({ 'GET /api/auth/check': () => answer, 'POST /api/auth/logout': { body: { message: 'ok' } } });
    const store = createStore({ recordActions: false });
    await store.dispatch(authApi.endpoints.check.initiate());
    expect(store.getState().auth).toEqual({ user: pilot, status: 'signedIn' });
    answer = { status: 401, body: {} };
    await store.dispatch(authApi.endpoints.check.initiate(undefined, { forceRefetch: true }));
    expect(store.getState().auth).toEqual({ user: null, status: 'signedOut' });
    answer = { body: { user: pilot } };
    await store.dispatch(authApi.endpoints.check.initiate(undefined, { forceRefetch: true }));
    await store.dispatch(authApi.endpoints.logout.initiate());
    expect(store.getState().auth.user).toBeNull();
  });

  test('a profile update and a language change show in the signed-in user', async () => {
    // The check is refetched after a profile update: the server then knows the new name.
    let current = pilot;
    mockApi({
      'GET /api/auth/check': () => ({ body: { user: current } }),
      'PUT /api/auth/profile': () => {
        current = { ...pilot, username: 'anna2', emailVerified: true };
        return { body: { message: 'ok', user: { ...current, profilePictureUrl: null, emailVerified: '2024-05-01T10:00:00.000Z' } } };
      },
      'POST /api/auth/set-language': { body: { message: 'ok', language: 'sl' } },
    });
    const store = createStore({ recordActions: false });
    await store.dispatch(authApi.endpoints.check.initiate());
    await store.dispatch(authApi.endpoints.updateProfile.initiate({ username: 'anna2', email: pilot.email, displayName: '' }));
    await store.dispatch(authApi.endpoints.setLanguage.initiate('sl'));
    expect(store.getState().auth.user).toMatchObject({ username: 'anna2', preferredLanguage: 'sl', emailVerified: true });
    expect(store.getState().auth.user).not.toHaveProperty('profilePictureUrl');
    store.dispatch(signedOut());
    expect(store.getState().auth.status).toBe('signedOut');
  });
});

describe('theme', () => {
  const media = (dark: boolean) => jest.spyOn(window, 'matchMedia').mockReturnValue({ matches: dark } as MediaQueryList);

  test('starts from the stored choice, else the system preference', () => {
    window.matchMedia = jest.fn() as never;
    media(true);
    expect(initialTheme()).toEqual({ mode: 'dark', followsSystem: true });
    localStorage.setItem('theme', 'light');
    expect(initialTheme()).toEqual({ mode: 'light', followsSystem: false });
    localStorage.setItem('theme', 'purple');
    expect(initialTheme().followsSystem).toBe(true);
  });

  test('system changes apply until the pilot toggles', () => {
    let state = themeSlice.reducer({ mode: 'light', followsSystem: true }, systemThemeChanged('dark'));
    expect(state.mode).toBe('dark');
    state = themeSlice.reducer(state, themeToggled());
    expect(state).toEqual({ mode: 'light', followsSystem: false });
    expect(themeSlice.reducer(state, systemThemeChanged('dark')).mode).toBe('light');
  });
});

test('flight selection clears the highlighted point when another flight is selected', () => {
  const store = createStore({ recordActions: false });
  store.dispatch(flightSelected(4));
  store.dispatch(pointHighlighted(120));
  expect(store.getState().flightSelection).toMatchObject({ selectedFlightId: 4, highlightedPointIndex: 120 });
  store.dispatch(flightSelected(5));
  expect(store.getState().flightSelection.highlightedPointIndex).toBeNull();
});

test('upload progress exists only for big uploads and stays within 0-100', () => {
  const store = createStore({ recordActions: false });
  store.dispatch(uploadStarted({ fileCount: 1, showProgress: false }));
  store.dispatch(uploadProgressed(50));
  expect(store.getState().upload.progress).toBeNull();
  store.dispatch(uploadStarted({ fileCount: 2, showProgress: true }));
  store.dispatch(uploadProgressed(140));
  expect(store.getState().upload.progress).toBe(100);
  store.dispatch(uploadSucceeded({ isLargeUpload: true, estimatedFlightCount: 40, totalCount: 2, duplicateCount: 0 }));
  expect(store.getState().upload).toMatchObject({ status: 'success', progress: null });
  store.dispatch(uploadFailed('Only track files (.igc, .gpx, .fit, .kml, .kmz, .tcx), logbooks (.csv, .db) and archives (.zip, .tar.gz, .tgz) are allowed'));
  expect(store.getState().upload).toMatchObject({ status: 'error', error: 'Only track files (.igc, .gpx, .fit, .kml, .kmz, .tcx), logbooks (.csv, .db) and archives (.zip, .tar.gz, .tgz) are allowed' });
});

test('achievement notifications queue up: the first opens, dismissing shows the next, then closes', async () => {
  const first = { id: 1, achievementId: 'flights', achievementName: 'Frequent Flyer', level: 1, achievedAt: '2024-01-01T10:00:00Z' };
  const second = { ...first, id: 2, achievementId: 'sites', achievementName: 'Explorer' };
  mockApi({ 'GET /api/achievements/notifications': { body: [first, second] } });
  const store = createStore({ recordActions: false });
  await store.dispatch(achievementsApi.endpoints.notifications.initiate());
  expect(store.getState().achievementQueue).toMatchObject({ open: true, queue: [first, second] });
  store.dispatch(notificationDismissed(1));
  expect(store.getState().achievementQueue).toMatchObject({ open: true, queue: [second] });
  store.dispatch(popupClosed());
  expect(store.getState().achievementQueue.open).toBe(false);
  store.dispatch(notificationDismissed(2));
  expect(store.getState().achievementQueue).toMatchObject({ open: false, queue: [] });
});

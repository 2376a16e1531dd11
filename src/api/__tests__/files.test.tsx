import { act, screen } from '@testing-library/react';
import { createStore } from '../../app/store';
import { renderRoutes } from '../../testing/render';
import { mockApi } from '../../testing/mock-api';
import { api } from '../base';
import { downloadFile, uploadFiles } from '../files';

// The two endpoints as src/api/flights.ts declares them, on the same api slice.
const filesApi = api.injectEndpoints({
  endpoints: (build) => ({
    uploadForTest: build.mutation<unknown, File[]>({ queryFn: (files) => uploadFiles(files) }),
    downloadIgcForTest: build.mutation<string, number>({ queryFn: (id, _api, _extra, baseQuery) => downloadFile(baseQuery, `/FlightDetail/${id}/igc`, 'flight.igc') }),
  }),
});

/** A stand-in for XMLHttpRequest that answers at once with the given status. */
function fakeXhr(status: number, body: unknown) {
  const original = window.XMLHttpRequest;
  class Xhr {
    status = 0;
    responseText = '';
    withCredentials = false;
    upload = { onprogress: null };
    onload: (() => void) | null = null;
    open() {}
    setRequestHeader() {}
    send() {
      this.status = status;
      this.responseText = JSON.stringify(body);
      setTimeout(() => this.onload?.(), 0);
    }
  }
  (window as unknown as { XMLHttpRequest: unknown }).XMLHttpRequest = Xhr;
  return () => (window.XMLHttpRequest = original);
}

const anna = { id: 1, email: 'anna@example.com', username: 'anna', displayName: null, role: 'User' as const, preferredLanguage: 'en' as const, emailVerified: true, authProvider: 'local' as const };

/** A signed-in pilot on a page; the 401 handling is wired as in the app. */
function dashboard() {
  const store = createStore({ preloadedState: { auth: { user: anna, status: 'signedIn' } }, recordActions: false });
  return renderRoutes(
    [
      { path: '/en/dashboard', element: <p>Dashboard</p> },
      { path: '/:lang/login', element: <p>Login page</p> },
    ],
    { initialEntries: ['/en/dashboard'], store },
  );
}

let restoreXhr = () => {};
afterEach(() => {
  restoreXhr();
  jest.restoreAllMocks();
});

test('an upload answered 401 sends the pilot to /{lang}/login and clears the user, like every other call', async () => {
  restoreXhr = fakeXhr(401, { message: 'Not signed in' });
  const { store, router } = dashboard();
  await act(() => store.dispatch(filesApi.endpoints.uploadForTest.initiate([new File(['x'], 'a.igc')])));
  expect(await screen.findByText('Login page')).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/en/login');
  expect(store.getState().auth.user).toBeNull();
});

test('an upload refused for another reason stays on the page', async () => {
  restoreXhr = fakeXhr(413, { message: 'Too large' });
  const { store, router } = dashboard();
  const result = await act(() => store.dispatch(filesApi.endpoints.uploadForTest.initiate([new File(['x'], 'a.igc')])));
  expect(result).toEqual({ error: { status: 413, data: { message: 'Too large' } } });
  expect(router.state.location.pathname).toBe('/en/dashboard');
});

test('an IGC download answered 401 sends the pilot to /{lang}/login', async () => {
  const calls = mockApi({ 'GET /api/FlightDetail/7/igc': { status: 401, body: { message: 'Not signed in' } } }).calls;
  const { store } = dashboard();
  await act(() => store.dispatch(filesApi.endpoints.downloadIgcForTest.initiate(7)));
  expect(await screen.findByText('Login page')).toBeInTheDocument();
  expect(calls.map((c) => c.path)).toEqual(['/api/FlightDetail/7/igc']);
});

test('a download is saved under the name the server gives, else the fallback', async () => {
  const saved: string[] = [];
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined });
  const disposition = ['attachment; filename="morning soar.igc"', null];
  jest.spyOn(globalThis, 'fetch').mockImplementation(async () => {
    const name = disposition.shift();
    return new Response('AXXX', { status: 200, headers: name ? { 'content-disposition': name } : {} });
  });
  const { store } = dashboard();
  expect(await store.dispatch(filesApi.endpoints.downloadIgcForTest.initiate(7)).unwrap()).toBe('morning soar.igc');
  expect(await store.dispatch(filesApi.endpoints.downloadIgcForTest.initiate(8)).unwrap()).toBe('flight.igc');
  expect(saved).toEqual(['morning soar.igc', 'flight.igc']);
});

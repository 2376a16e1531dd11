import { i18n } from '@lingui/core';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, MemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { AppProviders } from '../app/AppProviders';
import { appRoutes, handleUnauthorized, providerFuture, routerFuture } from '../app/router';
import { createStore, type AppStore, type RootState } from '../app/store';

function english() {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
}

interface Options {
  route?: string;
  preloadedState?: Partial<RootState>;
}

/**
 * Renders one component inside the app's providers (store, English, theme, a memory router).
 * `store` replaces the app's store, e.g. a redux-mock-store that records what the component dispatches.
 */
export function renderWithProviders<S = AppStore>(ui: ReactElement, { route = '/', preloadedState, store = createStore({ preloadedState, recordActions: false }) as S }: Options & { store?: S } = {}) {
  english();
  const result = render(
    <AppProviders store={store as AppStore}>
      <MemoryRouter initialEntries={[route]} future={{ ...providerFuture, v7_relativeSplatPath: true }}>
        {ui}
      </MemoryRouter>
    </AppProviders>,
  );
  return { store, ...result };
}

/** Renders a route table in the app's providers; the 401 handling is wired as in the app. */
export function renderRoutes(routes: RouteObject[], { initialEntries = ['/'], initialIndex, store = createStore({ recordActions: false }) }: { initialEntries?: string[]; initialIndex?: number; store?: AppStore } = {}) {
  english();
  const router = handleUnauthorized(createMemoryRouter(routes, { initialEntries, initialIndex, future: routerFuture }), store);
  const result = render(
    <AppProviders store={store}>
      <RouterProvider router={router} future={providerFuture} />
    </AppProviders>,
  );
  return { store, router, ...result };
}

/** Renders the whole app at a route, with its real route table and guard. */
export function renderApp({ route = '/', preloadedState }: Options = {}) {
  return renderRoutes(appRoutes, { initialEntries: [route], store: createStore({ preloadedState, recordActions: false }) });
}

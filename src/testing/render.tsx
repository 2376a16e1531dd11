import { i18n } from '@lingui/core';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, matchRoutes, MemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router-dom';
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

/** Stands in for a page the test did not open: says where the app went, without loading that page. */
function OtherPage() {
  const { pathname } = useLocation();
  return <main data-testid="other-page">{pathname}</main>;
}

/**
 * The app's route table with the pages at `route` (and the layouts around them) as they are, and every other
 * lazy page replaced by OtherPage: a test that signs in and lands on the dashboard checks where it landed
 * without loading the dashboard's map and charts (docs/testing.md, What a run prepares once).
 */
function pagesAt(route: string, routes: RouteObject[]): RouteObject[] {
  const opened = new Set((matchRoutes(routes, route.split(/[?#]/)[0]!) ?? []).map((match) => match.route));
  const keep = (list: RouteObject[]): RouteObject[] =>
    list.map((r) => {
      const page = r.lazy && !opened.has(r) ? { lazy: undefined, element: <OtherPage /> } : {};
      return { ...r, ...page, ...(r.children ? { children: keep(r.children) } : {}) } as RouteObject;
    });
  return keep(routes);
}

/**
 * Renders the whole app at a route, with its real route table, layouts and guard. With `onlyOpenedPage`, the
 * pages at other addresses are not loaded: OtherPage, which shows the address, stands in for them.
 */
export function renderApp({ route = '/', preloadedState, onlyOpenedPage = false }: Options & { onlyOpenedPage?: boolean } = {}) {
  return renderRoutes(onlyOpenedPage ? pagesAt(route, appRoutes) : appRoutes, { initialEntries: [route], store: createStore({ preloadedState, recordActions: false }) });
}

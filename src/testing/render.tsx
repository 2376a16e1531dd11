import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router-dom';
import { appRoutes, handleUnauthorized, providerFuture, routerFuture } from '../app/router';
import { createStore, type RootState } from '../app/store';
import { ThemeRoot } from '../theme/ThemeRoot';

function english() {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
}

interface Options {
  route?: string;
  preloadedState?: Partial<RootState>;
}

/** Renders one component inside the app's providers (store, English, theme, a memory router). */
export function renderWithProviders(ui: ReactElement, { route = '/', preloadedState }: Options = {}) {
  english();
  const store = createStore({ preloadedState, recordActions: false });
  const result = render(
    <Provider store={store}>
      <I18nProvider i18n={i18n}>
        <ThemeRoot>
          <MemoryRouter initialEntries={[route]} future={{ ...providerFuture, v7_relativeSplatPath: true }}>{ui}</MemoryRouter>
        </ThemeRoot>
      </I18nProvider>
    </Provider>,
  );
  return { store, ...result };
}

/** Renders the whole app at a route, with its real route table and guard. */
export function renderApp({ route = '/', preloadedState }: Options = {}) {
  english();
  const store = createStore({ preloadedState, recordActions: false });
  const router = handleUnauthorized(createMemoryRouter(appRoutes, { initialEntries: [route], future: routerFuture }), store);
  const result = render(
    <Provider store={store}>
      <I18nProvider i18n={i18n}>
        <ThemeRoot>
          <RouterProvider router={router} future={providerFuture} />
        </ThemeRoot>
      </I18nProvider>
    </Provider>,
  );
  return { store, router, ...result };
}

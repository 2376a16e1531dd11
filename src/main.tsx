import { i18n } from '@lingui/core';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppProviders } from './app/AppProviders';
import { createAppRouter, providerFuture } from './app/router';
import { createStore } from './app/store';
import { loadSession } from './features/auth/session';
import { activateLanguage } from './i18n/activate';
import { resolveLanguage } from './i18n/languages';

const store = createStore();
if (store.actionLog) Object.assign(window, { flightlogQa: { actions: store.actionLog.snapshot, download: store.actionLog.download } });

/** docs/product.md §4 Startup: the language first (the session's stored preference decides), then mount even if that failed. */
async function initLanguage() {
  const preferred = (await loadSession(store.dispatch))?.preferredLanguage ?? null;
  await activateLanguage(resolveLanguage({ path: location.pathname, preferred, browser: navigator.languages }));
}

function mount() {
  const router = createAppRouter(store);
  createRoot(document.getElementById('root')!).render(
    <AppProviders store={store}>
      <RouterProvider router={router} future={providerFuture} />
    </AppProviders>,
  );
}

initLanguage()
  .catch((error) => {
    console.error('Language initialisation failed', error);
    if (!i18n.locale) i18n.activate('en');
  })
  .finally(mount);

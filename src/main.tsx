import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { authApi } from './api/auth';
import { createAppRouter, providerFuture } from './app/router';
import { createStore } from './app/store';
import { activateLanguage } from './i18n/activate';
import { resolveLanguage } from './i18n/languages';
import { ThemeRoot } from './theme/ThemeRoot';

const store = createStore();
if (store.actionLog) Object.assign(window, { flightlogQa: { actions: store.actionLog.snapshot, download: store.actionLog.download } });

/** SPEC §4 Startup: the language first (the session's stored preference decides), then mount even if that failed. */
async function initLanguage() {
  const check = store.dispatch(authApi.endpoints.check.initiate());
  const preferred = await check.unwrap().then(
    (r) => r.user.preferredLanguage,
    () => null,
  );
  check.unsubscribe();
  await activateLanguage(resolveLanguage({ path: location.pathname, preferred, browser: navigator.languages }));
}

function mount() {
  const router = createAppRouter(store);
  createRoot(document.getElementById('root')!).render(
    <Provider store={store}>
      <I18nProvider i18n={i18n}>
        <ThemeRoot>
          <RouterProvider router={router} future={providerFuture} />
        </ThemeRoot>
      </I18nProvider>
    </Provider>,
  );
}

initLanguage()
  .catch((error) => {
    console.error('Language initialisation failed', error);
    if (!i18n.locale) i18n.activate('en');
  })
  .finally(mount);

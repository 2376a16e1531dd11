import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { TileSource } from '../components/map/tiles';
import { useConfigTiles } from '../features/config/useConfigTiles';
import { UnitsRoot } from '../features/units/UnitsRoot';
import { ThemeRoot } from '../theme/ThemeRoot';
import type { AppStore } from './store';

/** Store, translations, the maps' tile source, theme and units around the app (and around components in tests). */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <I18nProvider i18n={i18n}>
        <TileSource.Provider value={useConfigTiles}>
          <ThemeRoot>
            <UnitsRoot>{children}</UnitsRoot>
          </ThemeRoot>
        </TileSource.Provider>
      </I18nProvider>
    </Provider>
  );
}

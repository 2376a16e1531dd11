import { createContext, useContext } from 'react';
import type { AppConfig } from '../../../contract/config';

export type TileUrls = AppConfig['tiles'];

/**
 * Where the maps get the server's tile addresses: a hook the app provides (`AppProviders` gives
 * `useConfigTiles` from features/config), so the map components stay presentational and ask the
 * server only when a map is on screen. Without a provider: undefined, the maps keep their defaults.
 * The value is one module function for the app's life, so the hook order never changes.
 */
export const TileSource = createContext<() => TileUrls | undefined>(() => undefined);

/** The tile addresses, once known. */
export function useTileUrls(): TileUrls | undefined {
  const useSource = useContext(TileSource);
  return useSource();
}

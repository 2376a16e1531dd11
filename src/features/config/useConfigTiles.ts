import { useConfigQuery } from '../../api/auth';
import type { TileUrls } from '../../components/map/tiles';

/** The tile addresses from `GET /api/config` (kept an hour), for the maps' TileSource. */
export function useConfigTiles(): TileUrls | undefined {
  return useConfigQuery().data?.tiles;
}

import { closeSync, existsSync, openSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Ground height from SRTM `.hgt` tiles in TERRAIN_DIR (N46E007.hgt: 1° square, big-endian 16-bit
 * metres, rows from north to south; 1201×1201 samples at 3", 3601×3601 at 1"). Tiles are read
 * whole when first needed and a few are kept (a 1" tile is 26 MB, so at most four).
 */
export interface Terrain {
  /** Metres above sea level, or null where no tile covers the point or the sample is void. */
  heightAt(lat: number, lon: number): number | null;
}

const VOID = -32768;
const KEPT_TILES = 4;

export const tileName = (lat: number, lon: number) => {
  const la = Math.floor(lat), lo = Math.floor(lon);
  return `${la < 0 ? 'S' : 'N'}${String(Math.abs(la)).padStart(2, '0')}${lo < 0 ? 'W' : 'E'}${String(Math.abs(lo)).padStart(3, '0')}.hgt`;
};

interface Tile { size: number; data: Buffer }

export function openTerrain(dir: string | undefined): Terrain | null {
  if (!dir || !existsSync(dir)) return null;
  const tiles = new Map<string, Tile | null>();
  const load = (name: string): Tile | null => {
    if (tiles.has(name)) {
      const t = tiles.get(name)!;
      tiles.delete(name);
      tiles.set(name, t); // most recently used last
      return t;
    }
    let tile: Tile | null = null;
    const path = join(dir, name);
    if (existsSync(path)) {
      const bytes = statSync(path).size;
      const size = Math.round(Math.sqrt(bytes / 2));
      if (size * size * 2 === bytes && size >= 2) {
        const data = Buffer.alloc(bytes);
        const fd = openSync(path, 'r');
        try {
          readSync(fd, data, 0, bytes, 0);
        } finally {
          closeSync(fd);
        }
        tile = { size, data };
      }
    }
    tiles.set(name, tile);
    if (tiles.size > KEPT_TILES) tiles.delete(tiles.keys().next().value!);
    return tile;
  };
  return {
    heightAt(lat, lon) {
      const tile = load(tileName(lat, lon));
      if (!tile) return null;
      const n = tile.size - 1;
      const y = (Math.floor(lat) + 1 - lat) * n;
      const x = (lon - Math.floor(lon)) * n;
      const r = Math.min(n - 1, Math.floor(y)), c = Math.min(n - 1, Math.floor(x));
      const sample = (rr: number, cc: number) => tile.data.readInt16BE((rr * tile.size + cc) * 2);
      const s00 = sample(r, c), s01 = sample(r, c + 1), s10 = sample(r + 1, c), s11 = sample(r + 1, c + 1);
      if (s00 === VOID || s01 === VOID || s10 === VOID || s11 === VOID) return null;
      const fy = y - r, fx = x - c;
      return s00 * (1 - fx) * (1 - fy) + s01 * fx * (1 - fy) + s10 * (1 - fx) * fy + s11 * fx * fy;
    },
  };
}

import { prng } from '../../../scripts/prng';
import type { Fix } from '../../src/analysis/types';

export interface Small {
  seed: number;
  fixes: number;
  latitude: number;
  longitude: number;
  /** km across. */
  size: number;
  /** Coordinates in units of this many thousandths of a minute (1: the IGC grid). */
  grid: number;
  shape: 'walk' | 'loop' | 'line' | 'cluster';
}

const IGC = 1 / 60_000;

/** A small seeded track on the case's grid, one fix every 10 s. */
export function smallTrack(c: Small): Fix[] {
  const rand = prng(c.seed);
  const kmLat = 1 / 111.2;
  const kmLon = 1 / (111.2 * Math.cos((c.latitude * Math.PI) / 180));
  const q = c.grid * IGC;
  const snap = (v: number) => Math.round(v / q) * q;
  const fixes: Fix[] = [];
  let x = 0;
  let y = 0;
  const heading = rand() * 2 * Math.PI;
  for (let k = 0; k < c.fixes; k++) {
    const u = k / (c.fixes - 1);
    if (c.shape === 'walk') {
      x += (rand() - 0.5) * c.size * 0.5;
      y += (rand() - 0.5) * c.size * 0.5;
    } else if (c.shape === 'loop') {
      const a = heading + u * 2 * Math.PI;
      x = c.size * 0.5 * (Math.cos(a) - Math.cos(heading)) + (rand() - 0.5) * c.size * 0.1;
      y = c.size * 0.5 * (Math.sin(a) - Math.sin(heading)) + (rand() - 0.5) * c.size * 0.1;
    } else if (c.shape === 'line') {
      x = u * c.size * Math.cos(heading);
      y = u * c.size * Math.sin(heading);
    } else {
      x = (rand() - 0.5) * c.size * 0.1;
      y = (rand() - 0.5) * c.size * 0.1;
    }
    fixes.push({ time: 1_700_000_000_000 + k * 10_000, latitude: snap(c.latitude + y * kmLat), longitude: snap(c.longitude + x * kmLon), baroAltitude: 1000, gpsAltitude: 1000 });
  }
  return fixes;
}


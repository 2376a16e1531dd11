import Flatbush from 'flatbush';
import type { AirspaceCrossing, AirspaceLimit, AirspaceNotChecked, AltitudeUsed } from '../../../contract/airspace';
import { distanceToRingM, insideRing, ringBounds } from './geometry';
import type { ParsedAirspace } from './openair';
import type { Terrain } from './terrain';

/**
 * The airspace check: pure, no I/O (the terrain is read through the Terrain it is given). Shapes are
 * polygons already (openair.ts) in a static R-tree (flatbush), so a fix costs one index lookup and a
 * point-in-polygon test for the few shapes whose box holds it.
 */

/** The shapes of every file that applies to a flight, indexed once. */
export interface ShapeSet {
  shapes: ParsedAirspace[];
  index: Flatbush | null;
}

export function indexShapes(shapes: ParsedAirspace[]): ShapeSet {
  if (shapes.length === 0) return { shapes, index: null };
  const index = new Flatbush(shapes.length);
  for (const s of shapes) index.add(...ringBounds(s.ring));
  index.finish();
  return { shapes, index };
}

/** A track as the check reads it: times in ms, altitudes in metres (null where the logger wrote none). */
export interface CheckTrack {
  times: ArrayLike<number>;
  latitudes: ArrayLike<number>;
  longitudes: ArrayLike<number>;
  gpsAltitudes: ArrayLike<number | null>;
  pressureAltitudes: ArrayLike<number | null>;
}

/** An infringement before the pilot's clearances are applied. */
export interface FoundInfringement {
  name: string;
  class: string;
  floor: AirspaceLimit;
  ceiling: AirspaceLimit;
  entry: string;
  exit: string;
  horizontalMetres: number;
  verticalMetres: number;
  altitudeUsed: AltitudeUsed;
}

export interface CheckResult {
  infringements: FoundInfringement[];
  notChecked: AirspaceNotChecked[];
  crossings: AirspaceCrossing[];
}

/** Fixes this far apart (ms) or closer stay one stretch: a fix that jitters over the border does not split an infringement in two. */
const JOIN_GAP_MS = 10_000;
/** The profile draws at most this many crossings. */
const MAX_CROSSINGS = 200;

interface Run { first: number; last: number; horizontal: number; vertical: number; used: AltitudeUsed }

const iso = (ms: number) => new Date(ms).toISOString();

/** Floor or ceiling as metres above sea level for the profile; null when it follows the ground or has no top. */
function mslOf(limit: AirspaceLimit): number | null {
  if (limit.reference === 'msl' || limit.reference === 'fl') return Math.round(limit.metres);
  if (limit.reference === 'sfc') return 0;
  return null;
}

/**
 * How far the fix is above a floor (sign = -1: below a ceiling) in the altitude that limit is
 * measured in: flight levels in pressure altitude (GPS when the logger has no barometer), MSL in GPS
 * altitude (pressure when there is no GPS altitude), AGL as the GPS altitude above the terrain.
 * Infinity for a surface floor or an unlimited ceiling; undefined when it cannot be known.
 */
function margin(limit: AirspaceLimit, sign: 1 | -1, gps: number | null, pressure: number | null, ground: () => number | null): { metres: number; used: AltitudeUsed } | undefined {
  switch (limit.reference) {
    case 'sfc':
    case 'unl':
      return { metres: Infinity, used: 'gps' };
    case 'fl': {
      const alt = pressure ?? gps;
      return alt === null ? undefined : { metres: sign * (alt - limit.metres), used: pressure !== null ? 'pressure' : 'gps' };
    }
    case 'msl': {
      const alt = gps ?? pressure;
      return alt === null ? undefined : { metres: sign * (alt - limit.metres), used: 'gps' };
    }
    case 'agl': {
      const alt = gps ?? pressure;
      const g = ground();
      return alt === null || g === null ? undefined : { metres: sign * (alt - g - limit.metres), used: 'agl' };
    }
  }
}

export function checkTrack(track: CheckTrack, set: ShapeSet, terrain: Terrain | null): CheckResult {
  const { index, shapes } = set;
  const result: CheckResult = { infringements: [], notChecked: [], crossings: [] };
  if (!index) return result;
  const infringing = new Map<number, Run[]>();
  const crossing = new Map<number, Run[]>();
  const noTerrain = new Set<number>();
  const n = track.times.length;

  const extend = (runs: Map<number, Run[]>, id: number, i: number, horizontal: number, vertical: number, used: AltitudeUsed) => {
    let list = runs.get(id);
    if (!list) runs.set(id, (list = []));
    const open = list[list.length - 1];
    if (open && track.times[i]! - track.times[open.last]! <= JOIN_GAP_MS) {
      open.last = i;
      if (horizontal > open.horizontal) open.horizontal = horizontal;
      if (vertical > open.vertical) {
        open.vertical = vertical;
        open.used = used;
      }
    } else list.push({ first: i, last: i, horizontal, vertical, used });
  };

  for (let i = 0; i < n; i++) {
    const lat = track.latitudes[i]!, lon = track.longitudes[i]!;
    const candidates = index.search(lon, lat, lon, lat);
    if (candidates.length === 0) continue;
    const gps = track.gpsAltitudes[i] ?? null, pressure = track.pressureAltitudes[i] ?? null;
    let ground: number | null | undefined;
    const groundAt = () => (ground === undefined ? (ground = terrain ? terrain.heightAt(lat, lon) : null) : ground);
    for (const id of candidates) {
      const shape = shapes[id]!;
      if (!insideRing(shape.ring, lon, lat)) continue;
      extend(crossing, id, i, 0, 0, 'gps');
      const above = margin(shape.floor, 1, gps, pressure, groundAt);
      const below = margin(shape.ceiling, -1, gps, pressure, groundAt);
      if (!above || !below) {
        if ((shape.floor.reference === 'agl' || shape.ceiling.reference === 'agl') && groundAt() === null) noTerrain.add(id);
        continue;
      }
      if (above.metres <= 0 || below.metres <= 0) continue;
      const nearer = above.metres <= below.metres ? above : below;
      const vertical = Number.isFinite(nearer.metres) ? nearer.metres : 0;
      extend(infringing, id, i, distanceToRingM(shape.ring, lon, lat), vertical, nearer.used);
    }
  }

  for (const [id, runs] of infringing) {
    const s = shapes[id]!;
    for (const r of runs) {
      result.infringements.push({
        name: s.name,
        class: s.class,
        floor: s.floor,
        ceiling: s.ceiling,
        entry: iso(track.times[r.first]!),
        exit: iso(track.times[r.last]!),
        horizontalMetres: Math.round(r.horizontal),
        verticalMetres: Math.round(r.vertical),
        altitudeUsed: r.used,
      });
    }
  }
  result.infringements.sort((a, b) => a.entry.localeCompare(b.entry) || a.name.localeCompare(b.name));
  for (const [id, runs] of crossing) {
    const s = shapes[id]!;
    for (const r of runs) {
      result.crossings.push({ name: s.name, class: s.class, floor: s.floor, ceiling: s.ceiling, entry: iso(track.times[r.first]!), exit: iso(track.times[r.last]!), floorMsl: mslOf(s.floor), ceilingMsl: s.ceiling.reference === 'sfc' ? null : mslOf(s.ceiling) });
    }
  }
  result.crossings.sort((a, b) => a.entry.localeCompare(b.entry));
  result.crossings.length = Math.min(result.crossings.length, MAX_CROSSINGS);
  for (const id of noTerrain) result.notChecked.push({ name: shapes[id]!.name, class: shapes[id]!.class, reason: 'noTerrain' });
  return result;
}

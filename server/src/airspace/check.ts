import Flatbush from 'flatbush';
import type { AirspaceActivationKind, AirspaceCrossing, AirspaceLimit, AirspaceNotChecked, AltitudeUsed, VerticalLimit } from '../../../contract/airspace';
import { activationOf, activeDuring, type Activation } from './activation';
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
  /** Each shape's box, flat: west, south, east, north. */
  bounds: Float64Array;
}

export function indexShapes(shapes: ParsedAirspace[]): ShapeSet {
  const bounds = new Float64Array(shapes.length * 4);
  if (shapes.length === 0) return { shapes, index: null, bounds };
  const index = new Flatbush(shapes.length);
  shapes.forEach((s, i) => {
    const b = ringBounds(s.ring);
    bounds.set(b, i * 4);
    index.add(...b);
  });
  index.finish();
  return { shapes, index, bounds };
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
  /** The limit the vertical depth is measured from (missing in checks stored before it was kept). */
  verticalLimit?: VerticalLimit | null;
  altitudeUsed: AltitudeUsed;
  /** Whether the file says the airspace is always active (or active then) or only when announced (missing in older checks: active). */
  activation?: AirspaceActivationKind;
  activationReason?: string | null;
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

interface Run { first: number; last: number; horizontal: number; vertical: number; used: AltitudeUsed; limit: VerticalLimit | null; depthAt: number; depth: number }

/** Fixes looked up in the index together: consecutive fixes are close, so one box query serves them all. */
const CHUNK = 32;
const RAD = Math.PI / 180;

/** Metres between two fixes, flat (they are a second or a few apart). */
function stepM(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const x = (lon2 - lon1) * Math.cos(((lat1 + lat2) / 2) * RAD) * 111_195;
  const y = (lat2 - lat1) * 111_195;
  return Math.sqrt(x * x + y * y);
}

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

  /** Extends the shape's open stretch with fix i (or opens one); depth() is called only when it may beat the stretch's deepest. */
  const extend = (runs: Map<number, Run[]>, id: number, i: number, depth: (() => number) | null, vertical: number, used: AltitudeUsed, limit: VerticalLimit | null) => {
    let list = runs.get(id);
    if (!list) runs.set(id, (list = []));
    let open = list[list.length - 1];
    if (!open || track.times[i]! - track.times[open.last]! > JOIN_GAP_MS) {
      open = { first: i, last: i, horizontal: 0, vertical, used, limit, depthAt: -1, depth: 0 };
      list.push(open);
    }
    open.last = i;
    if (vertical > open.vertical) {
      open.vertical = vertical;
      open.used = used;
      open.limit = limit;
    }
    if (!depth) return;
    // The depth at fix i is at most the last measured depth plus the way flown since: measure only when that could be deeper.
    const bound = open.depthAt < 0 ? Infinity : open.depth + stepM(track.latitudes[open.depthAt]!, track.longitudes[open.depthAt]!, track.latitudes[i]!, track.longitudes[i]!);
    if (bound <= open.horizontal) return;
    open.depth = depth();
    open.depthAt = i;
    if (open.depth > open.horizontal) open.horizontal = open.depth;
  };

  const { bounds } = set;
  for (let start = 0; start < n; start += CHUNK) {
    const end = Math.min(n, start + CHUNK);
    let w = Infinity, s = Infinity, e = -Infinity, nn = -Infinity;
    for (let i = start; i < end; i++) {
      const lat = track.latitudes[i]!, lon = track.longitudes[i]!;
      if (lon < w) w = lon;
      if (lon > e) e = lon;
      if (lat < s) s = lat;
      if (lat > nn) nn = lat;
    }
    const candidates = index.search(w, s, e, nn);
    if (candidates.length === 0) continue;
    for (let i = start; i < end; i++) {
      const lat = track.latitudes[i]!, lon = track.longitudes[i]!;
      const gps = track.gpsAltitudes[i] ?? null, pressure = track.pressureAltitudes[i] ?? null;
      let ground: number | null | undefined;
      const groundAt = () => (ground === undefined ? (ground = terrain ? terrain.heightAt(lat, lon) : null) : ground);
      for (const id of candidates) {
        const b = id * 4;
        if (lon < bounds[b]! || lat < bounds[b + 1]! || lon > bounds[b + 2]! || lat > bounds[b + 3]!) continue;
        const shape = shapes[id]!;
        if (!insideRing(shape.ring, lon, lat)) continue;
        extend(crossing, id, i, null, 0, 'gps', null);
        const above = margin(shape.floor, 1, gps, pressure, groundAt);
        const below = margin(shape.ceiling, -1, gps, pressure, groundAt);
        if (!above || !below) {
          if ((shape.floor.reference === 'agl' || shape.ceiling.reference === 'agl') && groundAt() === null) noTerrain.add(id);
          continue;
        }
        if (above.metres <= 0 || below.metres <= 0) continue;
        const nearer = above.metres <= below.metres ? above : below;
        const finite = Number.isFinite(nearer.metres);
        extend(infringing, id, i, () => distanceToRingM(shape.ring, lon, lat), finite ? nearer.metres : 0, nearer.used, !finite ? null : nearer === above ? 'floor' : 'ceiling');
      }
    }
  }

  for (const [id, runs] of infringing) {
    const s = shapes[id]!;
    const activation: Activation = activationOf(s);
    for (const r of runs) {
      // Times the file gives that the passage does not meet: the area was not active then.
      if (activation.kind === 'windows' && !activeDuring(activation.windows, track.times[r.first]!, track.times[r.last]!)) continue;
      result.infringements.push({
        name: s.name,
        class: s.class,
        floor: s.floor,
        ceiling: s.ceiling,
        entry: iso(track.times[r.first]!),
        exit: iso(track.times[r.last]!),
        horizontalMetres: Math.round(r.horizontal),
        verticalMetres: Math.round(r.vertical),
        verticalLimit: r.limit,
        altitudeUsed: r.used,
        activation: activation.kind === 'unknown' ? 'unknown' : 'active',
        activationReason: activation.kind === 'unknown' ? activation.reason : null,
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

import type { LatLon } from './types';

// A module binding: jest's sandbox looks each global up slowly (docs/testing.md, "Globals in jest's sandbox").
const Math = globalThis.Math;

const R = 6371.0088; // mean Earth radius, km
const rad = (d: number) => (d * Math.PI) / 180;

/** Great-circle distance in km. */
export function distanceKm(a: LatLon, b: LatLon): number {
  return distanceKmOf(a.latitude, a.longitude, b.latitude, b.longitude);
}

/** distanceKm on plain coordinates (degrees), for tracks held as arrays. */
export function distanceKmOf(aLat: number, aLon: number, bLat: number, bLon: number): number {
  const dLat = rad(bLat - aLat);
  const dLon = rad(bLon - aLon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(aLat)) * Math.cos(rad(bLat)) * Math.sin(dLon / 2) ** 2;
  return 2 * R * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Initial bearing from a to b in degrees, 0..360 clockwise from north. */
export function bearingDeg(a: LatLon, b: LatLon): number {
  return bearingDegOf(a.latitude, a.longitude, b.latitude, b.longitude);
}

/** bearingDeg on plain coordinates (degrees). */
export function bearingDegOf(aLat: number, aLon: number, bLat: number, bLon: number): number {
  const y = Math.sin(rad(bLon - aLon)) * Math.cos(rad(bLat));
  const x = Math.cos(rad(aLat)) * Math.sin(rad(bLat)) - Math.sin(rad(aLat)) * Math.cos(rad(bLat)) * Math.cos(rad(bLon - aLon));
  return ((Math.atan2(y, x) * 180) / Math.PI + 360) % 360;
}

/** Signed smallest turn from heading a to heading b, degrees in (-180, 180]; positive = clockwise (right). */
export function turnDeg(a: number, b: number): number {
  let d = (b - a) % 360;
  if (d > 180) d -= 360;
  if (d <= -180) d += 360;
  return d;
}

/**
 * Longitudes made continuous along a track, relative to its first fix: a step across the
 * antimeridian (179.9° E to 179.9° W) becomes 0.2° instead of −359.8°, so flat-earth formulas (the
 * scoring's FCC distance, boxes, centres) measure the true size. The same array when no step
 * crosses it; values may then lie beyond ±180 (wrapLongitude brings one back).
 */
export function unwrapLongitudes(lon: Float64Array): Float64Array {
  let crosses = false;
  for (let i = 1; i < lon.length && !crosses; i++) crosses = Math.abs(lon[i]! - lon[i - 1]!) > 180;
  if (!crosses) return lon;
  const out = new Float64Array(lon.length);
  out[0] = lon[0]!;
  for (let i = 1; i < lon.length; i++) {
    let step = lon[i]! - lon[i - 1]!;
    step -= 360 * Math.round(step / 360);
    out[i] = out[i - 1]! + step;
  }
  return out;
}

/** A longitude in [−180, 180). */
export const wrapLongitude = (x: number) => (x >= -180 && x < 180 ? x : ((((x + 180) % 360) + 360) % 360) - 180);

/**
 * The mean longitude of fixes from..to (inclusive), taken on continuous longitudes
 * (unwrapLongitudes), so the centre of a thermal or of a stay on the ground across the antimeridian
 * lies there and not on the other side of the Earth; back in [−180, 180).
 */
export function meanLongitude(lon: Float64Array, from: number, to: number): number {
  const run = unwrapLongitudes(lon.subarray(from, to + 1));
  let sum = 0;
  for (let i = 0; i < run.length; i++) sum += run[i]!;
  return wrapLongitude(sum / Math.max(1, run.length));
}

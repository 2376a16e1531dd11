import type { Fix } from '../../src/analysis';

/** Scripted flights as fixes at 1 Hz, with known thermals, glides and wind, for the phase tests. */
export type ScriptedPhase =
  | { kind: 'thermal'; seconds: number; climbMs: number; direction: 'left' | 'right'; radiusM?: number; turnSeconds?: number }
  | { kind: 'glide'; seconds: number; heading: number; speedKmh?: number; glideRatio?: number };

export interface ScriptedTrack {
  start?: string;
  latitude?: number;
  longitude?: number;
  altitude?: number;
  /** Wind speed km/h and the direction it blows from, degrees. */
  wind?: { speedKmh: number; fromDeg: number };
  /** Position noise in metres and altitude noise in metres (seeded, uniform ±). */
  noise?: { positionM: number; altitudeM: number };
  phases: ScriptedPhase[];
}

function prng(seed: number) {
  let s = seed;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return ((s >>> 0) % 1_000_000) / 1_000_000;
  };
}

export function scriptedFixes(track: ScriptedTrack): Fix[] {
  const rand = prng(7);
  const noise = (m: number) => (rand() - 0.5) * 2 * m;
  let t = Date.parse(track.start ?? '2024-07-14T10:00:00Z');
  let x = 0; // metres east
  let y = 0; // metres north
  let alt = track.altitude ?? 2000;
  let heading = 0;
  const lat0 = track.latitude ?? 46.5;
  const lon0 = track.longitude ?? 8;
  const kx = 111_320 * Math.cos((lat0 * Math.PI) / 180);
  const towards = (((track.wind?.fromDeg ?? 0) + 180) * Math.PI) / 180;
  const windMs = (track.wind?.speedKmh ?? 0) / 3.6;
  const fixes: Fix[] = [];
  const push = () => {
    const a = alt + noise(track.noise?.altitudeM ?? 0);
    fixes.push({
      time: t,
      latitude: lat0 + (y + noise(track.noise?.positionM ?? 0)) / 111_320,
      longitude: lon0 + (x + noise(track.noise?.positionM ?? 0)) / kx,
      baroAltitude: a,
      gpsAltitude: a + 10,
    });
  };
  push();
  for (const p of track.phases) {
    for (let s = 0; s < p.seconds; s++) {
      let airspeed: number;
      if (p.kind === 'thermal') {
        const turnSeconds = p.turnSeconds ?? 20;
        airspeed = (2 * Math.PI * (p.radiusM ?? 40)) / turnSeconds;
        heading += (p.direction === 'right' ? 360 : -360) / turnSeconds;
        alt += p.climbMs;
      } else {
        heading = p.heading;
        airspeed = (p.speedKmh ?? 36) / 3.6;
        alt -= airspeed / (p.glideRatio ?? 8);
      }
      const h = (heading * Math.PI) / 180;
      x += airspeed * Math.sin(h) + windMs * Math.sin(towards);
      y += airspeed * Math.cos(h) + windMs * Math.cos(towards);
      t += 1000;
      push();
    }
  }
  return fixes;
}

/**
 * Scripted synthetic IGC recordings for tests, the demo and benchmarks: a day is a list of phases
 * (standing, hiking, thermalling, gliding, a gondola, a car), rendered at 1 Hz with seeded noise.
 */

export type Phase =
  | { kind: 'ground'; seconds: number }
  | { kind: 'hike'; seconds: number; climbMs?: number; speedKmh?: number; heading?: number }
  | { kind: 'thermal'; seconds: number; climbMs: number; direction: 'left' | 'right'; turnSeconds?: number }
  | { kind: 'glide'; seconds: number; heading: number; speedKmh?: number; sinkMs?: number }
  | { kind: 'gondola'; seconds: number; climbMs?: number; speedKmh?: number; heading?: number }
  | { kind: 'car'; seconds: number; speedKmh?: number; heading?: number };

export interface Recording {
  /** UTC start, e.g. '2024-07-14T09:00:00Z'. */
  start: string;
  latitude: number;
  longitude: number;
  altitude: number;
  phases: Phase[];
  seed?: number;
  gliderType?: string;
  /** Write fixes without a pressure altitude (GPS only). */
  gpsOnly?: boolean;
}

function prng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return ((s >>> 0) % 1_000_000) / 1_000_000;
  };
}

const pad = (n: number, w: number) => String(Math.round(Math.abs(n))).padStart(w, '0');

function formatLat(lat: number) {
  const a = Math.abs(lat);
  const deg = Math.floor(a);
  const minThousandths = Math.round((a - deg) * 60 * 1000);
  return `${pad(deg, 2)}${pad(minThousandths, 5)}${lat >= 0 ? 'N' : 'S'}`;
}

function formatLon(lon: number) {
  const a = Math.abs(lon);
  const deg = Math.floor(a);
  const minThousandths = Math.round((a - deg) * 60 * 1000);
  return `${pad(deg, 3)}${pad(minThousandths, 5)}${lon >= 0 ? 'E' : 'W'}`;
}

const formatAlt = (alt: number) => (alt < 0 ? `-${pad(-alt, 4)}` : pad(alt, 5));

/** Renders a recording as IGC text. */
export function generateIgc(rec: Recording): string {
  const rand = prng(rec.seed ?? 1);
  const noise = (m: number) => (rand() - 0.5) * 2 * m;
  let t = Date.parse(rec.start);
  let lat = rec.latitude;
  let lon = rec.longitude;
  let alt = rec.altitude;
  let heading = 0;
  const d = new Date(t);
  const lines = [
    'AXXXSYN Synthetic flight',
    `HFDTEDATE:${pad(d.getUTCDate(), 2)}${pad(d.getUTCMonth() + 1, 2)}${pad(d.getUTCFullYear() % 100, 2)},01`,
    'HFPLTPILOTINCHARGE: Test Pilot',
    `HFGTYGLIDERTYPE: ${rec.gliderType ?? 'Synthetic Wing'}`,
    'HFDTM100GPSDATUM: WGS-1984',
  ];
  const move = (distanceM: number, dir: number) => {
    const r = (dir * Math.PI) / 180;
    lat += (distanceM * Math.cos(r)) / 111_320;
    lon += (distanceM * Math.sin(r)) / (111_320 * Math.cos((lat * Math.PI) / 180));
  };
  const fix = () => {
    const time = new Date(t);
    const hhmmss = `${pad(time.getUTCHours(), 2)}${pad(time.getUTCMinutes(), 2)}${pad(time.getUTCSeconds(), 2)}`;
    const baro = rec.gpsOnly ? '00000' : formatAlt(alt + noise(0.3));
    const gps = formatAlt(alt + 12 + noise(2));
    lines.push(`B${hhmmss}${formatLat(lat + noise(0.000015))}${formatLon(lon + noise(0.000015))}A${baro}${gps}`);
    t += 1000;
  };
  for (const p of rec.phases) {
    for (let s = 0; s < p.seconds; s++) {
      switch (p.kind) {
        case 'ground':
          break;
        case 'hike':
          alt += p.climbMs ?? 0.25;
          move(((p.speedKmh ?? 3.5) / 3.6), p.heading ?? 90);
          break;
        case 'thermal': {
          const turn = 360 / (p.turnSeconds ?? 24);
          heading = (heading + (p.direction === 'right' ? turn : -turn) + 360) % 360;
          move(34 / 3.6, heading);
          move(5 / 3.6, 45); // drift with the wind
          alt += p.climbMs + noise(0.3);
          break;
        }
        case 'glide':
          // Real glides wander a little; a ruler-straight line is also the XC solver's slowest case.
          heading = p.heading + 12 * Math.sin(t / 40_000) + noise(3);
          move((p.speedKmh ?? 38) / 3.6, heading);
          alt -= (p.sinkMs ?? 1.2) + noise(0.2);
          break;
        case 'gondola':
          alt += p.climbMs ?? 4;
          move((p.speedKmh ?? 14) / 3.6, (p.heading ?? 0) + noise(2));
          break;
        case 'car':
          move((p.speedKmh ?? 80) / 3.6, (p.heading ?? 180) + 25 * Math.sin(t / 60_000) + noise(3));
          alt += noise(0.5);
          break;
      }
      fix();
    }
  }
  return lines.join('\r\n') + '\r\n';
}

/** A typical thermal flight: launch, climbs in both directions, glides, landing. */
export function thermalFlight(start: string, seed = 1, site = { latitude: 46.68, longitude: 7.86, altitude: 1800 }): Recording {
  return {
    start,
    ...site,
    seed,
    phases: [
      { kind: 'ground', seconds: 120 },
      { kind: 'glide', seconds: 240, heading: 200, sinkMs: 1.0 },
      { kind: 'thermal', seconds: 480, climbMs: 2.2, direction: 'right' },
      { kind: 'glide', seconds: 600, heading: 250, sinkMs: 1.1 },
      { kind: 'thermal', seconds: 360, climbMs: 1.8, direction: 'left' },
      { kind: 'glide', seconds: 900, heading: 120, sinkMs: 1.3 },
      { kind: 'ground', seconds: 180 },
    ],
  };
}

/** A season of varied flights for the demo and benchmarks: `count` recordings from `firstDay`. */
export function season(count: number, firstDay = '2024-04-01', seed = 7): { name: string; igc: string }[] {
  const out: { name: string; igc: string }[] = [];
  const sites = [
    { latitude: 46.68, longitude: 7.86, altitude: 1800 },
    { latitude: 45.92, longitude: 6.87, altitude: 1900 },
    { latitude: 46.21, longitude: 13.58, altitude: 1100 },
  ];
  for (let i = 0; i < count; i++) {
    const day = new Date(Date.parse(`${firstDay}T09:30:00Z`) + Math.floor(i * 1.7) * 86_400_000 + (i % 5) * 1800_000);
    const rec = thermalFlight(day.toISOString(), seed + i, sites[i % sites.length]);
    rec.phases = rec.phases.map((p) => ('seconds' in p && p.kind !== 'ground' ? { ...p, seconds: Math.round(p.seconds * (0.6 + ((i * 37) % 100) / 80)) } : p));
    out.push({ name: `${day.toISOString().slice(0, 10)}-${i + 1}.igc`, igc: generateIgc(rec) });
  }
  return out;
}

import { generateIgc, type Recording } from './synthetic-igc';

/**
 * The scripted airspace scenario the server tests and the browser journey share (docs/airspace.md):
 * a glide east from 46.6N 7.8E at about 1,900 m on 2024-07-20, and OpenAir shapes placed along it
 * by the metre: a circle (MSL floor) 4 km east, an arc sector (AGL ceiling) 1 km east, and a box
 * 5.2–5.8 km east whose FL floor may be put under or over the track.
 */
export const LAT = 46.6;
export const LON = 7.8;
const METRES_LAT = 111_320;

/** The longitude `m` metres east of the start, the latitude `m` metres north of it. */
export const east = (m: number) => LON + m / (METRES_LAT * Math.cos((LAT * Math.PI) / 180));
export const north = (m: number) => LAT + m / METRES_LAT;

const dm = (v: number, hemis: [string, string]) => {
  const a = Math.abs(v);
  const d = Math.floor(a);
  return `${d}:${((a - d) * 60).toFixed(4)} ${v >= 0 ? hemis[0] : hemis[1]}`;
};
/** A point as OpenAir writes it (`DD:MM.mmmm N DDD:MM.mmmm E`). */
export const at = (lat: number, lon: number) => `${dm(lat, ['N', 'S'])} ${dm(lon, ['E', 'W'])}`;

/** Ten minutes of glide east at 36 km/h between two minutes on the ground at each end. */
export const FLIGHT: Recording = {
  start: '2024-07-20T09:00:00Z',
  latitude: LAT,
  longitude: LON,
  altitude: 2000,
  seed: 7,
  phases: [
    { kind: 'ground', seconds: 120 },
    { kind: 'glide', seconds: 600, heading: 90, speedKmh: 36, sinkMs: 0.5 },
    { kind: 'ground', seconds: 120 },
  ],
};
export const flightIgc = (): string => generateIgc(FLIGHT);

/** A 926 m circle 4 km east, 4,900 ft MSL to FL100: the track (about 1,860 m GPS) is inside. */
export const CIRCLE = ['AC D', 'AN Circle CTR', 'AL 4900ft MSL', 'AH FL100', `V X=${at(LAT, east(4000))}`, 'DC 0.5'];
/** An arc sector from 1 km east, ground to 2,000 ft above it: inside only where the ground is high enough. */
export const SECTOR = ['AC R', 'AN Sector AGL', 'AL SFC', 'AH 2000ft AGL', `V X=${at(LAT, east(1000))}`, `DP ${at(LAT, east(1000))}`, 'V D=+', 'DA 1, 60, 120', `DP ${at(LAT, east(1000))}`];
/** An 800 m box 5.2–5.8 km east up to FL125 with the given floor. */
export const box = (name: string, floor: string) => ['AC C', `AN ${name}`, `AL ${floor}`, 'AH FL125', `DP ${at(north(400), east(5200))}`, `DP ${at(north(400), east(5800))}`, `DP ${at(north(-400), east(5800))}`, `DP ${at(north(-400), east(5200))}`];

/** One OpenAir file of airspace blocks, a blank line between them. */
export const openAir = (...blocks: string[][]) => blocks.map((b) => b.join('\n')).join('\n\n');

/** The form fields and file of `POST`/`PUT /api/airspace/files` as the files panel sends them. */
export function airspaceForm(text: string | Buffer | null, fields: Record<string, string>): { body: Buffer; contentType: string } {
  const boundary = `----airspace${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (text !== null) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="air.txt"\r\nContent-Type: text/plain\r\n\r\n`), Buffer.from(text), Buffer.from('\r\n'));
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

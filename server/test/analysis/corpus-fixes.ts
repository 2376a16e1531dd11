import { gunzipSync } from 'node:zlib';

/**
 * A deliberately small reader of IGC B records and GPX track points, independent of the analysis in
 * server/src/analysis (no repairs, no detection): what the corpus's truth table was read from, one
 * minute at a time (`npm run validate -- --fixes FILE`). docs/validation.md, "The labelled corpus".
 */
export interface RawFix {
  t: number; // ms since the epoch
  lat: number;
  lon: number;
  alt: number | null; // pressure altitude when the file has one, else GPS
  hr: boolean; // a heart rate or cadence on this point (GPX extensions)
}

export const unzipIfNeeded = (bytes: Buffer, name: string) => (name.endsWith('.gz') ? gunzipSync(bytes) : bytes);

function igcFixes(text: string): RawFix[] {
  const out: RawFix[] = [];
  let day = 0;
  let last = -1;
  let anyBaro = false;
  const rows: { t: number; lat: number; lon: number; baro: number; gps: number }[] = [];
  for (const raw of text.split(/\r\n|\r|\n/)) {
    const line = raw.trim();
    const date = /^H[FOP]DTE(?:DATE)?:?\s*(\d{2})(\d{2})(\d{2})/i.exec(line);
    if (date) {
      const yy = Number(date[3]);
      day = Date.UTC(yy < 80 ? 2000 + yy : 1900 + yy, Number(date[2]) - 1, Number(date[1]));
      last = -1;
      continue;
    }
    const b = /^B(\d{2})(\d{2})(\d{2})(\d{2})(\d{5})([NS])(\d{3})(\d{5})([EW])([AV])([-\d]\d{4}|-{5})([-\d]\d{4}|-{5})/i.exec(line);
    if (!b) continue;
    let t = day + ((Number(b[1]) * 60 + Number(b[2])) * 60 + Number(b[3])) * 1000;
    if (last >= 0 && t < last - 3600_000) {
      day += 86_400_000;
      t += 86_400_000;
    }
    last = t;
    const lat = (Number(b[4]) + Number(b[5]) / 60000) * (b[6]!.toUpperCase() === 'S' ? -1 : 1);
    const lon = (Number(b[7]) + Number(b[8]) / 60000) * (b[9]!.toUpperCase() === 'W' ? -1 : 1);
    const baro = Number(b[11]);
    const gps = Number(b[12]);
    if (baro > 0) anyBaro = true;
    if (lat === 0 && lon === 0) continue;
    rows.push({ t, lat, lon, baro, gps });
  }
  for (const r of rows) out.push({ t: r.t, lat: r.lat, lon: r.lon, alt: anyBaro ? r.baro : Number.isFinite(r.gps) ? r.gps : null, hr: false });
  return out;
}

function gpxFixes(text: string): RawFix[] {
  const out: RawFix[] = [];
  const re = /<trkpt\b([^>]*)>([\s\S]*?)<\/trkpt>/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const lat = Number(/lat\s*=\s*["']([^"']+)/.exec(m[1]!)?.[1]);
    const lon = Number(/lon\s*=\s*["']([^"']+)/.exec(m[1]!)?.[1]);
    const time = /<time>\s*([^<]+)<\/time>/.exec(m[2]!)?.[1];
    const ele = /<ele>\s*([^<]+)<\/ele>/.exec(m[2]!)?.[1];
    const t = time ? Date.parse(time) : NaN;
    if (!Number.isFinite(lat) || !Number.isFinite(lon) || !Number.isFinite(t)) continue;
    out.push({ t, lat, lon, alt: ele !== undefined && Number.isFinite(Number(ele)) ? Number(ele) : null, hr: /:(hr|cad)>/i.test(m[2]!) });
  }
  return out;
}

export function readRawFixes(bytes: Buffer, name: string): RawFix[] {
  const text = unzipIfNeeded(bytes, name).toString('latin1');
  const fixes = /<gpx[\s>]/i.test(text.slice(0, 4000)) ? gpxFixes(text) : igcFixes(text);
  return fixes.sort((a, b) => a.t - b.t);
}

const R = 6371008.8;
export function metres(a: RawFix, b: RawFix): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * R * Math.asin(Math.min(1, Math.sqrt(h)));
}

export interface Minute {
  start: number;
  fixes: number;
  /** Path over the minute on 10 s chords, km/h. */
  kmh: number;
  /** Straight line from the minute's first to last fix, km/h. */
  straightKmh: number;
  altMin: number | null;
  altMax: number | null;
  /** Altitude change first to last fix of the minute, m. */
  climb: number | null;
}

/** The track one minute at a time (UTC minutes with at least one fix). */
export function minutesOf(fixes: RawFix[]): Minute[] {
  const out: Minute[] = [];
  let i = 0;
  while (i < fixes.length) {
    const start = Math.floor(fixes[i]!.t / 60000) * 60000;
    let j = i;
    while (j + 1 < fixes.length && fixes[j + 1]!.t < start + 60000) j++;
    // Include the first fix of the next minute (when within 20 s) so a minute logged every 20 s has a span.
    const end = j + 1 < fixes.length && fixes[j + 1]!.t - fixes[j]!.t <= 20000 ? j + 1 : j;
    let path = 0;
    let anchor = i;
    for (let k = i + 1; k <= end; k++) {
      if (fixes[k]!.t - fixes[anchor]!.t >= 10000 || k === end) {
        path += metres(fixes[anchor]!, fixes[k]!);
        anchor = k;
      }
    }
    const dt = (fixes[end]!.t - fixes[i]!.t) / 1000;
    const alts = fixes.slice(i, end + 1).map((f) => f.alt).filter((a): a is number => a !== null);
    out.push({
      start,
      fixes: j - i + 1,
      kmh: dt > 0 ? (path / dt) * 3.6 : 0,
      straightKmh: dt > 0 ? (metres(fixes[i]!, fixes[end]!) / dt) * 3.6 : 0,
      altMin: alts.length ? Math.min(...alts) : null,
      altMax: alts.length ? Math.max(...alts) : null,
      climb: alts.length ? alts.at(-1)! - alts[0]! : null,
    });
    i = j + 1;
  }
  return out;
}

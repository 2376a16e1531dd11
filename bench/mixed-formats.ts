// The mixed archive of `BENCH_MIXED=1 npm run bench:import`: the same flights as plain IGC and as a
// mix of every format the upload reads (IGC, GPX, KML gx:Track, TCX, FIT samples) with a tenth of junk
// beside them (photos, task files, logs, garbage named as tracks), as a pilot's whole career arrives.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseTrack } from '../server/src/analysis/parse';
import type { Track } from '../server/src/analysis/track';

const FORMATS = resolve(__dirname, '..', 'server/test/fixtures/formats');
const iso = (ms: number) => new Date(ms).toISOString();
const height = (t: Track, i: number) => {
  const h = t.gpsAltitudesM?.[i] ?? t.baroAltitudesM?.[i] ?? NaN;
  return Number.isFinite(h) ? h.toFixed(1) : '0';
};

export function gpx(t: Track): string {
  const pts = Array.from(t.timesMs, (ms, i) => `<trkpt lat="${t.latitudesDeg[i]}" lon="${t.longitudesDeg[i]}"><ele>${height(t, i)}</ele><time>${iso(ms)}</time></trkpt>`);
  return `<?xml version="1.0"?><gpx version="1.1" creator="bench"><trk><trkseg>${pts.join('')}</trkseg></trk></gpx>`;
}

function kml(t: Track): string {
  const whens = Array.from(t.timesMs, (ms) => `<when>${iso(ms)}</when>`).join('');
  const coords = Array.from(t.timesMs, (_, i) => `<gx:coord>${t.longitudesDeg[i]} ${t.latitudesDeg[i]} ${height(t, i)}</gx:coord>`).join('');
  return `<?xml version="1.0"?><kml xmlns="http://www.opengis.net/kml/2.2" xmlns:gx="http://www.google.com/kml/ext/2.2"><Document><Placemark><gx:Track>${whens}${coords}</gx:Track></Placemark></Document></kml>`;
}

function tcx(t: Track): string {
  const pts = Array.from(
    t.timesMs,
    (ms, i) => `<Trackpoint><Time>${iso(ms)}</Time><Position><LatitudeDegrees>${t.latitudesDeg[i]}</LatitudeDegrees><LongitudeDegrees>${t.longitudesDeg[i]}</LongitudeDegrees></Position><AltitudeMeters>${height(t, i)}</AltitudeMeters></Trackpoint>`,
  );
  return `<?xml version="1.0"?><TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"><Activities><Activity Sport="Other"><Id>${iso(t.timesMs[0]!)}</Id><Lap StartTime="${iso(t.timesMs[0]!)}"><Track>${pts.join('')}</Track></Lap></Activity></Activities></TrainingCenterDatabase>`;
}

/**
 * The same flights twice: as IGC, and as a mix of formats (a quarter each IGC, GPX, KML, TCX; the real
 * FIT and GpsDump KML samples once each) with `junkShare` of the mixed archive's files junk.
 */
export function mixedFiles(igcFiles: { name: string; data: Buffer }[], junkShare = 0.1): { plain: { name: string; data: Buffer }[]; mixed: { name: string; data: Buffer }[] } {
  const mixed: { name: string; data: Buffer }[] = [];
  igcFiles.forEach((f, i) => {
    const base = f.name.replace(/\.igc$/i, '');
    let track: Track | undefined;
    try {
      track = parseTrack(f.data, f.name).track;
    } catch {
      /* an unreadable fixture stays IGC: it is refused in both runs */
    }
    const kind = track ? i % 4 : 0;
    if (kind === 0) mixed.push({ name: `XCTrack/${f.name}`, data: f.data });
    if (kind === 1) mixed.push({ name: `Phone/${base}.gpx`, data: Buffer.from(gpx(track!)) });
    if (kind === 2) mixed.push({ name: `Flyskyhy/${base}.kml`, data: Buffer.from(kml(track!)) });
    if (kind === 3) mixed.push({ name: `Garmin/${base}.tcx`, data: Buffer.from(tcx(track!)) });
  });
  mixed.push({ name: 'Garmin/Activities/example.fit', data: readFileSync(join(FORMATS, 'fit/example.fit')) });
  mixed.push({ name: 'Competition/gpsdump.kml', data: readFileSync(join(FORMATS, 'kml/gpsdump-competition.kml')) });
  const junk = Math.round((mixed.length * junkShare) / (1 - junkShare));
  const kinds = ['DCIM/IMG_%.jpg', 'Tasks/task-%.xctsk', 'Waypoints/wp-%.cup', 'logs/log-%.txt', 'broken/junk-%.igc', 'broken/junk-%.fit', 'broken/junk-%.kml', 'System Volume Information/%'];
  for (let j = 0; j < junk; j++) mixed.push({ name: kinds[j % kinds.length]!.replace('%', String(j)), data: randomBytes(2048 + (j % 7) * 1024) });
  return { plain: igcFiles, mixed };
}

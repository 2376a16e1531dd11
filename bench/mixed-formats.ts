// The mixed archive of `BENCH_MIXED=1 npm run bench:import`: the same flights as plain IGC and as a
// mix of every format the upload reads (IGC, GPX, KML gx:Track, TCX, FIT samples) with a tenth of junk
// beside them (photos, task files, logs, garbage named as tracks), as a pilot's whole career arrives.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { parseTrack } from '../server/src/analysis/parse';
import { LOGFLY_VOL_TABLE } from '../server/test/helpers/logfly';
import type { Track } from '../server/src/analysis/track';
import { makeZip } from '../server/test/helpers/archives';

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

export function kml(t: Track): string {
  const whens = Array.from(t.timesMs, (ms) => `<when>${iso(ms)}</when>`).join('');
  const coords = Array.from(t.timesMs, (_, i) => `<gx:coord>${t.longitudesDeg[i]} ${t.latitudesDeg[i]} ${height(t, i)}</gx:coord>`).join('');
  return `<?xml version="1.0"?><kml xmlns="http://www.opengis.net/kml/2.2" xmlns:gx="http://www.google.com/kml/ext/2.2"><Document><Placemark><gx:Track>${whens}${coords}</gx:Track></Placemark></Document></kml>`;
}

export function tcx(t: Track): string {
  const pts = Array.from(
    t.timesMs,
    (ms, i) => `<Trackpoint><Time>${iso(ms)}</Time><Position><LatitudeDegrees>${t.latitudesDeg[i]}</LatitudeDegrees><LongitudeDegrees>${t.longitudesDeg[i]}</LongitudeDegrees></Position><AltitudeMeters>${height(t, i)}</AltitudeMeters></Trackpoint>`,
  );
  return `<?xml version="1.0"?><TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"><Activities><Activity Sport="Other"><Id>${iso(t.timesMs[0]!)}</Id><Lap StartTime="${iso(t.timesMs[0]!)}"><Track>${pts.join('')}</Track></Lap></Activity></Activities></TrainingCenterDatabase>`;
}

/** The years before the recordings: a logbook of flights without tracks, `rows` of them, as CSV (ours) and as Logfly's database. */
function oldLogbooks(rows: number): { name: string; data: Buffer }[] {
  const day = (i: number) => new Date(Date.UTC(2010, 3, 1) + i * 86_400_000 * 3 + 11 * 3600_000);
  const csv = ['takeoff_utc,duration_seconds,launch_site,launch_latitude,launch_longitude,glider,notes'];
  for (let i = 0; i < rows; i++) csv.push(`${day(i).toISOString()},${1800 + (i % 50) * 60},Site ${i % 12},${46 + (i % 12) / 10},${7 + (i % 12) / 10},Wing ${i % 3},Old flight ${i}`);
  const db = new Database(':memory:');
  db.exec(LOGFLY_VOL_TABLE);
  const insert = db.prepare('INSERT INTO Vol (V_Date,V_Duree,V_LatDeco,V_LongDeco,V_Site,UTC,V_Engin,V_Commentaire) VALUES (?,?,?,?,?,?,?,?)');
  for (let i = 0; i < rows; i++) insert.run(day(i + rows).toISOString().slice(0, 19).replace('T', ' '), 2400, 45.8, 6.2, `Logfly site ${i % 9}`, 120, 'Rush', `Logfly ${i}`);
  const data = db.serialize();
  db.close();
  return [
    { name: 'Logbooks/old-logbook.csv', data: Buffer.from(csv.join('\n')) },
    { name: 'Logfly/Logfly.db', data },
  ];
}

/**
 * The same flights twice: as IGC, and as a mix of formats (a quarter each IGC, GPX, KML, TCX; the real
 * FIT and GpsDump KML samples once each, an archive inside holding some of the IGC, and the older
 * flights of two logbooks, a CSV and Logfly's database) with `junkShare` of the mixed archive's files junk.
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
  mixed.push(...oldLogbooks(Math.max(10, Math.round(igcFiles.length / 5))));
  // A tenth of the IGC files arrive zipped inside the archive, as an old season's backup.
  const zipped = mixed.filter((f) => f.name.startsWith('XCTrack/')).filter((_, i) => i % 10 === 0);
  if (zipped.length) {
    for (const f of zipped) mixed.splice(mixed.indexOf(f), 1);
    mixed.push({ name: 'Backup/old-season.zip', data: makeZip(zipped.map((f) => ({ name: f.name.slice('XCTrack/'.length), data: f.data }))) });
  }
  const junk = Math.round((mixed.length * junkShare) / (1 - junkShare));
  const kinds = ['DCIM/IMG_%.jpg', 'Tasks/task-%.xctsk', 'Waypoints/wp-%.cup', 'logs/log-%.txt', 'broken/junk-%.igc', 'broken/junk-%.fit', 'broken/junk-%.kml', 'System Volume Information/%'];
  for (let j = 0; j < junk; j++) mixed.push({ name: kinds[j % kinds.length]!.replace('%', String(j)), data: randomBytes(2048 + (j % 7) * 1024) });
  return { plain: igcFiles, mixed };
}

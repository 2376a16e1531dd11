import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { ZipFile } from 'yazl';
import type { DbDeps } from '../db';
import { findTrack } from '../flights';
import { ownFlight } from '../flights';
import { readTrackPoints } from '../track';
import { notFound } from '../http';
import { clockDuration, localClock, logbookCsv } from './csv';
import { trackGpx } from './gpx';
import { trackKml } from './kml';
import * as repo from './repository';

/** A name part without accents, spaces or characters file systems refuse: "Col de l'Arpettaz" → "Col-de-l-Arpettaz". */
function namePart(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
}

/** "YYYY-MM-DD_HHMM_Site-name": the takeoff's local date and time and the launch site. */
export function flightFileBase(startTime: string, timeZone: string | null, site: string | null): string {
  const ms = Date.parse(startTime);
  const zone = timeZone ?? 'UTC';
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(ms));
  const place = site ? namePart(site) : '';
  return [day, localClock(ms, zone).slice(0, 5).replace(':', ''), place].filter(Boolean).join('_');
}

/** Names made unique (case-insensitively, as on Windows and macOS): a second "a.igc" becomes "a-2.igc". */
export function uniqueNames() {
  const taken = new Set<string>();
  return (base: string, extension: string) => {
    let name = `${base}${extension}`;
    for (let n = 2; taken.has(name.toLowerCase()); n += 1) name = `${base}-${n}${extension}`;
    taken.add(name.toLowerCase());
    return name;
  };
}

const today = () => new Date().toISOString().slice(0, 10);

/** The pilot's data to take away: the logbook as CSV, the original files as a zip, one track as GPX or KML. */
export async function logbookCsvFile({ database: { db } }: DbDeps, userId: number) {
  return { filename: `flightlog-${today()}.csv`, bytes: logbookCsv(await repo.logbookRows(db, userId)) };
}

/**
 * Every original file behind a flight of the logbook, as uploaded, in one zip written while it is
 * sent: each file is read from the database and unpacked only when the zip reaches it.
 */
export async function originalsZip({ database: { db } }: DbDeps, userId: number): Promise<{ filename: string; stream: Readable }> {
  const files = await repo.filesOfLogbook(db, userId);
  const name = uniqueNames();
  const zip = new ZipFile();
  for (const f of files) {
    const extension = /\.gpx$/i.test(f.originalFilename) ? '.gpx' : '.igc';
    const entry = name(flightFileBase(f.startTime!, f.timeZone, f.siteName ?? f.takeoffLocation), extension);
    zip.addReadStreamLazy(entry, { mtime: new Date(f.startTime!) }, (cb) => {
      repo.fileContent(db, f.id).then(
        (content) => {
          if (!content) return cb(new Error(`The original of ${f.originalFilename} is no longer stored.`), null as never);
          const gunzip = createGunzip();
          gunzip.end(content);
          cb(null, gunzip);
        },
        (err: Error) => cb(err, null as never),
      );
    });
  }
  const stream = zip.outputStream as Readable;
  zip.on('error', (err: Error) => stream.destroy(err));
  zip.end();
  return { filename: `flightlog-igc-${today()}.zip`, stream };
}

/** The stored full-resolution track of one of the pilot's flights as GPX 1.1 or KML 2.2. */
export async function trackFile({ database: { db } }: DbDeps, userId: number, id: number, format: 'gpx' | 'kml'): Promise<{ filename: string; text: string }> {
  const flight = await ownFlight(db, userId, id);
  const stored = flight.source === 'manual' ? undefined : await findTrack(db, flight.id);
  if (!stored) throw notFound('This flight has no track.');
  const points = await readTrackPoints(stored.path);
  const site = flight.siteName ?? flight.takeoffLocation;
  const base = flightFileBase(flight.startTime!, flight.timeZone, site);
  const meta = {
    name: [flight.localDate, site].filter(Boolean).join(' '),
    description: [site, flight.flightTime != null ? clockDuration(flight.flightTime) : null, flight.gliderName].filter(Boolean).join(' · '),
  };
  return { filename: `${base}.${format}`, text: format === 'gpx' ? trackGpx(points, meta) : trackKml(points, meta) };
}

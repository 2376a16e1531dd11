import { parse } from 'csv-parse/sync';
import type { CsvImportAnswer } from '../../../contract/exports';
import { manualFlightBody } from '../../../contract/flights';
import { timeZoneAt } from '../analysis/places';
import type { Db } from '../db';
import { fold } from '../db/fold';
import type { FlightsChanged } from '../flights/flights-changed';
import { addManualFlight } from '../flights/logbook-service';
import { gliderName } from '../gliders/service';
import { insertGlider, listGliders } from '../gliders/repository';
import { badRequest } from '../http/errors';
import { insertNamedSite, listSites } from '../sites/repository';
import { KNOWN_FORMATS, layoutOf, RowError, type ImportRow, type RowPlace } from './formats';
import * as repo from './repository';

export interface ImportsDeps {
  database: { db: Db };
  flightsChanged: FlightsChanged;
}

/** The file as text: UTF-8 (a byte order mark is dropped), else Windows-1252, which Logfly 5 writes on Windows. */
export function decodeCsv(bytes: Buffer): string {
  if (bytes.length === 0) throw badRequest('The file is empty.');
  if (bytes.includes(0)) throw badRequest('This file is not a CSV file (it holds binary data).');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  return text.replace(/^\uFEFF/, '');
}

/** The separator of the header line: the one of ',', ';' and tab it holds most of. */
function delimiterOf(text: string): string {
  const line = text.slice(0, text.search(/\r?\n|$/));
  const counts = [',', ';', '\t'].map((d) => [d, line.split(d).length] as const);
  return counts.reduce((best, c) => (c[1] > best[1] ? c : best))[0];
}

/** Every record of the file, header first; a file that is not CSV is refused with the reader's reason. */
function records(text: string): string[][] {
  try {
    return parse(text, { delimiter: delimiterOf(text), relax_quotes: true, relax_column_count: true, skip_empty_lines: false }) as string[][];
  } catch (err) {
    throw badRequest(`The file could not be read as CSV: ${(err as Error).message}`);
  }
}

/** The instant of a wall-clock time in a zone (the zone's offset at that moment, found in two steps). */
export function zonedInstant(date: string, time: string, timeZone: string): number {
  const wall = Date.parse(`${date}T${time}Z`);
  const offsetAt = (ms: number) => {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' }).formatToParts(new Date(ms));
    const v = (type: string) => Number(parts.find((p) => p.type === type)!.value);
    return Date.UTC(v('year'), v('month') - 1, v('day'), v('hour'), v('minute'), v('second')) - ms;
  };
  const first = wall - offsetAt(wall);
  return wall - offsetAt(first);
}

/** An IANA stand-in for a fixed offset: Etc/GMT-2 is two hours east of UTC. */
function fixedZone(minutes: number | undefined): string | undefined {
  if (minutes === undefined || minutes % 60 !== 0) return undefined;
  const hours = minutes / 60;
  return hours === 0 ? 'UTC' : `Etc/GMT${hours > 0 ? '-' : '+'}${Math.abs(hours)}`;
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Names compare folded (accents and case ignored) with runs of spaces as one. */
const nameKey = (name: string) => fold(name.trim().replace(/\s+/g, ' '));

const minuteOf = (ms: number) => new Date(ms).toISOString().slice(0, 16);
const hasPosition = (p: RowPlace): p is Required<RowPlace> => p.latitude !== undefined && p.longitude !== undefined;

/** CSV logbooks read into flights without a track (issue 16): ours, Logfly's and flugbuech's. */
export function importsService({ database: { db }, flightsChanged }: ImportsDeps) {
  return {
    async importCsv(userId: number, bytes: Buffer): Promise<CsvImportAnswer> {
      const [header, ...rows] = records(decodeCsv(bytes));
      const found = header && layoutOf(header);
      if (!found) throw badRequest(`The header of this file is not one this logbook can read: expected ${KNOWN_FORMATS}.`);
      const { layout, columns } = found;
      const refused: CsvImportAnswer['refused'] = [];
      const skipped = new Set<number>();
      let imported = 0;
      let duplicates = 0;

      await db.transaction().execute(async (trx) => {
        const taken = new Set((await repo.startTimes(trx, userId)).map((t) => minuteOf(Date.parse(t))));
        const sites = new Map<string, { id: number; latitude: number; longitude: number }>();
        for (const s of await listSites(trx, userId)) if (!sites.has(nameKey(s.name))) sites.set(nameKey(s.name), s);
        const gliders = new Map((await listGliders(trx, userId)).map((g) => [nameKey(gliderName(g)), g.id]));

        /** The pilot's site of that name, or what to create; a name without a position cannot be placed. */
        const siteFor = (p: RowPlace, what: string) => {
          const existing = sites.get(nameKey(p.name));
          if (existing) return { existing };
          if (!hasPosition(p)) throw new RowError(`${what} site "${p.name}" is not one of your sites and the row gives no coordinates: add the site first (Sites page), then import the file again.`);
          return { create: p };
        };

        for (const [index, cells] of rows.entries()) {
          const row = index + 2; // as a spreadsheet numbers it: the header is row 1
          if (cells.every((c) => c.trim() === '')) continue;
          try {
            const r: ImportRow = layout.read(cells);
            // A row already in the logbook is a duplicate whatever else it says.
            if (r.startMs !== undefined && taken.has(minuteOf(r.startMs))) {
              duplicates += 1;
              continue;
            }
            if (!r.launch) throw new RowError('The row has no launch site.');
            const launch = siteFor(r.launch, 'Launch');
            const landing = r.landing && siteFor(r.landing, 'Landing');
            const position = launch.existing ?? launch.create;
            const timeZone = r.timeZone ?? (position ? timeZoneAt(position) : undefined) ?? fixedZone(r.utcOffsetMinutes) ?? 'UTC';
            if (!isTimeZone(timeZone)) throw new RowError('Unknown time zone.');
            const startMs =
              r.startMs ?? (r.utcOffsetMinutes !== undefined ? Date.parse(`${r.local!.date}T${r.local!.time}Z`) - r.utcOffsetMinutes * 60_000 : zonedInstant(r.local!.date, r.local!.time, timeZone));
            if (Number.isNaN(startMs)) throw new RowError('The takeoff date or time is not valid.');
            if (taken.has(minuteOf(startMs))) {
              duplicates += 1;
              continue;
            }
            const parsed = manualFlightBody.safeParse({
              startTime: new Date(startMs).toISOString(),
              timeZone,
              flightTime: r.flightTime,
              ...(launch.existing ? { siteId: launch.existing.id } : { site: launch.create }),
              ...(landing?.existing ? { landingSiteId: landing.existing.id } : landing?.create ? { landingSite: landing.create } : {}),
              ...(r.notes !== null ? { notes: r.notes } : {}),
              ...(r.distance !== undefined ? { distance: r.distance } : {}),
            });
            if (!parsed.success) throw new RowError(parsed.error.issues[0]!.message);
            const body = { ...parsed.data };
            // New sites and wings are stored here, so that later rows naming them find them.
            if (body.site) {
              const id = await insertNamedSite(trx, userId, body.site);
              sites.set(nameKey(body.site.name), { id, ...body.site });
              Object.assign(body, { site: undefined, siteId: id });
            }
            if (body.landingSite) {
              const key = nameKey(body.landingSite.name);
              const id = sites.get(key)?.id ?? (await insertNamedSite(trx, userId, body.landingSite));
              sites.set(key, { id, ...body.landingSite });
              Object.assign(body, { landingSite: undefined, landingSiteId: id });
            }
            if (r.glider) body.gliderId = gliders.get(nameKey(r.glider)) ?? (await newGlider(trx, userId, r.glider.trim().replace(/\s+/g, ' '), gliders));
            await addManualFlight(trx, userId, body);
            taken.add(minuteOf(startMs));
            imported += 1;
            cells.forEach((c, i) => {
              if (i < columns.length && !layout.mapped.has(i) && c.trim() !== '' && c.trim() !== 'null') skipped.add(i);
            });
          } catch (err) {
            if (!(err instanceof RowError)) throw err;
            refused.push({ row, message: err.message });
          }
        }
      });
      if (imported > 0) await flightsChanged(userId);
      return { format: layout.format, imported, duplicates, refused, skippedColumns: [...skipped].sort((a, b) => a - b).map((i) => columns[i] || `column ${i + 1}`) };
    },
  };
}

/** A wing named in the file and not in the pilot's list: the first word is its manufacturer, the rest its model. */
async function newGlider(trx: Db, userId: number, name: string, gliders: Map<string, number>): Promise<number> {
  const [manufacturer, ...model] = name.split(/\s+/);
  const id = await insertGlider(trx, userId, {
    manufacturer: manufacturer!.slice(0, 100),
    model: model.join(' ').slice(0, 100),
    size: null,
    gliderClass: 'Other',
    inUseFrom: null,
    inUseUntil: null,
    notes: null,
    lastCheck: null,
    checkIntervalMonths: null,
    checkIntervalHours: null,
    isDefault: false,
  });
  gliders.set(nameKey(name), id);
  return id;
}

import { parse } from 'csv-parse/sync';
import type { CsvImportAnswer } from '../../../contract/exports';
import type { Db } from '../db';
import type { FlightsChanged } from '../flights';
import { manualFlightRow, type PlacedSite } from '../logbook';
import { insertFlights } from '../flights';
import { insertGlider, listGliders } from '../gliders';
import { badRequest } from '../http';
import { insertNamedSite, listSites } from '../sites';
import { lockPilot, type IngestDeps } from '../ingest';
import { isSqlite, storeUpload } from '../uploads';
import { KNOWN_FORMATS, layoutOf, type CsvLayout } from './formats';
import { logflyLayout, readLogflyDb, type LogflyTrack } from './logfly-db';
import { planImport, type ImportPlan, type LogbookSnapshot, type PlannedSite } from './plan';
import * as repo from './repository';

export interface ImportsDeps {
  database: { db: Db };
  flightsChanged: FlightsChanged;
  /** Where the tracks a logbook file holds go: an upload of their own, analysed as any other. */
  ingest: IngestDeps;
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

/** The pilot's logbook as the rows are matched against it. */
async function snapshotOf(db: Db, userId: number): Promise<LogbookSnapshot> {
  return { startTimes: await repo.startTimes(db, userId), trackFlights: await repo.trackFlights(db, userId), sites: await listSites(db, userId), gliders: await listGliders(db, userId) };
}

const sameSnapshot = (a: LogbookSnapshot, b: LogbookSnapshot) => JSON.stringify(a) === JSON.stringify(b);

/** Stores a plan: its new sites and wings one by one (a file names few), then its flights in multi-row inserts. */
async function store(trx: Db, userId: number, plan: ImportPlan): Promise<void> {
  for (const site of plan.newSites) site.id = await insertNamedSite(trx, userId, site);
  for (const glider of plan.newGliders) glider.id = await newGlider(trx, userId, glider.name);
  const placed = (s: PlannedSite): PlacedSite => ({ id: s.id!, name: s.name, latitude: s.latitude, longitude: s.longitude });
  for (const m of plan.merges) await repo.joinRow(trx, m.flightId, { notes: m.notes, siteId: m.launch.id!, ...(m.glider ? { gliderId: m.glider.id! } : {}) });
  await insertFlights(
    trx,
    plan.flights.map((f) => ({ ...manualFlightRow(userId, { ...f.body, gliderId: f.glider?.id }, placed(f.launch), f.landing && placed(f.landing)), ...(f.removalReason ? { removalReason: f.removalReason } : {}) })),
  );
}

/** What importing one logbook file did, and the tracks it holds (Logfly's V_IGC), not yet stored. */
export interface LogbookImport {
  answer: CsvImportAnswer;
  tracks: LogflyTrack[];
}

/** Imports one logbook file's rows for a pilot (the Data page's import and a logbook found in an upload use it). */
export type LogbookImporter = (userId: number, bytes: Buffer) => Promise<LogbookImport>;

/**
 * CSV logbooks and Logfly's database read into flights without a track: ours, Logfly's and flugbuech's.
 * Every row is decided first, outside any transaction; one short transaction then locks the pilot,
 * checks that their takeoffs, sites and wings are still those the rows were decided against (else
 * decides again) and stores the flights, so the import is all or nothing and holds the database only
 * while it writes. A file that is not a logbook, or a damaged one, is refused (400) and changes nothing.
 * The tracks the file holds are returned, for the caller to store as upload files.
 */
export function logbookImporter({ database: { db }, flightsChanged }: Pick<ImportsDeps, 'database' | 'flightsChanged'>): LogbookImporter {
  return async (userId, bytes) => {
    let layout: CsvLayout;
    let columns: string[];
    let rows: string[][];
    let tracks: LogflyTrack[] = [];
    if (isSqlite(bytes)) {
      // Logfly's logbook database (docs/import.md): its flights as rows, decided as a CSV's are.
      const read = readLogflyDb(bytes);
      const book = logflyLayout(read);
      ({ layout } = book);
      ({ tracks } = read);
      rows = book.records;
      columns = ['Vol'];
    } else {
      const [header, ...rest] = records(decodeCsv(bytes));
      const found = header && layoutOf(header);
      if (!found) throw badRequest(`The header of this file is not one this logbook can read: expected ${KNOWN_FORMATS}.`);
      ({ layout, columns } = found);
      rows = rest;
    }
    const decide = (snapshot: LogbookSnapshot) => planImport(layout, columns.length, rows, snapshot);

    const early = await decide(await snapshotOf(db, userId));
    const plan = await db.transaction().execute(async (trx) => {
      // Uploads and other imports of this pilot wait, so that none of them adds a takeoff after this check.
      await lockPilot(trx, userId);
      const now = await snapshotOf(trx, userId);
      const final = sameSnapshot(now, early.snapshot) ? early : await decide(now);
      await store(trx, userId, final);
      return final;
    });
    if (plan.flights.length > 0 || plan.merges.length > 0) await flightsChanged(userId);
    return {
      tracks,
      answer: {
        format: layout.format,
        tracks: tracks.length,
        imported: plan.flights.length,
        duplicates: plan.duplicates,
        merged: plan.merges.length,
        refused: plan.refused,
        skippedColumns: [...plan.skipped].sort((a, b) => a - b).map((i) => columns[i] || `column ${i + 1}`),
      },
    };
  };
}

/** The Data page's import: the logbook's rows, then the tracks it holds as an upload of their own. */
export function importsService(deps: Pick<ImportsDeps, 'ingest'> & { importLogbook: LogbookImporter }) {
  const { importLogbook } = deps;
  return {
    async importCsv(userId: number, bytes: Buffer): Promise<CsvImportAnswer> {
      const { answer, tracks } = await importLogbook(userId, bytes);
      // The tracks Logfly stored go to analysis after the rows: each then joins its row by the merge
      // rule (track after the logbook), and the History page lists them.
      if (tracks.length > 0) await storeUpload(deps.ingest, userId, 'Logfly tracks', tracks.reduce((sum, t) => sum + t.bytes.length, 0), tracks.map((t) => ({ name: t.name, size: t.bytes.length, bytes: t.bytes, logbookCopy: true })));
      return answer;
    },
  };
}

/** A wing named in the file and not in the pilot's list: the first word is its manufacturer, the rest its model. */
async function newGlider(trx: Db, userId: number, name: string): Promise<number> {
  const [manufacturer, ...model] = name.split(/\s+/);
  const id = await insertGlider(trx, userId, {
    manufacturer: manufacturer!.slice(0, 100),
    model: model.join(' ').slice(0, 100),
    size: null,
    gliderClass: 'Other',
    aircraftCategory: null,
    inUseFrom: null,
    inUseUntil: null,
    notes: null,
    lastCheck: null,
    checkIntervalMonths: null,
    checkIntervalHours: null,
    isDefault: false,
  });
  return id;
}

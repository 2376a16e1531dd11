import { z } from 'zod';

/**
 * The logbook CSV (GET /api/export/flights.csv), in this column order; POST /api/import/csv reads it
 * back. Documented for pilots in docs/export.md. Local date and time are at the takeoff, in time_zone.
 */
export const LOGBOOK_CSV_COLUMNS = [
  'date', // YYYY-MM-DD, local
  'takeoff_time', // HH:MM:SS, local
  'time_zone', // IANA zone, e.g. Europe/Zurich
  'takeoff_utc', // ISO 8601 instant
  'landing_time', // HH:MM:SS, local
  'duration', // H:MM:SS
  'duration_seconds',
  'distance_km', // track length
  'xc_distance_km', // scored distance
  'score', // points under `league`
  'flight_type', // e.g. FAI triangle
  'league',
  'max_altitude_m',
  'elevation_gain_m',
  'launch_site',
  'launch_latitude',
  'launch_longitude',
  'landing_site',
  'landing_latitude',
  'landing_longitude',
  'glider', // the pilot's wing: Manufacturer Model Size
  'glider_type_igc', // what the instrument wrote
  'notes',
  'source', // igc | manual
  'igc_file', // original file name, empty for manual flights
  'review', // the review flag the analysis set (a removal reason name, e.g. NoFlight), empty for none
  'airspace_infringements', // not cleared by the pilot (docs/airspace.md); empty while not checked
] as const;
export type LogbookCsvColumn = (typeof LOGBOOK_CSV_COLUMNS)[number];

export const CSV_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const CSV_IMPORT_FORMATS = ['flightlog', 'logfly', 'flugbuech'] as const;
export const csvImportAnswer = z.object({
  /** Which logbook the header was recognised as. */
  format: z.enum(CSV_IMPORT_FORMATS),
  imported: z.number(),
  /** Tracks the file holds (Logfly's stored IGC), sent to analysis as an upload of their own; each joins its row (docs/import.md). */
  tracks: z.number(),
  /** Rows whose start time matches a flight already in the logbook (same minute). */
  duplicates: z.number(),
  /** Rows that were a track flight already in the logbook (docs/import.md, merge rule): their notes, wing and site joined it. */
  merged: z.number(),
  refused: z.array(z.object({ row: z.number(), message: z.string() })),
  /** Columns of the file that have no place in our logbook (say so, nothing silently lost). */
  skippedColumns: z.array(z.string()),
});
export type CsvImportAnswer = z.infer<typeof csvImportAnswer>;

/** The answer of the download routes (CSV, zip, GPX, KML): bytes or a stream, never serialised as JSON. */
export const fileDownload = z.custom<Uint8Array | string | { pipe: unknown }>(
  (v) => v instanceof Uint8Array || typeof v === 'string' || (typeof v === 'object' && v !== null && 'pipe' in v),
  'A file download.',
);

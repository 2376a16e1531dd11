import { z } from 'zod';

export const uploadResponse = z.object({
  isLargeUpload: z.boolean(),
  estimatedFlightCount: z.number(),
  totalCount: z.number(),
  duplicateCount: z.number(),
});
export type UploadResponse = z.infer<typeof uploadResponse>;

export const uploadTaskFile = z.object({
  id: z.number(),
  originalFilename: z.string(),
  fileSize: z.number(),
  status: z.string(),
  reason: z.string().nullable(),
  flightDetails: z.array(z.object({ id: z.number(), isRemoved: z.boolean(), removalReason: z.number().nullable() })),
});
export type UploadTaskFile = z.infer<typeof uploadTaskFile>;

/** Failed files of a task that share one reason: how many, and the names of the first few (the owner's answer only). */
export const failedFilesGroup = z.object({ reason: z.string().nullable(), count: z.number(), firstFiles: z.array(z.string()) });
export type FailedFilesGroup = z.infer<typeof failedFilesGroup>;
/** How many file names each failure group of a task names at most. */
export const FAILED_NAMES_PER_REASON = 3;

/**
 * What became of each received file and archive entry (docs/import.md, "Every file accounted for"):
 * exactly one outcome each, so the counts add up to the files received.
 */
export const LEDGER_OUTCOMES = ['stored', 'merged', 'duplicate', 'notFlight', 'notTrack', 'unreadable', 'waiting'] as const;
export type LedgerOutcome = (typeof LEDGER_OUTCOMES)[number];
export const ledgerCounts = z.object(Object.fromEntries(LEDGER_OUTCOMES.map((o) => [o, z.number()])) as Record<LedgerOutcome, z.ZodNumber>);
export type LedgerCounts = z.infer<typeof ledgerCounts>;
/** GET /api/uploadtasks/:id/ledger.csv: one line per received file, with these columns. */
export const LEDGER_CSV_COLUMNS = ['file', 'size_bytes', 'outcome', 'flights', 'detail'] as const;

export const uploadTask = z.object({
  id: z.number(),
  uploadDate: z.string(),
  filename: z.string(),
  fileSize: z.number(),
  status: z.string(),
  errorMessage: z.string().nullable(),
  estimatedFlightCount: z.number(),
  processedFlightCount: z.number(),
  duplicateFlightCount: z.number(),
  /** How many files the task holds, also when igcFiles is left out (withFiles=false). */
  fileCount: z.number(),
  /** Files whose analysis has ended (any status but Pending and Processing): the dashboard's "files done of total". */
  filesDone: z.number(),
  /** Files that could not be read, for a task of any size. */
  failedFileCount: z.number(),
  /** The failed files grouped by reason, most frequent first. */
  failures: z.array(failedFilesGroup),
  /** Every file of the task by its outcome; the counts add up to fileCount. */
  ledger: ledgerCounts,
  igcFiles: z.array(uploadTaskFile),
});
export type UploadTask = z.infer<typeof uploadTask>;
export const uploadTasks = z.array(uploadTask);
/** GET /api/uploadtasks?withFiles=false answers every task with igcFiles [] (the history page loads files on demand). */
export const uploadTasksQuery = z.object({ withFiles: z.enum(['true', 'false']).optional() });
/** GET /api/uploadtasks/:id/files?offset&limit: one page of a task's files, in upload order. */
export const taskFilesQuery = z.object({
  offset: z.coerce.number().int().min(0, 'offset must be 0 or more.').default(0),
  limit: z.coerce.number().int().min(1, 'limit must be between 1 and 500.').max(500, 'limit must be between 1 and 500.').default(100),
});
export const taskParams = z.object({ id: z.coerce.number().int().positive('Upload task id must be a positive number.') });
export const taskFilesPage = z.object({ total: z.number(), offset: z.number(), files: z.array(uploadTaskFile) });
export type TaskFilesPage = z.infer<typeof taskFilesPage>;

export const trackPoint = z.object({
  latitude: z.number(),
  longitude: z.number(),
  baroAltitude: z.number().optional(),
  gpsAltitude: z.number().optional(),
  timestamp: z.number().optional(),
});
export type TrackPoint = z.infer<typeof trackPoint>;

export const flightFeature = z.object({
  type: z.enum(['flight', 'tp', 'seg', 'launch', 'land', 'ep_start', 'ep_finish', 'cp_in', 'cp_out']),
  id: z.string().optional(),
  properties: z.record(z.string(), z.unknown()).optional(),
  geometry: z.object({ type: z.enum(['LineString', 'Point']), points: z.array(trackPoint) }),
});
export type FlightFeature = z.infer<typeof flightFeature>;
export type FeatureType = FlightFeature['type'];
/** GET /api/FlightDetail/:id/features: the track as a 'flight' feature, then the task features. */
export const flightFeatures = z.array(flightFeature);
/** GET /api/FlightDetail/:id/path */
export const flightPath = z.object({ path: z.array(trackPoint) });
/** GET /api/FlightDetail/:id/igc: the original file's bytes (application/octet-stream, not serialised). */
export const igcFileBytes = z.custom<Uint8Array>((v) => v instanceof Uint8Array, 'The original IGC file.');

export const flightStatus = z.object({ status: z.enum(['Pending', 'Processing', 'Completed', 'Failed']) });
export type FlightStatus = z.infer<typeof flightStatus>['status'];
export const idParams = z.object({ id: z.coerce.number().int().positive('Flight id must be a positive number.') });
export const featuresQuery = z.object({ lowRes: z.enum(['true', 'false']).optional() });
export const includeDeletedQuery = z.object({ includeDeleted: z.enum(['true', 'false']).optional() });

/**
 * Why a file could not be read, in the server's words (a file's and a failure group's `reason`). The app
 * shows them in the pilot's language (src/features/upload/file-reasons.ts); any other reason as sent.
 */
export const FILE_READ_ERRORS = {
  empty: 'The file is empty.',
  binary: 'This is not an IGC file (it contains binary data).',
  noFixes: 'The file contains no GPS fixes (no B records).',
  noDate: 'The file has no valid date header (HFDTE), and its name holds no date (such as 2024-07-14).',
  noTrack: 'The file has no usable track: fewer than two GPS fixes with a valid position and time.',
  gpxDoctype: 'This GPX file declares a document type or entities, which are refused for safety.',
  notGpx: 'This XML file is not a GPX track (no <gpx> element).',
  gpxNoPoints: 'The GPX file contains no track points (trk/trkseg/trkpt).',
  fitDamaged: 'This FIT file is damaged or not a FIT file (its header or checksum does not match).',
  fitNoPositions: 'The FIT file has no GPS positions (an indoor activity, or not an activity file).',
  kmlNoTimes: 'This KML file has a line but no times: a flight cannot be read from a drawn route.',
  kmlNoTrack: 'The KML file contains no track (no gx:Track, timed placemarks or line).',
  tcxNoPoints: 'The TCX file contains no track points with a position (Trackpoint/Position).',
} as const;

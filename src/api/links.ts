import { GOOGLE_LOGIN_URL } from './auth';
import { EXPORT_URLS } from './exports';
import { INCIDENT_URLS } from './incidents';
import { PUBLIC_TRACK_URLS } from './sharing';
import { thermalDownloadUrl, type ThermalMapArgs } from './thermals';
import { TRAINING_PDF_URL } from './training';
import { taskLedgerCsvUrl } from './upload-tasks';

/**
 * The server's addresses the browser opens itself, not through the api slice: downloads that stream
 * to disk (`DownloadLink`) and the full-page sign-in. Listed together so the route-coverage test
 * (server/test/route-coverage.test.ts) counts them as clients; each is defined in its area's file.
 */
export const LINKS = {
  ...EXPORT_URLS,
  googleLogin: GOOGLE_LOGIN_URL,
  thermalsCup: (args: ThermalMapArgs) => thermalDownloadUrl('cup', args),
  thermalsKml: (args: ThermalMapArgs) => thermalDownloadUrl('kml', args),
  taskLedgerCsv: taskLedgerCsvUrl,
  trainingPdf: TRAINING_PDF_URL,
  ...INCIDENT_URLS,
  publicTrackGpx: PUBLIC_TRACK_URLS.gpx,
  publicTrackIgc: PUBLIC_TRACK_URLS.igc,
} as const;

import type { CsvImportAnswer } from '../../contract/exports';
import { api } from './base';
import { postFiles } from './files';
import { FLIGHT_VIEWS } from './flights';

/**
 * Where the exports download from. They are links (`DownloadLink`): the browser sends the session cookie and
 * streams the file to disk, which matters for the IGC zip of a whole logbook.
 */
export const EXPORT_URLS = {
  logbookCsv: '/api/export/flights.csv',
  igcZip: '/api/export/igc.zip',
  gpx: (flightId: number) => `/api/FlightDetail/${flightId}/gpx`,
  kml: (flightId: number) => `/api/FlightDetail/${flightId}/kml`,
  /** The original file as uploaded (docs/export.md). */
  igc: (flightId: number) => `/api/FlightDetail/${flightId}/igc`,
} as const;

export const CSV_IMPORT_URL = '/api/import/csv';

export const exportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** One CSV file in the field `file`; imported flights, and the gliders and sites they name, show everywhere. */
    importCsv: build.mutation<CsvImportAnswer, File>({
      queryFn: (file) => postFiles<CsvImportAnswer>({ url: CSV_IMPORT_URL, field: 'file', files: [file], endpoint: 'importCsv' }),
      invalidatesTags: (answer) => (answer && answer.imported > 0 ? [...FLIGHT_VIEWS, 'Gliders', 'Sites'] : []),
    }),
  }),
});

export const { useImportCsvMutation } = exportsApi;

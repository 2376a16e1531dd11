import type { Kysely } from 'kysely';
import type { TrackPoint } from '../../../../contract/uploads';
import { trackFromPoints, trackPoints } from '../../analysis';
import { decodeTrack, encodeTrack, isLegacyTrack, unpack } from '../../track';

/** Rows converted per round trip: a few MB of tracks in memory at a time, whatever the logbook's size. */
const BATCH = 100;

/**
 * Stored tracks from gzip'd JSON of points to the binary typed-array form (track/codec.ts,
 * docs/ingestion.md), the track and its low-resolution selection each. The codec's format is
 * versioned by its first bytes and every version stays readable, so this migration may use today's
 * encoder. A row already converted is left alone, so an interrupted run can simply run again.
 */
export const binaryTracks = {
  async up(db: Kysely<any>) {
    let after = 0;
    for (;;) {
      const rows = await db.selectFrom('flight_tracks').select(['flight_id', 'path', 'path_low_res']).where('flight_id', '>', after).orderBy('flight_id').limit(BATCH).execute();
      if (!rows.length) break;
      for (const row of rows as Record<string, any>[]) {
        // The app's handle camel-cases result columns; a bare Kysely does not.
        const flightId: number = row.flightId ?? row.flight_id;
        const path: Buffer = row.path;
        const pathLowRes: Buffer = row.pathLowRes ?? row.path_low_res;
        after = flightId;
        const converted: Record<string, Buffer> = {};
        if (isLegacyTrack(path)) converted.path = encodeTrack(trackFromPoints(await unpack<TrackPoint[]>(path)));
        if (isLegacyTrack(pathLowRes)) converted.path_low_res = encodeTrack(trackFromPoints(await unpack<TrackPoint[]>(pathLowRes)));
        if (Object.keys(converted).length) await db.updateTable('flight_tracks').set(converted).where('flight_id', '=', flightId).execute();
      }
    }
  },

  /** Back to gzip'd JSON of points. */
  async down(db: Kysely<any>) {
    const { gzipSync } = await import('node:zlib');
    const json = async (stored: Buffer) => gzipSync(JSON.stringify(trackPoints(await decodeTrack(stored))));
    let after = 0;
    for (;;) {
      const rows = await db.selectFrom('flight_tracks').select(['flight_id', 'path', 'path_low_res']).where('flight_id', '>', after).orderBy('flight_id').limit(BATCH).execute();
      if (!rows.length) break;
      for (const row of rows as Record<string, any>[]) {
        const flightId: number = row.flightId ?? row.flight_id;
        const pathLowRes: Buffer = row.pathLowRes ?? row.path_low_res;
        after = flightId;
        const converted: Record<string, Buffer> = {};
        if (!isLegacyTrack(row.path)) converted.path = await json(row.path);
        if (!isLegacyTrack(pathLowRes)) converted.path_low_res = await json(pathLowRes);
        if (Object.keys(converted).length) await db.updateTable('flight_tracks').set(converted).where('flight_id', '=', flightId).execute();
      }
    }
  },
};

import type { Kysely } from 'kysely';
import type { TrackPoint } from '../../../../contract/uploads';
import { trackFromPoints, trackPoints } from '../../analysis/track';
import { decodeTrack, encodeFixIndexes, encodeTrack, isLegacyTrack, unpack } from '../../ingest/track-codec';

/** Rows converted per round trip: a few MB of tracks in memory at a time, whatever the logbook's size. */
const BATCH = 100;

/** The low-resolution points' indexes in the track (they are a selection of its fixes), or null when one is not found. */
function indexesIn(path: TrackPoint[], lowRes: TrackPoint[]): Uint32Array | null {
  const indexes = new Uint32Array(lowRes.length);
  let j = 0;
  for (let i = 0; i < path.length && j < lowRes.length; i++) {
    const p = path[i]!;
    const q = lowRes[j]!;
    if (p.timestamp === q.timestamp && p.latitude === q.latitude && p.longitude === q.longitude) indexes[j++] = i;
  }
  return j === lowRes.length ? indexes : null;
}

/**
 * Stored tracks from gzip'd JSON of points to the binary typed-array form (ingest/track-codec.ts,
 * docs/ingestion.md): the track once, the low-resolution track as indexes into it. The codec's
 * format is versioned by its first bytes and every version stays readable, so this migration may
 * use today's encoder. A low-resolution track that is not a selection of the track's fixes (none
 * written by the analysis) stays as it was; the reader takes either form.
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
        if (!isLegacyTrack(path)) continue;
        const points = await unpack<TrackPoint[]>(path);
        const lowRes = isLegacyTrack(pathLowRes) ? indexesIn(points, await unpack<TrackPoint[]>(pathLowRes)) : null;
        await db
          .updateTable('flight_tracks')
          .set({ path: encodeTrack(trackFromPoints(points)), ...(lowRes ? { path_low_res: encodeFixIndexes(lowRes) } : {}) })
          .where('flight_id', '=', flightId)
          .execute();
      }
    }
  },

  /** Back to gzip'd JSON of points (the low-resolution track becomes the whole track: it was never kept apart). */
  async down(db: Kysely<any>) {
    const { gzipSync } = await import('node:zlib');
    let after = 0;
    for (;;) {
      const rows = await db.selectFrom('flight_tracks').select(['flight_id', 'path']).where('flight_id', '>', after).orderBy('flight_id').limit(BATCH).execute();
      if (!rows.length) break;
      for (const row of rows as Record<string, any>[]) {
        const flightId: number = row.flightId ?? row.flight_id;
        after = flightId;
        if (isLegacyTrack(row.path)) continue;
        const json = gzipSync(JSON.stringify(trackPoints(await decodeTrack(row.path))));
        await db.updateTable('flight_tracks').set({ path: json, path_low_res: json }).where('flight_id', '=', flightId).execute();
      }
    }
  },
};

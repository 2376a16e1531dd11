import { migrate } from '../src/db';
import { describeEachDatabase } from './helpers/app';
import { oldPilotRow, openFreshDatabase } from './helpers/database';
import { seedFlights } from './helpers/flights';

/**
 * Migration 016: tokens and places used to be made by public reads; a database upgraded from 015 gets
 * them once for the flights stored before (docs/community.md), and the rate-limit table.
 */
describeEachDatabase('migration 016 backfills tokens and places', (kind) => {
  it('gives link and public flights a token, public flights a place, and nothing to private ones', async () => {
    const { handle, close } = await openFreshDatabase(kind);
    try {
      await migrate(handle, '015_units');
      const { db } = handle;
      const pilot = await db.insertInto('users').values(oldPilotRow('old', '2024-01-01T00:00:00.000Z')).returning('id').executeTakeFirstOrThrow();
      const at = { takeoffLat: 46.68, takeoffLon: 7.65, takeoffLocation: 'Wimmis' };
      const [priv, link, pub, near, far] = await seedFlights(db, pilot.id, [
        { startTime: '2024-07-01T10:00:00.000Z', ...at, visibility: 'private' },
        { startTime: '2024-07-02T10:00:00.000Z', ...at, visibility: 'link' },
        { startTime: '2024-07-03T10:00:00.000Z', ...at, visibility: 'public' },
        { startTime: '2024-07-04T10:00:00.000Z', ...at, takeoffLat: 46.681, visibility: 'public' },
        { startTime: '2024-07-05T10:00:00.000Z', ...at, takeoffLat: 45.9, visibility: 'public' },
      ]);
      await migrate(handle);
      const tokens = (await db.selectFrom('flightShares').select('flightId').orderBy('flightId').execute()).map((r) => r.flightId);
      expect(tokens).toEqual([link, pub, near, far]);
      const places = await db.selectFrom('flightPlaces').select(['flightId', 'placeId']).orderBy('flightId').execute();
      expect(places.map((r) => r.flightId)).toEqual([pub, near, far]);
      // The two takeoffs 110 m apart share a place; the one 87 km away has its own.
      expect(places[0]!.placeId).toBe(places[1]!.placeId);
      expect(places[2]!.placeId).not.toBe(places[0]!.placeId);
      expect(priv).toBeDefined();
      expect(await db.selectFrom('rateLimits').selectAll().execute()).toEqual([]);
    } finally {
      await close();
    }
  });
});

import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { distanceKm } from '../../analysis';

/**
 * State every process sees (docs/architecture.md): the rate-limit budgets of login and public reads
 * get a table (http/rate-limit-store.ts; used on PostgreSQL, where several processes share one
 * database). One row per budget key: when its window started and how many attempts it counted.
 *
 * Derived data on write (docs/architecture.md): share tokens and places were made by the public reads
 * until now, so some link and public flights stored before have no token and some public flights no
 * place. This backfill makes them once; from here on "flights changed" makes them for the pilot whose
 * flights changed. Frozen in time like every migration: it does what places/service.ts assignPlaces and
 * privacy/visibility.ts ensureTokens did when it was written, with its own queries.
 */
const PLACE_RADIUS_KM = 0.3;

export const sharedState = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('rate_limits')
      .addColumn('key', 'varchar(300)', (c) => c.primaryKey())
      .addColumn('started_at', 'bigint', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .execute();

    const now = new Date().toISOString();
    const withoutToken = await db
      .selectFrom('flights')
      .leftJoin('flight_shares', 'flight_shares.flight_id', 'flights.id')
      .select(['flights.id', 'flights.user_id as userId'])
      .where('flights.visibility', '!=', 'private')
      .where('flight_shares.flight_id', 'is', null)
      .orderBy('flights.id')
      .execute();
    for (const f of withoutToken) {
      await db
        .insertInto('flight_shares')
        .values({ flight_id: f.id, user_id: f.userId, token: randomBytes(24).toString('base64url'), include_notes: 0, include_photos: 0, created_at: now })
        .execute();
    }

    const unplaced = await db
      .selectFrom('flights')
      .leftJoin('flight_places', 'flight_places.flight_id', 'flights.id')
      .select(['flights.id', 'flights.takeoff_lat as takeoffLat', 'flights.takeoff_lon as takeoffLon'])
      .where('flights.visibility', '=', 'public')
      .where('flights.status', '=', 'Completed')
      .where((eb) => eb.or([eb('flights.removal_reason', 'is', null), eb('flights.removal_reason', '=', 0)]))
      .where('flights.takeoff_lat', 'is not', null)
      .where('flights.takeoff_lon', 'is not', null)
      .where('flight_places.flight_id', 'is', null)
      .orderBy('flights.id')
      .execute();
    const d = PLACE_RADIUS_KM / 111;
    for (const f of unplaced) {
      const p = { latitude: Number(f.takeoffLat), longitude: Number(f.takeoffLon) };
      const around: { id: number; latitude: number; longitude: number }[] = await db
        .selectFrom('places')
        .select(['id', 'latitude', 'longitude'])
        .where('latitude', '>=', p.latitude - d)
        .where('latitude', '<=', p.latitude + d)
        .where('longitude', '>=', p.longitude - d * 2)
        .where('longitude', '<=', p.longitude + d * 2)
        .execute();
      const near = around
        .map((place) => ({ place, km: distanceKm(place, p) }))
        .filter(({ km }) => km <= PLACE_RADIUS_KM)
        .sort((a, b) => a.km - b.km)[0];
      const placeId =
        near?.place.id ??
        (await db.insertInto('places').values({ public_id: randomBytes(12).toString('base64url'), latitude: p.latitude, longitude: p.longitude, created_at: now }).returning('id').executeTakeFirstOrThrow()).id;
      await db.insertInto('flight_places').values({ flight_id: f.id, place_id: placeId }).execute();
    }
  },
  async down(db: Kysely<any>) {
    // The tokens and places it made are data like any other; the previous code keeps using them.
    await db.schema.dropTable('rate_limits').execute();
  },
};

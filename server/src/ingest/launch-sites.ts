import { distanceKm } from '../analysis';
import type { Db } from '../db';
import { SITE_RADIUS_M } from '../../../contract/sites';

/** Takeoffs (and landings) closer than this share a site. */
const SITE_RADIUS_KM = SITE_RADIUS_M / 1000;

type Point = { latitude: number; longitude: number };

/** The pilot's sites in a box around the point (a cheap first cut before the distance check). */
function sitesAround(db: Db, userId: number, p: Point, d: number) {
  return db
    .selectFrom('sites')
    .selectAll()
    .where('userId', '=', userId)
    .where('latitude', '>=', p.latitude - d)
    .where('latitude', '<=', p.latitude + d)
    .where('longitude', '>=', p.longitude - d * 2)
    .where('longitude', '<=', p.longitude + d * 2)
    .execute();
}

async function insertSite(db: Db, userId: number, p: Point, name: string): Promise<number> {
  const row = await db.insertInto('sites').values({ userId, name, latitude: p.latitude, longitude: p.longitude }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The pilot's site within 300 m of a takeoff or landing, created on first visit (named after the
 * detected place). Among several, one the pilot named wins, then the nearest: a new flight near a
 * renamed site takes the pilot's name.
 */
export async function siteFor(db: Db, userId: number, p: Point, name: string | null): Promise<number> {
  const near = (await sitesAround(db, userId, p, SITE_RADIUS_KM / 111))
    .map((s) => ({ s, km: distanceKm(s, p) }))
    .filter(({ km }) => km <= SITE_RADIUS_KM)
    .sort((a, b) => b.s.named - a.s.named || a.km - b.km);
  if (near[0]) return near[0].s.id;
  return insertSite(db, userId, p, name ?? `${p.latitude.toFixed(3)}, ${p.longitude.toFixed(3)}`);
}

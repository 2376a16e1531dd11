import { distanceKm } from '../analysis/geo';
import type { Db } from '../db';

/** Takeoffs closer than this share a launch site. */
const SITE_RADIUS_KM = 0.3;

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

/** The pilot's launch site within 300 m of the takeoff, created on first visit. */
export async function launchSiteFor(db: Db, userId: number, p: Point, name: string | null): Promise<number> {
  const near = await sitesAround(db, userId, p, SITE_RADIUS_KM / 111);
  const site = near.find((s) => distanceKm(s, p) <= SITE_RADIUS_KM);
  if (site) return site.id;
  return insertSite(db, userId, p, name ?? `${p.latitude.toFixed(3)}, ${p.longitude.toFixed(3)}`);
}

import type { Db } from '../db';
import { gliderFor } from '../gliders';
import type { StoredAnalysis } from './types';
import { siteFor } from './launch-sites';

type FlightKey = { igcFileId: number; segmentIndex: number };

/** The links a segment's flight has now, with whether the pilot set each by hand; none before its first analysis. */
function storedLinks(db: Db, key: FlightKey) {
  return db
    .selectFrom('flights')
    .select(['gliderId', 'gliderSetByPilot', 'siteId', 'siteSetByPilot', 'landingSiteId', 'landingSiteSetByPilot'])
    .where('igcFileId', '=', key.igcFileId)
    .where('segmentIndex', '=', key.segmentIndex)
    .executeTakeFirst();
}

/**
 * The wing and launch and landing sites an analysed flight is stored with: found anew from the
 * analysis, except each one the pilot set by hand on this flight, which a re-analysis keeps.
 */
export async function pilotLinks(db: Db, userId: number, key: FlightKey, a: StoredAnalysis) {
  const kept = await storedLinks(db, key);
  return {
    siteId: kept?.siteSetByPilot ? kept.siteId : await siteFor(db, userId, a.takeoff, a.takeoffLocation),
    landingSiteId: kept?.landingSiteSetByPilot ? kept.landingSiteId : await siteFor(db, userId, a.landing, a.landingLocation),
    gliderId: kept?.gliderSetByPilot ? kept.gliderId : await gliderFor(db, userId, a.gliderType, a.localDate),
  };
}
export type PilotLinks = Awaited<ReturnType<typeof pilotLinks>>;

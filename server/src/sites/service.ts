import type { NewSite, Site } from '../../../contract/sites';
import { toNumber, type Db, type Site as SiteRow } from '../db';
import type { FlightsChanged } from '../flights';
import { badRequest, notFound } from '../http';
import * as repo from './repository';

export interface SitesDeps {
  database: { db: Db };
  flightsChanged: FlightsChanged;
}

/** One of the pilot's sites, or the same 404 whether it is missing or someone else's. */
export async function ownSite(db: Db, userId: number, id: number): Promise<SiteRow> {
  const site = await repo.findSite(db, userId, id);
  if (!site) throw notFound('Site not found.');
  return site;
}

const later = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : a > b ? a : b);

/** The pilot's launch and landing sites: list, create, rename, merge. */
export function sitesService({ database: { db }, flightsChanged }: SitesDeps) {
  const list = async (userId: number): Promise<Site[]> => {
    const [rows, launches, landings] = await Promise.all([repo.listSites(db, userId), repo.launchUsage(db, userId), repo.landingUsage(db, userId)]);
    const launchOf = new Map(launches.map((u) => [toNumber(u.siteId), u]));
    const landingOf = new Map(landings.map((u) => [toNumber(u.siteId), u]));
    return rows.map((s) => {
      const launch = launchOf.get(s.id);
      const landing = landingOf.get(s.id);
      return {
        id: s.id,
        name: s.name,
        latitude: s.latitude,
        longitude: s.longitude,
        named: s.named === 1,
        flightCount: toNumber(launch?.flightCount),
        landingCount: toNumber(landing?.landingCount),
        totalSeconds: toNumber(launch?.totalSeconds),
        lastVisit: later(launch?.lastVisit ? String(launch.lastVisit) : null, landing?.lastVisit ? String(landing.lastVisit) : null),
        timeZone: launch?.timeZone ?? landing?.timeZone ?? null,
      };
    });
  };
  const one = async (userId: number, id: number) => (await list(userId)).find((s) => s.id === id)!;

  return {
    list,

    async create(userId: number, site: NewSite) {
      return one(userId, await repo.insertNamedSite(db, userId, site));
    },

    /** The name shows in summaries and statistics, so the pilot's cached reads go stale. */
    async rename(userId: number, id: number, name: string) {
      await ownSite(db, userId, id);
      await repo.renameSite(db, id, name);
      await flightsChanged(userId);
      return one(userId, id);
    },

    /** Moves the site's launches and landings into the other site and removes it; answers the kept site. */
    async merge(userId: number, id: number, intoSiteId: number) {
      await ownSite(db, userId, id);
      if (intoSiteId === id) throw badRequest('A site cannot be merged into itself.');
      await ownSite(db, userId, intoSiteId);
      await db.transaction().execute(async (trx) => {
        await repo.moveFlights(trx, id, intoSiteId);
        await repo.deleteSite(trx, id);
      });
      await flightsChanged(userId);
      return one(userId, intoSiteId);
    },
  };
}

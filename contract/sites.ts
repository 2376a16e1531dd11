import { z } from 'zod';

export const SITE_NAME_MAX = 100;
export const siteName = z
  .string({ error: 'Site name is required.' })
  .trim()
  .min(1, 'Site name is required.')
  .max(SITE_NAME_MAX, `Site name must be at most ${SITE_NAME_MAX} characters.`);
export const latitude = z.number({ error: 'Latitude must be a number.' }).min(-90, 'Latitude must be between -90 and 90.').max(90, 'Latitude must be between -90 and 90.');
export const longitude = z.number({ error: 'Longitude must be a number.' }).min(-180, 'Longitude must be between -180 and 180.').max(180, 'Longitude must be between -180 and 180.');
/** A place the pilot names: for a new site, or a flight's launch or landing given by hand. */
export const newSite = z.object({ name: siteName, latitude, longitude });
export type NewSite = z.infer<typeof newSite>;

/** Takeoffs and landings closer than this share a site (the server places them, the Sites page says so). */
export const SITE_RADIUS_M = 300;

/** A launch or landing site of the pilot (takeoffs and landings within SITE_RADIUS_M share one). */
export const site = z.object({
  id: z.number(),
  name: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  /** True once the pilot renamed it (a detected name is the nearest town). */
  named: z.boolean(),
  /** Flights launched here. */
  flightCount: z.number(),
  /** Flights landed here. */
  landingCount: z.number(),
  /** Flight seconds of the flights launched here. */
  totalSeconds: z.number(),
  /** Start (ISO UTC) of the newest flight launched or landed here. */
  lastVisit: z.string().nullable(),
  timeZone: z.string().nullable(),
});
export type Site = z.infer<typeof site>;
export const sites = z.array(site);
export const siteParams = z.object({ id: z.coerce.number({ error: 'Site id must be a positive number.' }).int('Site id must be a positive number.').positive('Site id must be a positive number.') });
/** PUT /api/sites/:id */
export const siteRenameBody = z.object({ name: siteName });
/** POST /api/sites/:id/merge: the site's flights move into intoSiteId and the site is removed. */
export const siteMergeBody = z.object({ intoSiteId: z.number({ error: 'intoSiteId must be a site id.' }).int().positive('intoSiteId must be a site id.') });

import { z } from 'zod';

/**
 * Finding and following pilots (docs/community.md, "Finding pilots" and "Following"). Pilots are
 * addressed by username; no answer carries an email or a row number.
 */

/** GET/PUT /api/profile/follow-settings: both off for a new pilot (privacy first). */
export const followSettings = z.object({
  /** Others find the pilot by name in the pilot search. */
  findableByName: z.boolean(),
  /** Others may follow the pilot (separate from publishing the pilot page). */
  acceptsFollowers: z.boolean(),
});
export type FollowSettings = z.infer<typeof followSettings>;
export const followSettingsBody = z
  .object({
    findableByName: z.boolean({ error: 'findableByName must be true or false.' }).optional(),
    acceptsFollowers: z.boolean({ error: 'acceptsFollowers must be true or false.' }).optional(),
  })
  .refine((b) => b.findableByName !== undefined || b.acceptsFollowers !== undefined, 'Nothing to change: send findableByName or acceptsFollowers.');

/** A pilot in the search results or the followers list. */
export const pilotListItem = z.object({
  /** The display name, else the username. */
  name: z.string(),
  username: z.string(),
  /** Their pilot page is published (/pilots/{username}). */
  publicPage: z.boolean(),
  /** They accept followers: a Follow button makes sense. */
  acceptsFollowers: z.boolean(),
  /** The signed-in pilot follows them (false for a visitor). */
  following: z.boolean(),
});
export type PilotListItem = z.infer<typeof pilotListItem>;

export const PILOT_SEARCH_MIN = 2;
export const PILOT_SEARCH_MAX = 60;
export const PILOT_SEARCH_LIMIT = 20;
/** GET /api/public/pilots?q=: pilots who let others find them by name, at most 20, best match first. */
export const pilotSearchQuery = z.object({
  q: z
    .string({ error: 'Type a name to search for.' })
    .trim()
    .min(PILOT_SEARCH_MIN, `Type at least ${PILOT_SEARCH_MIN} letters of a name.`)
    .max(PILOT_SEARCH_MAX, `A name to search for is at most ${PILOT_SEARCH_MAX} characters.`),
});
export const pilotSearch = z.object({ pilots: z.array(pilotListItem) });
export type PilotSearch = z.infer<typeof pilotSearch>;

/** GET /api/profile/followers: who follows you, newest first; `following` says whether you follow back. */
export const followers = z.object({ followers: z.array(pilotListItem.extend({ since: z.string() })) });
export type Followers = z.infer<typeof followers>;

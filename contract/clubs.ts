import { z } from 'zod';
import { placeRef, publicFlightRef } from './community';
import { clubSlug, rankedPilot, rankingRow } from './rankings';

/**
 * Clubs (docs/rankings-and-clubs.md): a pilot creates one, admins hand out an invite link (renewing
 * it voids the old one), members join with it; admins remove members and make others admins; a
 * club always keeps at least one admin. A pilot may belong to several clubs.
 */
export { clubSlug };
export const CLUB_NAME_MAX = 80;
export const CLUB_PLACES_MAX = 10;

const clubName = z
  .string({ error: 'The club needs a name.' })
  .trim()
  .min(2, 'A club name is at least 2 characters.')
  .max(CLUB_NAME_MAX, `A club name is at most ${CLUB_NAME_MAX} characters.`);
const placeIds = z
  .array(z.string().min(1).max(60), { error: 'places must be a list of place ids.' })
  .max(CLUB_PLACES_MAX, `A club has at most ${CLUB_PLACES_MAX} home places.`);

/** POST /api/clubs: a new club; its creator is its first admin. */
export const createClubBody = z.object({ name: clubName, places: placeIds.optional() });
/** PUT /api/clubs/:slug/places (admins): the club's home places. */
export const clubPlacesBody = z.object({ places: placeIds });
export const clubParams = z.object({ slug: clubSlug });
export const clubMemberParams = z.object({ slug: clubSlug, username: z.string().min(1).max(60) });
export const clubQuery = z.object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'date must be YYYY-MM-DD.').optional() });

/** POST /api/clubs/join. */
export const joinClubBody = z.object({ token: z.string({ error: 'Give the invite token.' }).min(16, 'This invite link is not valid.').max(100, 'This invite link is not valid.') });
/** POST /api/clubs/:slug/invite (admins): a new invite link; the previous one stops working. */
export const clubInvite = z.object({ url: z.string(), token: z.string() });

export const CLUB_ROLES = ['admin', 'member'] as const;
export type ClubRole = (typeof CLUB_ROLES)[number];
/** A member as the club page shows them; the username is given to other members of the club, to everyone else only when the pilot's page is public. */
export const clubMember = z.object({ pilot: rankedPilot, role: z.enum(CLUB_ROLES), you: z.boolean() });

/** GET /api/clubs/:slug (public). */
export const club = z.object({
  slug: z.string(),
  name: z.string(),
  /** Home places that have public flights. */
  places: z.array(placeRef),
  /** Every member for the club's own members; for anyone else only members whose pilot page is public. */
  members: z.array(clubMember),
  /** Members not listed to this viewer (no public page): "and 3 more members"; 0 for the club's members. */
  otherMembers: z.number(),
  /** The signed-in pilot's role in the club, null when not a member (or signed out). */
  yourRole: z.enum(CLUB_ROLES).nullable(),
  /** The day asked for (default today, UTC) and the Monday-to-Sunday week around it. */
  date: z.string(),
  weekStart: z.string(),
  today: z.array(publicFlightRef),
  week: z.array(publicFlightRef),
  season: z.number(),
  league: z.string(),
  ranking: z.array(rankingRow),
});
export type Club = z.infer<typeof club>;

/** GET /api/clubs: the signed-in pilot's clubs. */
export const myClubs = z.object({ clubs: z.array(z.object({ slug: z.string(), name: z.string(), role: z.enum(CLUB_ROLES), memberCount: z.number() })) });
export type MyClubs = z.infer<typeof myClubs>;
export const clubCreated = z.object({ slug: z.string(), name: z.string() });

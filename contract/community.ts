import { z } from 'zod';
import { aircraftCategory } from './aircraft';

/**
 * Flying together (docs/community.md): who sees each flight, places shared by pilots, who flew
 * here today, following, comments, likes and their moderation. Public answers address flights by
 * share token, places and comments by opaque ids, pilots by username: never a row number or an email.
 */

/** private: only the pilot. link: anyone with the share link. public: also listed (pilot page, place, feeds) and open to comments and likes. */
export const VISIBILITIES = ['private', 'link', 'public'] as const;
export type Visibility = (typeof VISIBILITIES)[number];
export const visibility = z.enum(VISIBILITIES, { error: 'Visibility must be private, link or public.' });

/** PUT /api/FlightDetail/visibility: every flight of the pilot (or of one local year) gets this visibility. */
export const bulkVisibilityBody = z.object({
  visibility,
  year: z.number({ error: 'Year must be a number.' }).int('Year must be a whole number.').min(1900, 'Year must be 1900 or later.').max(2200, 'Year must be 2200 or earlier.').optional(),
});
export const visibilityChanged = z.object({ changed: z.number() });
/** GET /api/FlightDetail/visibility?visibility=&year=: how many flights that change would change (the confirmation says it). */
export const bulkVisibilityQuery = bulkVisibilityBody.extend({ year: z.coerce.number({ error: 'Year must be a number.' }).int('Year must be a whole number.').min(1900, 'Year must be 1900 or later.').max(2200, 'Year must be 2200 or earlier.').optional() });

/** What new flights get: a visibility, or `review`: stored private and waiting in the review list until the pilot publishes them. */
export const DEFAULT_VISIBILITIES = [...VISIBILITIES, 'review'] as const;
export type DefaultVisibility = (typeof DEFAULT_VISIBILITIES)[number];
export const defaultVisibility = z.enum(DEFAULT_VISIBILITIES, { error: 'Default visibility must be private, link, public or review.' });

/**
 * GET/PUT /api/profile/community: the visibility of new flights, the daily mail of new comments and
 * whether visitors may download the tracks of public flights that have no choice of their own (docs/sharing.md).
 */
export const communityProfile = z.object({ defaultVisibility, commentDigest: z.boolean(), trackDownload: z.boolean() });
export type CommunityProfile = z.infer<typeof communityProfile>;
export const communityProfileBody = z
  .object({
    defaultVisibility: defaultVisibility.optional(),
    commentDigest: z.boolean({ error: 'commentDigest must be true or false.' }).optional(),
    trackDownload: z.boolean({ error: 'trackDownload must be true or false.' }).optional(),
  })
  .refine((b) => b.defaultVisibility !== undefined || b.commentDigest !== undefined || b.trackDownload !== undefined, 'Nothing to change: send defaultVisibility, commentDigest or trackDownload.');

/** A flight waiting in the review list of a "publish after I review" pilot (their own view: ids are theirs). */
export const reviewFlight = z.object({
  id: z.number(),
  startTime: z.string().nullable(),
  timeZone: z.string().nullable(),
  flightTime: z.number().nullable(),
  distance: z.number().nullable(),
  xcPoints: z.number().nullable(),
  flightCode: z.string().nullable(),
  status: z.string(),
  /** The launch site's name, else the detected takeoff place. */
  place: z.string().nullable(),
});
export type ReviewFlight = z.infer<typeof reviewFlight>;
/** GET /api/FlightDetail/review: the pilot's flights waiting for review, newest first. */
export const reviewList = z.object({ flights: z.array(reviewFlight) });
export type ReviewList = z.infer<typeof reviewList>;
/** POST /api/FlightDetail/review: publish (or keep private) one waiting flight, or every one when flightId is left out. */
export const reviewDecisionBody = z.object({
  flightId: z.number({ error: 'flightId must be an id.' }).int('flightId must be an id.').positive('flightId must be an id.').optional(),
  visibility: z.enum(['public', 'private'], { error: 'Visibility must be public or private.' }),
});
export type ReviewDecisionBody = z.infer<typeof reviewDecisionBody>;
export const reviewDecided = z.object({ changed: z.number() });

/** A pilot as others see them: the display name (else the username); the username only when their page is public. */
export const publicPilotRef = z.object({ name: z.string(), username: z.string().nullable() });
export type PublicPilotRef = z.infer<typeof publicPilotRef>;

/** A place: its opaque id and name. */
export const placeRef = z.object({ id: z.string(), name: z.string() });
export type PlaceRef = z.infer<typeof placeRef>;

/** A public flight in a list (a place's day, nearby, the feed), opened at /shared/{token}. */
export const publicFlightRef = z.object({
  token: z.string(),
  pilot: publicPilotRef,
  startTime: z.string().nullable(),
  timeZone: z.string().nullable(),
  flightTime: z.number().nullable(),
  distance: z.number().nullable(),
  xcPoints: z.number().nullable(),
  flightCode: z.string().nullable(),
});
export type PublicFlightRef = z.infer<typeof publicFlightRef>;

export const placeParams = z.object({ id: z.string().min(1).max(60) });
export const placeDayParams = placeParams.extend({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'The day must be YYYY-MM-DD.') });

/** GET /api/places/:id (public): a place with public flights. */
export const place = z.object({
  id: z.string(),
  name: z.string(),
  /** The aircraft category of its flights: a place serves one (docs/aircraft-category.md). */
  category: aircraftCategory,
  /** The mean takeoff of its public flights. */
  latitude: z.number(),
  longitude: z.number(),
  /** Pilots with a public flight here. */
  pilotCount: z.number(),
  flightCount: z.number(),
  /** The latest days with public flights here, newest first. */
  days: z.array(z.object({ date: z.string(), count: z.number() })),
  /** The season shown: the latest year with a public flight here. */
  season: z.number(),
  /** That season's best public flights by score. */
  best: z.array(publicFlightRef),
});
export type Place = z.infer<typeof place>;
/** GET /api/places/:id/days/:date (public): that day's public flights, earliest takeoff first. */
export const placeDay = z.object({ place: placeRef, date: z.string(), flights: z.array(publicFlightRef) });
export type PlaceDay = z.infer<typeof placeDay>;

/** "Flew with": a public flight of another pilot that came within 200 m and 100 m of height in the same minute. */
export const flewWithFlight = publicFlightRef.extend({ metAt: z.string() });
/** GET /api/public/flights/:token/nearby and /api/FlightDetail/:id/nearby. */
export const nearby = z.object({ place: placeRef.nullable(), sameDay: z.array(publicFlightRef), flewWith: z.array(flewWithFlight) });
export type Nearby = z.infer<typeof nearby>;

/**
 * PUT/DELETE /api/pilots/:username/follow and GET the same: whether you follow, whether you blocked
 * them, whether they accept followers (docs/community.md), and the pilot's counts.
 */
export const followState = z.object({ following: z.boolean(), blocked: z.boolean(), acceptsFollowers: z.boolean(), followers: z.number(), followingCount: z.number() });
export type FollowState = z.infer<typeof followState>;
export const blockState = z.object({ blocked: z.boolean() });

export const FEED_LIMIT_MAX = 50;
/**
 * The feed's page boundary: `next` is "{takeoff time}~{share token}" of the last flight shown, so flights
 * taking off in the same second are never skipped between pages; a bare ISO time also works.
 */
export const FEED_CURSOR = /^(?<time>[^~]+)(?:~(?<token>[A-Za-z0-9_-]{1,64}))?$/;
const isoTime = z.iso.datetime({ offset: true });
export const feedQuery = z.object({
  before: z
    .string()
    .refine((v) => { const time = FEED_CURSOR.exec(v)?.groups?.time; return time !== undefined && isoTime.safeParse(time).success; }, 'before must be an ISO 8601 timestamp or the next of a feed page.')
    .optional(),
  limit: z.coerce.number({ error: 'limit must be a number.' }).int('limit must be a whole number.').min(1, `limit must be 1 to ${FEED_LIMIT_MAX}.`).max(FEED_LIMIT_MAX, `limit must be 1 to ${FEED_LIMIT_MAX}.`).default(20),
});
export const feedItem = publicFlightRef.extend({ place: placeRef.nullable(), likeCount: z.number(), commentCount: z.number() });
/** GET /api/feed: public flights of the pilots you follow, newest first; `next` is the `before` of the next page. */
export const feed = z.object({ flights: z.array(feedItem), next: z.string().nullable() });
export type Feed = z.infer<typeof feed>;

/** Comments: plain text, stored exactly as typed, shown as text (never as HTML). */
export const COMMENT_MAX = 2000;
export const commentBody = z.object({
  body: z
    .string({ error: 'The comment must be text.' })
    .max(COMMENT_MAX, `A comment must be at most ${COMMENT_MAX} characters.`)
    .refine((v) => v.trim().length > 0, 'The comment is empty.'),
});
export const commentParams = z.object({ id: z.string().min(1).max(60) });
export const comment = z.object({
  id: z.string(),
  author: publicPilotRef,
  body: z.string(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  /** Written by the signed-in pilot: they may edit and delete it. */
  mine: z.boolean(),
  /** The signed-in pilot may delete it (theirs, or on their flight). */
  canDelete: z.boolean(),
});
export type Comment = z.infer<typeof comment>;
/** `blockedByPilot`: the flight's pilot blocked the signed-in pilot, who may not comment or like (the app says so). */
export const comments = z.object({ comments: z.array(comment), blockedByPilot: z.boolean() });
export const REPORT_REASON_MAX = 500;
export const reportBody = z.object({
  reason: z.string({ error: 'Give a reason.' }).trim().min(1, 'Give a reason.').max(REPORT_REASON_MAX, `The reason must be at most ${REPORT_REASON_MAX} characters.`),
});

/** GET/PUT/DELETE /api/public/flights/:token/like(s): the count, whether you like it, and who did. */
export const likes = z.object({ count: z.number(), likedByYou: z.boolean(), pilots: z.array(publicPilotRef), blockedByPilot: z.boolean() });
export type Likes = z.infer<typeof likes>;

/**
 * GET /api/profile/community/new-comments: comments by others on your public flights since you last
 * looked (the navigation's badge), and those flights, the latest comment first.
 */
export const newComments = z.object({
  count: z.number(),
  flights: z.array(z.object({ token: z.string(), startTime: z.string().nullable(), timeZone: z.string().nullable(), place: placeRef.nullable(), count: z.number() })),
});
export type NewComments = z.infer<typeof newComments>;

/** The admin's moderation queue (GET /api/debug/reports). */
export const REPORT_ACTIONS = ['hide', 'restore', 'delete', 'block'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];
export const reportActionParams = z.object({ id: z.coerce.number().int().positive('Report id must be a positive number.'), action: z.enum(REPORT_ACTIONS, { error: 'The action must be hide, restore, delete or block.' }) });
export const moderationReport = z.object({
  id: z.number(),
  reason: z.string(),
  createdAt: z.string(),
  reporter: z.string(),
  comment: z.object({ id: z.string(), body: z.string(), author: z.string(), authorBlocked: z.boolean(), hidden: z.boolean(), flightToken: z.string().nullable(), createdAt: z.string() }),
});
export const moderationReports = z.object({ reports: z.array(moderationReport) });
export type ModerationReports = z.infer<typeof moderationReports>;

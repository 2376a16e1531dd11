import { z } from 'zod';
import { aircraftCategory } from './aircraft';
import { placeRef } from './community';
import { GLIDER_CLASSES } from './gliders';
import { SCORING_RULES } from './scoring';

/**
 * Season rankings (docs/rankings-and-clubs.md): per league and calendar year, over the instance's
 * public flights, each pilot's best RANKED_FLIGHTS scores add up (XContest's rule); ties go to the
 * better best single flight. Pilots by display name (username only when their page is public),
 * flights by share token.
 */
export const RANKED_FLIGHTS = 6;

/** A club's public address: lower-case letters, digits and single dashes. */
export const clubSlug = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'A club address is lower-case letters, digits and dashes.').max(60, 'A club address is at most 60 characters.');

export const rankingsQuery = z.object({
  season: z.coerce.number({ error: 'season must be a year.' }).int('season must be a year.').min(1900, 'season must be 1900 or later.').max(2200, 'season must be 2200 or earlier.').optional(),
  league: z.enum(SCORING_RULES, { error: `league must be one of ${SCORING_RULES.join(', ')}.` }).optional(),
  place: z.string().min(1, 'place must be a place id.').max(60, 'place must be a place id.').optional(),
  club: clubSlug.optional(),
  gliderClass: z.enum(GLIDER_CLASSES, { error: `gliderClass must be one of ${GLIDER_CLASSES.join(', ')}.` }).optional(),
  /** The aircraft category (docs/aircraft-category.md); paraglider unless asked. */
  category: aircraftCategory.optional(),
});
export type RankingsQuery = z.infer<typeof rankingsQuery>;

/** A pilot in a ranking: the display name (else the username), the username only when their page is public. */
export const rankedPilot = z.object({ displayName: z.string(), username: z.string().nullable() });

/** A flight that counts: opened at /shared/{token}; date is the local date of its takeoff. */
export const rankedFlight = z.object({ token: z.string(), points: z.number(), date: z.string() });

export const rankingRow = z.object({
  /** 1 for the best; pilots equal on points and best flight share a rank. */
  rank: z.number(),
  pilot: rankedPilot,
  /** The sum of the flights that count, rounded to hundredths. */
  points: z.number(),
  /** Best first, at most RANKED_FLIGHTS. */
  flights: z.array(rankedFlight),
});
export type RankingRow = z.infer<typeof rankingRow>;

/** GET /api/rankings?season=&league=&place=&club=&gliderClass=&category= (public). */
export const ranking = z.array(rankingRow);
export type Ranking = z.infer<typeof ranking>;

/** GET /api/rankings/places?season= (public): the places to filter by, those with the most public flights (of the season, else of all time). */
export const RANKING_PLACES_MAX = 100;
export const rankingPlacesQuery = rankingsQuery.pick({ season: true, category: true });
export const rankingPlaces = z.object({ places: z.array(placeRef.extend({ flights: z.number() })) });
export type RankingPlaces = z.infer<typeof rankingPlaces>;

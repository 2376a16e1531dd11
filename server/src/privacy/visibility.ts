import { randomBytes } from 'node:crypto';
import type { CommunityProfile, DefaultVisibility, ReviewList, Visibility } from '../../../contract/community';
import { notFound } from '../http';
import { nowIso, type Db } from '../db';
import * as vis from './visibility-repository';

/**
 * Who sees a flight (docs/community.md). A link or public flight always has a share link (its token is
 * the flight's public address); a private flight keeps the token it had, unused, so that made public
 * again it opens at the same address, unless the pilot asked for a new link (docs/sharing.md).
 * Stored as the flight's `visibility`.
 */

/** A share token as the share dialog makes them (sharing/service.ts newShareToken): 192 random bits, base64url. */
const newShareToken = () => randomBytes(24).toString('base64url');

/** Gives every link and public flight without a token one (of one pilot, or of all). */
export async function ensureTokens(db: Db, userId?: number): Promise<void> {
  const missing = await vis.flightsWithoutToken(db, userId);
  for (const f of missing) await vis.insertShare(db, { flightId: f.id, userId: f.userId, token: newShareToken(), includeNotes: 0, includePhotos: 0, createdAt: nowIso() });
}

/**
 * Sets one flight's visibility: link and public make sure it has a token; private keeps it (the link
 * stops working until the flight is made public again) unless `newLink` drops it for good.
 */
export async function applyVisibility(db: Db, userId: number, flightId: number, visibility: Visibility, { newLink = false }: { newLink?: boolean } = {}): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await vis.setFlightVisibility(trx, flightId, visibility);
    if (visibility === 'private' && newLink) await vis.deleteShare(trx, flightId);
    else await ensureTokens(trx, userId);
  });
}

/** The community settings of the pilot's profile and the change of visibility of many flights at once. */
export function visibilityService({ database: { db }, flightsChanged }: { database: { db: Db }; flightsChanged: (userId: number) => Promise<void> }) {
  const profile = async (userId: number): Promise<CommunityProfile> => {
    const row = await vis.findCommunityProfile(db, userId);
    return { defaultVisibility: row?.defaultVisibility ?? 'private', commentDigest: row?.commentDigest !== 0, trackDownload: row?.defaultTrackDownload === 1 };
  };
  return {
    /** Every not removed flight of the pilot, or of one local year; answers how many changed. */
    async setMany(userId: number, visibility: Visibility, year?: number): Promise<{ changed: number }> {
      const changed = await db.transaction().execute(async (trx) => {
        const n = await vis.setVisibilityOfMany(trx, userId, visibility, year);
        // Private flights keep their tokens: made public again, their old links open again.
        if (visibility !== 'private') await ensureTokens(trx, userId);
        return n;
      });
      // The pilot's cached lists show each flight's visibility.
      if (changed > 0) await flightsChanged(userId);
      return { changed };
    },

    /** How many flights `setMany` would change (the app's confirmation says it before asking). */
    async countMany(userId: number, visibility: Visibility, year?: number): Promise<{ changed: number }> {
      return { changed: await vis.countVisibilityChanges(db, userId, visibility, year) };
    },

    profile,

    async setProfile(userId: number, change: { defaultVisibility?: DefaultVisibility; commentDigest?: boolean; trackDownload?: boolean }): Promise<CommunityProfile> {
      const flag = (v: boolean | undefined) => (v === undefined ? undefined : v ? 1 : 0);
      await vis.updateCommunityProfile(db, userId, { defaultVisibility: change.defaultVisibility, commentDigest: flag(change.commentDigest), defaultTrackDownload: flag(change.trackDownload) });
      return profile(userId);
    },

    /** The review list of a "publish after I review" pilot. */
    async waiting(userId: number): Promise<ReviewList> {
      const rows = await vis.waitingFlights(db, userId);
      return {
        flights: rows.map((r) => ({
          id: r.id,
          startTime: r.startTime,
          timeZone: r.timeZone,
          flightTime: r.flightTime,
          distance: r.distance,
          xcPoints: r.xcPoints,
          flightCode: r.flightCode,
          status: r.status,
          place: r.siteName ?? r.takeoffLocation,
        })),
      };
    },

    /**
     * Publishes (or keeps private) one waiting flight, or all of them; the flights leave the list. A flight
     * id that is not one of the pilot's waiting flights answers 404 and changes nothing.
     */
    async decide(userId: number, flightId: number | undefined, visibility: 'public' | 'private'): Promise<{ changed: number }> {
      const ids = await vis.waitingFlightIds(db, userId, flightId);
      if (flightId !== undefined && ids.length === 0) throw notFound('This flight does not wait for review.');
      await db.transaction().execute(async (trx) => {
        await vis.decideWaiting(trx, ids, visibility);
        if (visibility === 'public') await ensureTokens(trx, userId);
      });
      if (ids.length > 0) await flightsChanged(userId);
      return { changed: ids.length };
    },
  };
}

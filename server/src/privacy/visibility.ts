import { randomBytes } from 'node:crypto';
import type { CommunityProfile, Visibility } from '../../../contract/community';
import { nowIso, type Db } from '../db';
import * as vis from './visibility-repository';

/**
 * Who sees a flight (docs/community.md). A private flight has no share link; a link or public flight
 * always has one (its token is the flight's public address). Stored as the flight's `visibility`.
 */

/** A share token as the share dialog makes them (sharing/service.ts newShareToken): 192 random bits, base64url. */
const newShareToken = () => randomBytes(24).toString('base64url');

/** Gives every link and public flight without a token one (of one pilot, or of all). */
export async function ensureTokens(db: Db, userId?: number): Promise<void> {
  const missing = await vis.flightsWithoutToken(db, userId);
  for (const f of missing) await vis.insertShare(db, { flightId: f.id, userId: f.userId, token: newShareToken(), includeNotes: 0, includePhotos: 0, createdAt: nowIso() });
}

/** Sets one flight's visibility: private drops its link, link and public make sure it has one. */
export async function applyVisibility(db: Db, userId: number, flightId: number, visibility: Visibility): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await vis.setFlightVisibility(trx, flightId, visibility);
    if (visibility === 'private') await vis.deleteShare(trx, flightId);
    else await ensureTokens(trx, userId);
  });
}

/** The community settings of the pilot's profile and the change of visibility of many flights at once. */
export function visibilityService({ database: { db }, flightsChanged }: { database: { db: Db }; flightsChanged: (userId: number) => Promise<void> }) {
  const profile = async (userId: number): Promise<CommunityProfile> => {
    const row = await vis.findCommunityProfile(db, userId);
    return { defaultVisibility: (row?.defaultVisibility ?? 'private') as Visibility, commentDigest: row?.commentDigest !== 0 };
  };
  return {
    /** Every not removed flight of the pilot, or of one local year; answers how many changed. */
    async setMany(userId: number, visibility: Visibility, year?: number): Promise<{ changed: number }> {
      const changed = await db.transaction().execute(async (trx) => {
        const n = await vis.setVisibilityOfMany(trx, userId, visibility, year);
        if (visibility === 'private') await vis.dropLinksOfPrivateFlights(trx, userId);
        else await ensureTokens(trx, userId);
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

    async setProfile(userId: number, change: { defaultVisibility?: Visibility; commentDigest?: boolean }): Promise<CommunityProfile> {
      await vis.updateCommunityProfile(db, userId, {
        defaultVisibility: change.defaultVisibility,
        commentDigest: change.commentDigest === undefined ? undefined : change.commentDigest ? 1 : 0,
      });
      return profile(userId);
    },
  };
}

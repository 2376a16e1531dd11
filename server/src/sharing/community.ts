import type { PlaceRef } from '../../../contract/community';
import type { Db, Flight } from '../db';
import { placeRefOfFlight } from '../places';
import { isListed, type RuleFields } from '../privacy';
import * as repo from './community-repository';

/** What a public flight's page adds (docs/community.md): its place and its counts; none for a link flight. */
export async function communityOfFlight(db: Db, flight: Pick<Flight, 'id'> & RuleFields): Promise<{ place: PlaceRef | null; likeCount: number; commentCount: number }> {
  if (!isListed(flight)) return { place: null, likeCount: 0, commentCount: 0 };
  const [place, likeCount, commentCount] = await Promise.all([placeRefOfFlight(db, flight.id), repo.likeCount(db, flight.id), repo.commentCount(db, flight.id)]);
  return { place, likeCount, commentCount };
}

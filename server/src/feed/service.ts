import type { Feed } from '../../../contract/community';
import type { DbDeps } from '../db';
import { placeRefsOfFlights } from '../places';
import { toFlightRef } from '../privacy';
import { commentCount, likeCount } from '../sharing';
import { feedCursor, parseFeedCursor } from './feed-cursor';
import * as repo from './repository';

/** The public flights of the pilots you follow, newest first, one page after `before` (docs/community.md). */
export async function feed({ database: { db } }: DbDeps, userId: number, before: string | undefined, limit: number): Promise<Feed> {
  const rows = await repo.feedFlights(db, userId, before === undefined ? undefined : parseFeedCursor(before), limit + 1);
  const page = rows.slice(0, limit);
  const places = await placeRefsOfFlights(db, page.map((r) => r.id));
  const flights = await Promise.all(page.map(async (r) => ({ ...toFlightRef(r), place: places.get(r.id) ?? null, likeCount: await likeCount(db, r.id), commentCount: await commentCount(db, r.id) })));
  const last = page[page.length - 1];
  return { flights, next: rows.length > limit && last ? feedCursor(last.startTime!, last.token) : null };
}

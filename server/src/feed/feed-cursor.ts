import { FEED_CURSOR } from '../../../contract/community';

/** The `next` of a feed page: the last flight's takeoff (as stored, ISO UTC) and share token. */
export const feedCursor = (startTime: string, token: string) => `${startTime}~${token}`;

/**
 * A `before` the route has validated: the time normalised to the stored form (ISO UTC with
 * milliseconds) so text comparison orders it, and the token when it is a page's `next`.
 */
export function parseFeedCursor(before: string): { time: string; token?: string } {
  const groups = FEED_CURSOR.exec(before)?.groups ?? {};
  return { time: new Date(groups.time ?? before).toISOString(), token: groups.token };
}

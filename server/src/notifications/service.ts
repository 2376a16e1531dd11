import { createHash } from 'node:crypto';
import { EXCERPT_LENGTH, NOTIFICATIONS_MAX, type Notification, type NotificationKind, type Notifications } from '../../../contract/notifications';
import { nowIso, type Db, type DbDeps } from '../db';
import { notFound } from '../http';
import { placeRefsOfFlights } from '../places';
import { pilotRef } from '../privacy';
import * as repo from './repository';

export const NOTIFICATION_GONE = 'This notification does not exist.';

/**
 * A notification's id: a hash of what it is about, the pilot it is for and when it happened, so it is
 * stable between requests, names no row, and a follow made again after an unfollow is news again.
 */
const notificationId = (userId: number, kind: NotificationKind, key: string | number, at: string) =>
  createHash('sha256').update(`${userId}:${kind}:${key}:${at}`).digest('base64url').slice(0, 22);

const excerpt = (body: string) => (body.length > EXCERPT_LENGTH ? `${body.slice(0, EXCERPT_LENGTH - 1)}…` : body);

type FlightRow = { flightId: number; token: string; startTime: string | null; timeZone: string | null };
type Item = Omit<Notification, 'read' | 'flight'> & { flight: FlightRow | null };

/** Every notification of the pilot since `since` ('' for all), the newest first, at most `limit`. */
async function gather(db: Db, userId: number, since: string, limit: number): Promise<Item[]> {
  const [follows, likes, comments, reports, hidden] = await Promise.all([
    repo.newFollowers(db, userId, since, limit),
    repo.likesOnFlights(db, userId, since, limit),
    repo.commentsOnFlights(db, userId, since, limit),
    repo.handledReports(db, userId, since, limit),
    repo.hiddenComments(db, userId, since, limit),
  ]);
  const flight = (r: FlightRow): FlightRow => ({ flightId: r.flightId, token: r.token, startTime: r.startTime, timeZone: r.timeZone });
  const items: Item[] = [
    ...follows.map((r) => ({ id: notificationId(userId, 'follow', r.actorId, r.at), kind: 'follow' as const, at: r.at, actor: pilotRef(r), flight: null, excerpt: null })),
    ...likes.map((r) => ({ id: notificationId(userId, 'like', `${r.flightId}:${r.actorId}`, r.at), kind: 'like' as const, at: r.at, actor: pilotRef(r), flight: flight(r), excerpt: null })),
    ...comments.map((r) => ({ id: notificationId(userId, 'comment', r.publicId, r.at), kind: 'comment' as const, at: r.at, actor: pilotRef(r), flight: flight(r), excerpt: excerpt(r.body) })),
    ...reports.map((r) => ({ id: notificationId(userId, 'reportHandled', r.reportId, r.at), kind: 'reportHandled' as const, at: r.at, actor: null, flight: flight(r), excerpt: excerpt(r.body) })),
    ...hidden.map((r) => ({ id: notificationId(userId, 'commentHidden', r.publicId, r.at), kind: 'commentHidden' as const, at: r.at, actor: null, flight: flight(r), excerpt: excerpt(r.body) })),
  ];
  return items.sort((a, b) => b.at.localeCompare(a.at) || a.id.localeCompare(b.id)).slice(0, limit);
}

/** The bell: new followers, likes, comments and moderation decisions (docs/notifications.md). */
async function listOf(db: Db, userId: number): Promise<Notifications> {
  const [items, upTo, readIds] = await Promise.all([gather(db, userId, '', NOTIFICATIONS_MAX), repo.readUpTo(db, userId), repo.readIds(db, userId)]);
  const places = await placeRefsOfFlights(db, [...new Set(items.flatMap((n) => (n.flight ? [n.flight.flightId] : [])))]);
  const notifications = items.map(({ flight, ...n }) => ({
    ...n,
    read: (upTo !== null && n.at <= upTo) || readIds.has(n.id),
    flight: flight && { token: flight.token, startTime: flight.startTime, timeZone: flight.timeZone, place: places.get(flight.flightId) ?? null },
  }));
  return { notifications, unread: notifications.filter((n) => !n.read).length };
}

/** The pilot's notifications, the newest first, and how many are unread. */
export const notificationsOf = ({ database: { db } }: DbDeps, userId: number) => listOf(db, userId);

/** Marks one of the pilot's own notifications read; any other id (someone else's, or gone) answers 404. */
export async function markRead({ database: { db } }: DbDeps, userId: number, id: string): Promise<Notifications> {
  const items = await gather(db, userId, '', NOTIFICATIONS_MAX);
  if (!items.some((n) => n.id === id)) throw notFound(NOTIFICATION_GONE);
  await repo.markRead(db, userId, id, nowIso());
  return listOf(db, userId);
}

/** Marks all of the pilot's notifications read. */
export async function markAllRead({ database: { db } }: DbDeps, userId: number): Promise<Notifications> {
  await repo.markAllRead(db, userId, nowIso());
  return listOf(db, userId);
}

/** What the daily mail adds beside the new comments: how many of each other kind happened since `since`. */
export async function digestCounts(db: Db, userId: number, since: string): Promise<{ followers: string[]; likes: number; reportsHandled: number; commentsHidden: number }> {
  const items = await gather(db, userId, since, NOTIFICATIONS_MAX);
  const of = (kind: NotificationKind) => items.filter((n) => n.kind === kind);
  return {
    followers: of('follow').map((n) => n.actor!.name),
    likes: of('like').length,
    reportsHandled: of('reportHandled').length,
    commentsHidden: of('commentHidden').length,
  };
}

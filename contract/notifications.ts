import { z } from 'zod';
import { placeRef, publicPilotRef } from './community';

/**
 * The bell (docs/notifications.md): what happened to the pilot's flights and comments, built on each
 * request from follows, likes, comments and comment reports. Addressed by an opaque id that means
 * something only to its pilot; no row number, no email.
 */
export const NOTIFICATION_KINDS = ['follow', 'like', 'comment', 'reportHandled', 'commentHidden'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The flight a notification is about: its public address and when and where it was flown. */
export const notificationFlight = z.object({ token: z.string(), startTime: z.string().nullable(), timeZone: z.string().nullable(), place: placeRef.nullable() });

export const notification = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  /** When it happened (ISO UTC). */
  at: z.string(),
  read: z.boolean(),
  /** Who did it: the follower, the pilot who liked or commented; null for moderation decisions. */
  actor: publicPilotRef.nullable(),
  flight: notificationFlight.nullable(),
  /** The comment's first words (comment, reportHandled, commentHidden). */
  excerpt: z.string().nullable(),
});
export type Notification = z.infer<typeof notification>;

/** GET /api/notifications: the newest first, at most NOTIFICATIONS_MAX, and how many of them are unread. */
export const NOTIFICATIONS_MAX = 100;
export const notifications = z.object({ notifications: z.array(notification), unread: z.number() });
export type Notifications = z.infer<typeof notifications>;

export const notificationParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'This notification does not exist.') });
/** How much of a comment a notification quotes. */
export const EXCERPT_LENGTH = 140;

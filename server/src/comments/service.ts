import { randomBytes } from 'node:crypto';
import type { Comment, Likes, NewComments } from '../../../contract/community';
import { nowIso, type Db, type DbDeps } from '../db';
import { spend } from '../community-limits';
import { blockPilot, isBlocked } from '../follows';
import { forbidden, notFound } from '../http';
import { placeRefsOfFlights } from '../places';
import { isListed, pilotRef } from '../privacy';
import { findSharedFlight, SHARE_GONE } from '../sharing';
import * as repo from './repository';

/** The one answer for an unknown comment, a hidden one, and one you may not change. */
export const COMMENT_GONE = 'This comment does not exist.';

const newCommentId = () => randomBytes(12).toString('base64url');

/** A public flight by its token; a private, link-only, removed, marked or unknown one answers the same 404. */
async function listedFlight(db: Db, token: string) {
  const found = await findSharedFlight(db, token);
  if (!found || !isListed(found.flight)) throw notFound(SHARE_GONE);
  return found;
}

/** What a blocked pilot is told: the truth, not that the flight does not exist (docs/community.md, "Blocking"). */
export const BLOCKED_COMMENT = "You can't comment on this pilot's flights.";
export const BLOCKED_LIKE = "You can't like this pilot's flights.";

const blockedBy = (db: Db, ownerId: number, viewerId: number | undefined) => (viewerId === undefined ? Promise.resolve(false) : isBlocked(db, ownerId, viewerId));

const toComment = (viewerId: number | undefined, flightOwnerId: number) => (c: Awaited<ReturnType<typeof repo.listComments>>[number]): Comment => ({
  id: c.publicId,
  author: pilotRef(c),
  body: c.body,
  createdAt: c.createdAt,
  editedAt: c.editedAt,
  mine: viewerId === c.authorId,
  canDelete: viewerId !== undefined && (viewerId === c.authorId || viewerId === flightOwnerId),
});

async function likesAnswer(db: Db, flight: { id: number; userId: number }, viewerId: number | undefined): Promise<Likes> {
  const [rows, blockedByPilot] = await Promise.all([repo.likesOf(db, flight.id), blockedBy(db, flight.userId, viewerId)]);
  return { count: rows.length, likedByYou: rows.some((r) => r.userId === viewerId), pilots: rows.map(pilotRef), blockedByPilot };
}

/** A shown comment; a hidden one, one by a pilot the flight's pilot blocked, or one on a flight no longer public, answers as unknown. */
export async function shownComment(db: Db, publicId: string) {
  const c = await repo.findComment(db, publicId);
  if (!c || c.hiddenAt || !isListed(c) || (await isBlocked(db, c.flightOwnerId, c.authorId))) throw notFound(COMMENT_GONE);
  return c;
}

// Comments

export async function comments({ database: { db } }: DbDeps, token: string, viewerId: number | undefined): Promise<{ comments: Comment[]; blockedByPilot: boolean }> {
  const { flight } = await listedFlight(db, token);
  const [rows, blockedByPilot] = await Promise.all([repo.listComments(db, flight.id), blockedBy(db, flight.userId, viewerId)]);
  return { comments: rows.map(toComment(viewerId, flight.userId)), blockedByPilot };
}

export async function addComment({ database: { db } }: DbDeps, token: string, userId: number, body: string): Promise<Comment> {
  const { flight } = await listedFlight(db, token);
  if (await blockedBy(db, flight.userId, userId)) throw forbidden(BLOCKED_COMMENT);
  const author = await repo.findPilot(db, userId);
  if (author?.commentsBlockedAt) throw forbidden('You can no longer comment: an administrator blocked your comments.');
  await spend(db, userId, 'comment');
  const publicId = newCommentId();
  await repo.insertComment(db, { publicId, flightId: flight.id, authorId: userId, body, createdAt: nowIso() });
  const added = (await repo.listComments(db, flight.id)).find((c) => c.publicId === publicId)!;
  return toComment(userId, flight.userId)(added);
}

/** Only the author edits, and only while the flight is still public. */
export async function editComment({ database: { db } }: DbDeps, userId: number, commentId: string, body: string): Promise<Comment> {
  const c = await shownComment(db, commentId);
  if (c.authorId !== userId) throw notFound(COMMENT_GONE);
  await repo.updateCommentBody(db, c.id, body, nowIso());
  const edited = (await repo.listComments(db, c.flightId)).find((x) => x.publicId === commentId)!;
  return toComment(userId, c.flightOwnerId)(edited);
}

/** The author, or the flight's pilot, deletes. */
export async function deleteComment({ database: { db } }: DbDeps, userId: number, commentId: string): Promise<void> {
  const c = await repo.findComment(db, commentId);
  // The flight's pilot may always clean up their flight; the author only while the comment is shown.
  const mayDelete = c && (c.flightOwnerId === userId || (c.authorId === userId && !c.hiddenAt && isListed(c)));
  if (!c || !mayDelete) throw notFound(COMMENT_GONE);
  await repo.deleteComment(db, c.id);
}

/** Blocks a comment's author without their username being known (a pilot without a public page). */
export async function blockAuthor({ database: { db } }: DbDeps, userId: number, commentId: string): Promise<{ blocked: boolean }> {
  const c = await shownComment(db, commentId);
  return blockPilot(db, userId, c.authorId);
}

/** Comments by others on the pilot's flights since they last looked (the navigation's badge). */
export async function newComments({ database: { db } }: DbDeps, userId: number): Promise<NewComments> {
  const seen = await repo.findCommentsSeenAt(db, userId);
  const rows = await repo.flightsWithNewComments(db, userId, seen?.commentsSeenAt ?? null);
  const places = await placeRefsOfFlights(db, rows.map((r) => r.id));
  const flights = rows.map((r) => ({ token: r.token, startTime: r.startTime, timeZone: r.timeZone, place: places.get(r.id) ?? null, count: Number(r.n) }));
  return { count: flights.reduce((sum, f) => sum + f.count, 0), flights };
}

export async function markCommentsSeen({ database: { db } }: DbDeps, userId: number): Promise<NewComments> {
  await repo.setCommentsSeenAt(db, userId, nowIso());
  return { count: 0, flights: [] };
}

// Likes

export async function likes({ database: { db } }: DbDeps, token: string, viewerId: number | undefined): Promise<Likes> {
  const { flight } = await listedFlight(db, token);
  return likesAnswer(db, flight, viewerId);
}

export async function like({ database: { db } }: DbDeps, token: string, userId: number, liked: boolean): Promise<Likes> {
  const { flight } = await listedFlight(db, token);
  // Taking a like back is never refused; giving one to a pilot who blocked you is.
  if (liked && (await blockedBy(db, flight.userId, userId))) throw forbidden(BLOCKED_LIKE);
  if (liked) {
    await spend(db, userId, 'like');
    await repo.insertLike(db, flight.id, userId, nowIso());
  } else {
    await repo.deleteLike(db, flight.id, userId);
  }
  return likesAnswer(db, flight, userId);
}

// For moderation/: an administrator hides, restores or deletes a reported comment.

export const setCommentHidden = repo.setCommentHidden;
export const removeComment = repo.deleteComment;

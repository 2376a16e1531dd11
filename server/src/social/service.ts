import { randomBytes } from 'node:crypto';
import type { Comment, Feed, FollowState, Likes, ModerationReports, Nearby, NewComments, PublicFlightRef } from '../../../contract/community';
import { nowIso, type Db } from '../db';
import { ownFlight } from '../flights';
import { readTrackPoints } from '../track';
import { findTrack } from '../flights';
import { badRequest, forbidden, notFound } from '../http';
import { findPlace, placeDayFlights } from '../places';
import { placeRefOfFlight, placeRefsOfFlights } from '../places';
import { commentCount, findSharedFlight, followCounts, likeCount, SHARE_GONE } from '../sharing';
import { isListed } from '../privacy';
import { feedCursor, parseFeedCursor } from './feed-cursor';
import { pilotRef, toFlightRef } from '../privacy';
import { firstMeeting } from './met';
import { spend } from './rate-limits';
import * as repo from './repository';

/** The one answer for an unknown username, an unpublished page, and a pilot who blocked you. */
export const PILOT_GONE = 'This pilot page does not exist or is not published.';
/** The one answer for an unknown comment, a hidden one, and one you may not change. */
export const COMMENT_GONE = 'This comment does not exist.';

const newCommentId = () => randomBytes(12).toString('base64url');

type FlightForNearby = { id: number; userId: number; startTime: string | null; endTime: string | null; localDate: string | null };

/** Following, feeds, who flew here today, comments, likes and their moderation (docs/community.md). */
export function socialService({ database: { db } }: { database: { db: Db } }) {
  /** A public flight by its token; a private, link-only, removed, marked or unknown one answers the same 404. */
  const listedFlight = async (token: string) => {
    const found = await findSharedFlight(db, token);
    if (!found || !isListed(found.flight)) throw notFound(SHARE_GONE);
    return found;
  };

  /** The same 404 when the flight's pilot blocked the viewer: their actions find nothing. */
  const notBlockedBy = async (ownerId: number, viewerId: number) => {
    if (await repo.isBlocked(db, ownerId, viewerId)) throw notFound(SHARE_GONE);
  };

  const publishedPilot = async (username: string, viewerId?: number) => {
    const pilot = await repo.findPilotByUsername(db, username);
    if (!pilot || pilot.publicPage !== 1) throw notFound(PILOT_GONE);
    if (viewerId !== undefined && (await repo.isBlocked(db, pilot.id, viewerId))) throw notFound(PILOT_GONE);
    return pilot;
  };

  const anyPilot = async (username: string) => {
    const pilot = await repo.findPilotByUsername(db, username);
    if (!pilot) throw notFound(PILOT_GONE);
    return pilot;
  };

  const followState = async (viewerId: number, pilotId: number): Promise<FollowState> => {
    const [following, blocked, counts] = await Promise.all([repo.isFollowing(db, viewerId, pilotId), repo.isBlocked(db, viewerId, pilotId), followCounts(db, pilotId)]);
    return { following, blocked, followers: counts.followers, followingCount: counts.following };
  };

  const nearbyOf = async (flight: FlightForNearby): Promise<Nearby> => {
    const place = await placeRefOfFlight(db, flight.id);
    const placeId = place ? (await findPlace(db, place.id))?.id : undefined;
    const sameDay: PublicFlightRef[] =
      placeId !== undefined && flight.localDate ? (await placeDayFlights(db, placeId, flight.localDate)).filter((f) => f.id !== flight.id).map(toFlightRef) : [];
    const flewWith: Nearby['flewWith'] = [];
    if (flight.startTime && flight.endTime) {
      const others = await repo.listedFlightsOverlapping(db, flight.userId, flight.startTime, flight.endTime);
      const own = await findTrack(db, flight.id);
      if (own && others.length) {
        const track = await readTrackPoints(own.path);
        for (const other of others) {
          const theirs = await findTrack(db, other.id);
          if (!theirs) continue;
          const met = firstMeeting(track, await readTrackPoints(theirs.path));
          if (met !== null) flewWith.push({ ...toFlightRef(other), metAt: new Date(Math.floor(met / 60_000) * 60_000).toISOString() });
        }
      }
    }
    flewWith.sort((a, b) => a.metAt.localeCompare(b.metAt));
    return { place, sameDay, flewWith };
  };

  const toComment = (viewerId: number | undefined, flightOwnerId: number) => (c: Awaited<ReturnType<typeof repo.listComments>>[number]): Comment => ({
    id: c.publicId,
    author: pilotRef(c),
    body: c.body,
    createdAt: c.createdAt,
    editedAt: c.editedAt,
    mine: viewerId === c.authorId,
    canDelete: viewerId !== undefined && (viewerId === c.authorId || viewerId === flightOwnerId),
  });

  const likesAnswer = async (flightId: number, viewerId: number | undefined): Promise<Likes> => {
    const rows = await repo.likesOf(db, flightId);
    return { count: rows.length, likedByYou: rows.some((r) => r.userId === viewerId), pilots: rows.map(pilotRef) };
  };

  /** A shown comment; a hidden one, or one on a flight no longer public, answers as unknown. */
  const shownComment = async (publicId: string) => {
    const c = await repo.findComment(db, publicId);
    if (!c || c.hiddenAt || !isListed(c)) throw notFound(COMMENT_GONE);
    return c;
  };

  const reports = async (): Promise<ModerationReports> => ({
    reports: (await repo.openReports(db)).map((r) => ({
      id: r.id,
      reason: r.reason,
      createdAt: r.createdAt,
      reporter: r.reporter,
      comment: { id: r.commentId, body: r.body, author: r.author, authorBlocked: r.commentsBlockedAt !== null, hidden: r.hiddenAt !== null, flightToken: r.flightToken, createdAt: r.commentCreatedAt },
    })),
  });

  return {
    // Who flew here today

    async publicNearby(token: string): Promise<Nearby> {
      const { flight } = await listedFlight(token);
      return nearbyOf(flight);
    },

    async ownNearby(userId: number, flightId: number): Promise<Nearby> {
      return nearbyOf(await ownFlight(db, userId, flightId));
    },

    // Following and blocking

    async followState(viewerId: number, username: string): Promise<FollowState> {
      const pilot = await publishedPilot(username, viewerId);
      return followState(viewerId, pilot.id);
    },

    async follow(viewerId: number, username: string): Promise<FollowState> {
      const pilot = await publishedPilot(username, viewerId);
      if (pilot.id === viewerId) throw badRequest('You cannot follow yourself.');
      if (!(await repo.isFollowing(db, viewerId, pilot.id))) {
        await spend(db, viewerId, 'follow');
        await repo.insertFollow(db, viewerId, pilot.id, nowIso());
      }
      return followState(viewerId, pilot.id);
    },

    /** Unfollowing works even once the page is unpublished; only an unknown username answers 404. */
    async unfollow(viewerId: number, username: string): Promise<FollowState> {
      const pilot = await anyPilot(username);
      await repo.deleteFollow(db, viewerId, pilot.id);
      return followState(viewerId, pilot.id);
    },

    async removeFollower(userId: number, username: string): Promise<void> {
      const follower = await anyPilot(username);
      if (!(await repo.deleteFollow(db, follower.id, userId))) throw notFound('This pilot does not follow you.');
    },

    /** Blocks a pilot: no comments, likes or follows from them; their follow of you ends. */
    async block(userId: number, username: string): Promise<{ blocked: boolean }> {
      const pilot = await anyPilot(username);
      if (pilot.id === userId) throw badRequest('You cannot block yourself.');
      await repo.insertBlock(db, userId, pilot.id, nowIso());
      await repo.deleteFollow(db, pilot.id, userId);
      return { blocked: true };
    },

    async unblock(userId: number, username: string): Promise<{ blocked: boolean }> {
      const pilot = await anyPilot(username);
      await repo.deleteBlock(db, userId, pilot.id);
      return { blocked: false };
    },

    /** Blocks a comment's author without their username being known (a pilot without a public page). */
    async blockAuthor(userId: number, commentId: string): Promise<{ blocked: boolean }> {
      const c = await shownComment(commentId);
      if (c.authorId === userId) throw badRequest('You cannot block yourself.');
      await repo.insertBlock(db, userId, c.authorId, nowIso());
      await repo.deleteFollow(db, c.authorId, userId);
      return { blocked: true };
    },

    async feed(userId: number, before: string | undefined, limit: number): Promise<Feed> {
      const rows = await repo.feedFlights(db, userId, before === undefined ? undefined : parseFeedCursor(before), limit + 1);
      const page = rows.slice(0, limit);
      const places = await placeRefsOfFlights(db, page.map((r) => r.id));
      const flights = await Promise.all(
        page.map(async (r) => ({ ...toFlightRef(r), place: places.get(r.id) ?? null, likeCount: await likeCount(db, r.id), commentCount: await commentCount(db, r.id) })),
      );
      const last = page[page.length - 1];
      return { flights, next: rows.length > limit && last ? feedCursor(last.startTime!, last.token) : null };
    },

    // Comments

    async comments(token: string, viewerId: number | undefined): Promise<{ comments: Comment[] }> {
      const { flight } = await listedFlight(token);
      return { comments: (await repo.listComments(db, flight.id)).map(toComment(viewerId, flight.userId)) };
    },

    async addComment(token: string, userId: number, body: string): Promise<Comment> {
      const { flight } = await listedFlight(token);
      await notBlockedBy(flight.userId, userId);
      const author = await repo.findPilot(db, userId);
      if (author?.commentsBlockedAt) throw forbidden('You can no longer comment: an administrator blocked your comments.');
      await spend(db, userId, 'comment');
      const publicId = newCommentId();
      await repo.insertComment(db, { publicId, flightId: flight.id, authorId: userId, body, createdAt: nowIso() });
      const added = (await repo.listComments(db, flight.id)).find((c) => c.publicId === publicId)!;
      return toComment(userId, flight.userId)(added);
    },

    /** Only the author edits, and only while the flight is still public. */
    async editComment(userId: number, commentId: string, body: string): Promise<Comment> {
      const c = await shownComment(commentId);
      if (c.authorId !== userId) throw notFound(COMMENT_GONE);
      await repo.updateCommentBody(db, c.id, body, nowIso());
      const edited = (await repo.listComments(db, c.flightId)).find((x) => x.publicId === commentId)!;
      return toComment(userId, c.flightOwnerId)(edited);
    },

    /** The author, or the flight's pilot, deletes. */
    async deleteComment(userId: number, commentId: string): Promise<void> {
      const c = await repo.findComment(db, commentId);
      // The flight's pilot may always clean up their flight; the author only while the comment is shown.
      const mayDelete = c && (c.flightOwnerId === userId || (c.authorId === userId && !c.hiddenAt && isListed(c)));
      if (!c || !mayDelete) throw notFound(COMMENT_GONE);
      await repo.deleteComment(db, c.id);
    },

    async report(userId: number, commentId: string, reason: string): Promise<void> {
      const c = await shownComment(commentId);
      await spend(db, userId, 'report');
      await repo.insertReport(db, { commentId: c.id, reporterId: userId, reason, createdAt: nowIso() });
    },

    /** Comments by others on the pilot's flights since they last looked (the navigation's badge). */
    async newComments(userId: number): Promise<NewComments> {
      const seen = await repo.findCommentsSeenAt(db, userId);
      const rows = await repo.flightsWithNewComments(db, userId, seen?.commentsSeenAt ?? null);
      const places = await placeRefsOfFlights(db, rows.map((r) => r.id));
      const flights = rows.map((r) => ({ token: r.token, startTime: r.startTime, timeZone: r.timeZone, place: places.get(r.id) ?? null, count: Number(r.n) }));
      return { count: flights.reduce((sum, f) => sum + f.count, 0), flights };
    },

    async markCommentsSeen(userId: number): Promise<NewComments> {
      await repo.setCommentsSeenAt(db, userId, nowIso());
      return { count: 0, flights: [] };
    },

    // Likes

    async likes(token: string, viewerId: number | undefined): Promise<Likes> {
      const { flight } = await listedFlight(token);
      return likesAnswer(flight.id, viewerId);
    },

    async like(token: string, userId: number, liked: boolean): Promise<Likes> {
      const { flight } = await listedFlight(token);
      await notBlockedBy(flight.userId, userId);
      if (liked) {
        await spend(db, userId, 'like');
        await repo.insertLike(db, flight.id, userId, nowIso());
      } else {
        await repo.deleteLike(db, flight.id, userId);
      }
      return likesAnswer(flight.id, userId);
    },

    // Moderation (admin)

    reports,

    async moderate(reportId: number, action: 'hide' | 'restore' | 'delete' | 'block'): Promise<ModerationReports> {
      const report = await repo.findReport(db, reportId);
      if (!report) throw notFound('This report does not exist.');
      const at = nowIso();
      if (action === 'delete') {
        await repo.deleteComment(db, report.commentId);
        return reports();
      }
      if (action === 'restore') await repo.setCommentHidden(db, report.commentId, null);
      else await repo.setCommentHidden(db, report.commentId, at);
      if (action === 'block') await repo.setCommentsBlocked(db, report.authorId, at);
      await repo.resolveReports(db, report.commentId, action, at);
      return reports();
    },
  };
}

import type { FollowState } from '../../../contract/community';
import { nowIso, type Db } from '../db';
import { spend } from '../community-limits';
import { badRequest, notFound } from '../http';
import { followCounts } from '../sharing';
import * as repo from './repository';

/** The one answer for an unknown username, an unpublished page, and a pilot who blocked you. */
export const PILOT_GONE = 'This pilot page does not exist or is not published.';

/**
 * What a route hands a service: the services' database. Routes never touch the handle themselves
 * (eslint.config.mjs), so the area's functions take it whole and read `db` from it.
 */
export type DbDeps = { database: { db: Db } };

/** Whether `blockerId` blocked `blockedId`. */
export const isBlocked = repo.isBlocked;

async function publishedPilot(db: Db, username: string, viewerId?: number) {
  const pilot = await repo.findPilotByUsername(db, username);
  if (!pilot || pilot.publicPage !== 1) throw notFound(PILOT_GONE);
  if (viewerId !== undefined && (await repo.isBlocked(db, pilot.id, viewerId))) throw notFound(PILOT_GONE);
  return pilot;
}

async function anyPilot(db: Db, username: string) {
  const pilot = await repo.findPilotByUsername(db, username);
  if (!pilot) throw notFound(PILOT_GONE);
  return pilot;
}

async function stateOf(db: Db, viewerId: number, pilotId: number): Promise<FollowState> {
  const [following, blocked, counts] = await Promise.all([repo.isFollowing(db, viewerId, pilotId), repo.isBlocked(db, viewerId, pilotId), followCounts(db, pilotId)]);
  return { following, blocked, followers: counts.followers, followingCount: counts.following };
}

export async function followState({ database: { db } }: DbDeps, viewerId: number, username: string): Promise<FollowState> {
  const pilot = await publishedPilot(db, username, viewerId);
  return stateOf(db, viewerId, pilot.id);
}

export async function follow({ database: { db } }: DbDeps, viewerId: number, username: string): Promise<FollowState> {
  const pilot = await publishedPilot(db, username, viewerId);
  if (pilot.id === viewerId) throw badRequest('You cannot follow yourself.');
  if (!(await repo.isFollowing(db, viewerId, pilot.id))) {
    await spend(db, viewerId, 'follow');
    await repo.insertFollow(db, viewerId, pilot.id, nowIso());
  }
  return stateOf(db, viewerId, pilot.id);
}

/** Unfollowing works even once the page is unpublished; only an unknown username answers 404. */
export async function unfollow({ database: { db } }: DbDeps, viewerId: number, username: string): Promise<FollowState> {
  const pilot = await anyPilot(db, username);
  await repo.deleteFollow(db, viewerId, pilot.id);
  return stateOf(db, viewerId, pilot.id);
}

export async function removeFollower({ database: { db } }: DbDeps, userId: number, username: string): Promise<void> {
  const follower = await anyPilot(db, username);
  if (!(await repo.deleteFollow(db, follower.id, userId))) throw notFound('This pilot does not follow you.');
}

/** Blocks a pilot by id: no comments, likes or follows from them; their follow of you ends. */
export async function blockPilot(db: Db, userId: number, pilotId: number): Promise<{ blocked: boolean }> {
  if (pilotId === userId) throw badRequest('You cannot block yourself.');
  await repo.insertBlock(db, userId, pilotId, nowIso());
  await repo.deleteFollow(db, pilotId, userId);
  return { blocked: true };
}

export async function block({ database: { db } }: DbDeps, userId: number, username: string): Promise<{ blocked: boolean }> {
  return blockPilot(db, userId, (await anyPilot(db, username)).id);
}

export async function unblock({ database: { db } }: DbDeps, userId: number, username: string): Promise<{ blocked: boolean }> {
  const pilot = await anyPilot(db, username);
  await repo.deleteBlock(db, userId, pilot.id);
  return { blocked: false };
}

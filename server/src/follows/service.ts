import type { FollowState } from '../../../contract/community';
import type { Followers, FollowSettings, PilotListItem, PilotSearch } from '../../../contract/follows';
import { PILOT_SEARCH_LIMIT } from '../../../contract/follows';
import { nowIso, type Db, type DbDeps } from '../db';
import { spend } from '../community-limits';
import { badRequest, notFound } from '../http';
import { followCounts } from '../sharing';
import * as repo from './repository';

/**
 * The one answer for an unknown username, a pilot who neither published a page nor accepts
 * followers, and a pilot who blocked you: none of them can be told apart.
 */
export const FOLLOW_GONE = 'This pilot does not exist or does not accept followers.';

/** Whether `blockerId` blocked `blockedId`. */
export const isBlocked = repo.isBlocked;

type PilotRow = NonNullable<Awaited<ReturnType<typeof repo.findPilotByUsername>>>;

const listItem = (p: PilotRow, following: boolean): PilotListItem => ({
  name: p.displayName?.trim() || p.username,
  username: p.username,
  publicPage: p.publicPage === 1,
  acceptsFollowers: p.acceptsFollowers === 1,
  following,
});

/** A pilot the viewer may see the follow state of: published page or accepting followers, and not blocking the viewer. */
async function visiblePilot(db: Db, username: string, viewerId: number) {
  const pilot = await repo.findPilotByUsername(db, username);
  if (!pilot || (pilot.publicPage !== 1 && pilot.acceptsFollowers !== 1) || (await repo.isBlocked(db, pilot.id, viewerId))) throw notFound(FOLLOW_GONE);
  return pilot;
}

async function anyPilot(db: Db, username: string) {
  const pilot = await repo.findPilotByUsername(db, username);
  if (!pilot) throw notFound(FOLLOW_GONE);
  return pilot;
}

async function stateOf(db: Db, viewerId: number, pilot: PilotRow): Promise<FollowState> {
  const [following, blocked, counts] = await Promise.all([repo.isFollowing(db, viewerId, pilot.id), repo.isBlocked(db, viewerId, pilot.id), followCounts(db, pilot.id)]);
  return { following, blocked, acceptsFollowers: pilot.acceptsFollowers === 1, followers: counts.followers, followingCount: counts.following };
}

export async function followState({ database: { db } }: DbDeps, viewerId: number, username: string): Promise<FollowState> {
  return stateOf(db, viewerId, await visiblePilot(db, username, viewerId));
}

/** Follows a pilot who accepts followers (their page need not be published). */
export async function follow({ database: { db } }: DbDeps, viewerId: number, username: string): Promise<FollowState> {
  const pilot = await visiblePilot(db, username, viewerId);
  if (pilot.id === viewerId) throw badRequest('You cannot follow yourself.');
  if (pilot.acceptsFollowers !== 1) throw notFound(FOLLOW_GONE);
  if (await repo.isBlocked(db, viewerId, pilot.id)) throw badRequest('You blocked this pilot: unblock them first to follow them.');
  if (!(await repo.isFollowing(db, viewerId, pilot.id))) {
    await spend(db, viewerId, 'follow');
    await repo.insertFollow(db, viewerId, pilot.id, nowIso());
  }
  return stateOf(db, viewerId, pilot);
}

/** Unfollowing works whatever the pilot's settings; only an unknown username answers 404. */
export async function unfollow({ database: { db } }: DbDeps, viewerId: number, username: string): Promise<FollowState> {
  const pilot = await anyPilot(db, username);
  await repo.deleteFollow(db, viewerId, pilot.id);
  return stateOf(db, viewerId, pilot);
}

export async function removeFollower({ database: { db } }: DbDeps, userId: number, username: string): Promise<void> {
  const follower = await anyPilot(db, username);
  if (!(await repo.deleteFollow(db, follower.id, userId))) throw notFound('This pilot does not follow you.');
}

/**
 * Blocks a pilot by id: follows end both ways (an unblock does not bring them back), and their
 * comments and likes on your flights are hidden for everyone while the block lasts (privacy/blocks.ts).
 */
export async function blockPilot(db: Db, userId: number, pilotId: number): Promise<{ blocked: boolean }> {
  if (pilotId === userId) throw badRequest('You cannot block yourself.');
  await db.transaction().execute(async (trx) => {
    await repo.insertBlock(trx, userId, pilotId, nowIso());
    await repo.deleteFollow(trx, pilotId, userId);
    await repo.deleteFollow(trx, userId, pilotId);
  });
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

// Finding pilots and the followers list

/** Pilots who let others find them by name (docs/community.md, "Finding pilots"). */
export async function search({ database: { db } }: DbDeps, q: string, viewerId: number | undefined): Promise<PilotSearch> {
  const rows = await repo.searchPilots(db, q, viewerId, PILOT_SEARCH_LIMIT);
  const followed = viewerId === undefined ? new Set<number>() : await repo.followedAmong(db, viewerId, rows.map((r) => r.id));
  return { pilots: rows.map((r) => listItem(r, followed.has(r.id))) };
}

/** Who follows you, and whether you follow them back. */
export async function followersList({ database: { db } }: DbDeps, userId: number): Promise<Followers> {
  const rows = await repo.followersOf(db, userId);
  const followed = await repo.followedAmong(db, userId, rows.map((r) => r.id));
  return { followers: rows.map((r) => ({ ...listItem(r, followed.has(r.id)), since: r.since })) };
}

async function settingsOf(db: Db, userId: number): Promise<FollowSettings> {
  const row = await repo.findFollowSettings(db, userId);
  return { findableByName: row.findableByName === 1, acceptsFollowers: row.acceptsFollowers === 1 };
}

export async function followSettings({ database: { db } }: DbDeps, userId: number): Promise<FollowSettings> {
  return settingsOf(db, userId);
}

export async function setFollowSettings({ database: { db } }: DbDeps, userId: number, change: Partial<FollowSettings>): Promise<FollowSettings> {
  const toFlag = (v: boolean | undefined) => (v === undefined ? undefined : v ? 1 : 0);
  await repo.updateFollowSettings(db, userId, { findableByName: toFlag(change.findableByName), acceptsFollowers: toFlag(change.acceptsFollowers) });
  return settingsOf(db, userId);
}

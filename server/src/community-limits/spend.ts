import type { Db } from '../db';
import { tooManyRequests } from '../http';
import * as repo from './repository';

/**
 * Per-pilot budgets of community actions (docs/community.md), counted in the database so every
 * process of a scaled-out instance shares them.
 */
export const RATE_LIMITS = {
  comment: { max: 10, windowSeconds: 600 },
  like: { max: 60, windowSeconds: 600 },
  follow: { max: 30, windowSeconds: 600 },
  report: { max: 10, windowSeconds: 3600 },
} as const;
export type ActionKind = keyof typeof RATE_LIMITS;
const LONGEST_WINDOW_MS = Math.max(...Object.values(RATE_LIMITS).map((l) => l.windowSeconds)) * 1000;

/** Records the action, or throws a 429 with Retry-After when the pilot used up this kind's budget. */
export async function spend(db: Db, userId: number, kind: ActionKind, now = Date.now()): Promise<void> {
  const { max, windowSeconds } = RATE_LIMITS[kind];
  const since = new Date(now - windowSeconds * 1000).toISOString();
  const recent = await repo.actionsSince(db, userId, kind, since);
  if (recent.length >= max) {
    const freeAt = Date.parse(recent[recent.length - max]!.createdAt) + windowSeconds * 1000;
    const seconds = Math.max(1, Math.ceil((freeAt - now) / 1000));
    const minutes = Math.ceil(seconds / 60);
    throw tooManyRequests(`Too many ${kind === 'comment' ? 'comments' : kind === 'like' ? 'likes' : kind === 'follow' ? 'follows' : 'reports'} in a short time. Please wait ${minutes} minute${minutes === 1 ? '' : 's'}.`, seconds);
  }
  await repo.recordAction(db, userId, kind, new Date(now).toISOString());
  // Once in a while, forget what no window looks at any more.
  if (Math.random() < 0.02) await repo.pruneActions(db, new Date(now - LONGEST_WINDOW_MS).toISOString());
}

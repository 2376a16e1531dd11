import type { ModerationReports } from '../../../contract/community';
import { nowIso, type Db, type DbDeps } from '../db';
import { removeComment, setCommentHidden, shownComment } from '../comments';
import { spend } from '../community-limits';
import { notFound } from '../http';
import * as repo from './repository';

/** A pilot reports a shown comment. */
export async function report({ database: { db } }: DbDeps, userId: number, commentId: string, reason: string): Promise<void> {
  const c = await shownComment(db, commentId);
  await spend(db, userId, 'report');
  await repo.insertReport(db, { commentId: c.id, reporterId: userId, reason, createdAt: nowIso() });
}

async function openReports(db: Db): Promise<ModerationReports> {
  return {
    reports: (await repo.openReports(db)).map((r) => ({
      id: r.id,
      reason: r.reason,
      createdAt: r.createdAt,
      reporter: r.reporter,
      comment: { id: r.commentId, body: r.body, author: r.author, authorBlocked: r.commentsBlockedAt !== null, hidden: r.hiddenAt !== null, flightToken: r.flightToken, createdAt: r.commentCreatedAt },
    })),
  };
}

/** The admin's queue: open reports and those of hidden comments. */
export async function reports({ database: { db } }: DbDeps): Promise<ModerationReports> {
  return openReports(db);
}

export async function moderate({ database: { db } }: DbDeps, reportId: number, action: 'hide' | 'restore' | 'delete' | 'block'): Promise<ModerationReports> {
  const found = await repo.findReport(db, reportId);
  if (!found) throw notFound('This report does not exist.');
  const at = nowIso();
  if (action === 'delete') {
    await removeComment(db, found.commentId);
    return openReports(db);
  }
  await setCommentHidden(db, found.commentId, action === 'restore' ? null : at);
  if (action === 'block') await repo.setCommentsBlocked(db, found.authorId, at);
  await repo.resolveReports(db, found.commentId, action, at);
  return openReports(db);
}

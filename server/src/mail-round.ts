import { sendCommentDigests, type DigestSection } from './comments';
import { claimGearReminderLines, sendGearReminders } from './gear';
import { notificationDigestLines, pilotsWithNewsSinceDigest } from './notifications';
import type { Services } from './services-types';

/**
 * The hourly mail round (composition root, started by main.ts): the daily digest first, carrying the
 * new comments, the bell's news since the last digest (docs/notifications.md) and the gear checks now
 * due (docs/career.md); a pilot with bell news but no new comment gets it too. Then the gear reminders
 * of pilots who got no digest this round. A failing part is reported and does not stop the other.
 */
export async function mailRound(services: Services, now = new Date(), onError: (err: unknown, what: string) => void = () => undefined): Promise<void> {
  const db = services.database.db;
  const section: DigestSection = async (userId, language, at, since) => {
    const bell = await notificationDigestLines(db, userId, since ?? '', language);
    const gear = await claimGearReminderLines(db, userId, language, services.config.publicUrl, at);
    const parts = [bell.length ? bell.join('\n') : null, gear].filter((part): part is string => part !== null);
    return parts.length ? parts.join('\n\n') : null;
  };
  await sendCommentDigests(services, now, { section, pilotsWithNews: () => pilotsWithNewsSinceDigest(db) }).catch((err) => onError(err, 'comment digest'));
  await sendGearReminders(services, now).catch((err) => onError(err, 'gear reminders'));
}

import { useLingui } from '@lingui/react/macro';
import { useDismissAllNotificationsMutation } from '../../api/achievements';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { paths, useLocalePath } from '../../app/paths';
import { achievementTitle, goalText, tierLabel } from '../../components/achievements/catalogue';
import { Celebration } from '../../components/achievements/Celebration';
import { localDateTime } from '../../format/format';
import { dismissNotification } from './achievementQueueSlice';

/**
 * docs/product.md §4 Achievements: the first queued notification as the celebration dialog; dismissing it
 * shows the next one or closes; closing (✕, Escape, backdrop) dismisses the shown one for good and
 * keeps the others pending. A failed dismissal is only logged.
 */
export function AchievementPopup({ dismissText }: { dismissText?: string }) {
  const { t, i18n } = useLingui();
  const dispatch = useAppDispatch();
  const localePath = useLocalePath();
  const [dismissAll, { isLoading: dismissingAll }] = useDismissAllNotificationsMutation();
  const { queue, open } = useAppSelector((s) => s.achievementQueue);
  const current = open ? queue[0] : undefined;
  if (!current) return null;

  const tier = tierLabel(current.level, i18n);
  const goal = goalText(current.achievementId, current.level, i18n);
  // The browser's zone: the date the pilot reads beside the achievement, not where the flight was.
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <Celebration
      celebrationKey={current.id}
      name={achievementTitle(current.achievementId, current.achievementName, i18n)}
      description={goal === null ? t`You reached ${tier}.` : t`You reached ${tier}: ${goal}.`}
      level={current.level}
      flight={current.flightId === null ? null : { href: localePath(paths.flight.getHref(current.flightId)), date: localDateTime(current.achievedAt, i18n.locale, zone, false) }}
      more={queue.length - 1}
      dismissText={dismissText}
      onDismiss={() => void dispatch(dismissNotification(current.id))}
      onDismissAll={() => void dismissAll().unwrap().catch((error: unknown) => console.error('Failed to dismiss notifications', error))}
      dismissingAll={dismissingAll}
      onClose={() => void dispatch(dismissNotification(current.id, { close: true }))}
    />
  );
}

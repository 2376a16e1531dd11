import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { Achievement, AchievementInProgress } from '../../../contract/achievements';
import { paths, useLocalePath } from '../../app/paths';
import { localDateTime } from '../../format/format';
import { AchievementIcon } from './AchievementIcon';
import { achievementDescription, achievementTitle, formatAmount } from './catalogue';
import { TierBadge } from './TierBadge';
import { ProgressBar } from '../ProgressBar';

const Box = styled.article<{ $done: boolean }>`
  display: flex;
  align-items: flex-start;
  gap: 14px;
  padding: 16px;
  border-radius: 10px;
  background: ${(p) => p.theme.surface};
  border: 1px solid ${(p) => (p.$done ? p.theme.success : p.theme.border)};
  box-shadow: ${(p) => p.theme.shadow};
  h3 {
    margin: 0;
    font-size: 1.02rem;
  }
  p {
    margin: 2px 0;
    color: ${(p) => p.theme.muted};
    font-size: 14px;
  }
`;

const Body = styled.div`
  flex: 1;
  min-width: 0;
  display: flex;
  flex-direction: column;
  gap: 4px;
`;

const Icon = styled.div`
  flex: none;
  width: 48px;
  height: 48px;
  display: flex;
  align-items: center;
  justify-content: center;
  border-radius: 50%;
  color: ${(p) => p.theme.primary};
  background: ${(p) => p.theme.surfaceAlt};
`;

const Line = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 6px 10px;
  font-size: 14px;
`;

/** docs/product.md §2 Achievement card: completed (icon, tier badge, achieved date linking to the flight that reached it) or in progress (count / goal, percent bar, next tier). */
export function AchievementCard({ achievement }: { achievement: Achievement | AchievementInProgress }) {
  const { t, i18n } = useLingui();
  const localePath = useLocalePath();
  const title = achievementTitle(achievement.id, achievement.achievementName, i18n);
  const progress = 'nextGoal' in achievement ? achievement : null;
  const achievedOn = localDateTime(achievement.achievedAt, i18n.locale, Intl.DateTimeFormat().resolvedOptions().timeZone, false);
  const percent = progress ? Math.max(0, Math.min(100, Math.round(progress.progress))) : 100;
  return (
    <Box $done={!progress} aria-label={title}>
      <Icon aria-hidden="true">
        <AchievementIcon icon={achievement.icon} />
      </Icon>
      <Body>
        <h3>{title}</h3>
        <p>{achievementDescription(achievement.id, i18n)}</p>
        {progress ? (
          <div>
            <Line>
              <span>
                {formatAmount(achievement.id, progress.completedCount, i18n.locale)} / {formatAmount(achievement.id, progress.nextGoal, i18n.locale)}
              </span>
              <strong>{percent}%</strong>
              <span>
                <Trans>Next:</Trans> <TierBadge level={progress.achievementLevel} />
              </span>
            </Line>
            <ProgressBar percent={percent} label={t`Progress to the next tier`} style={{ marginTop: 6 }} />
          </div>
        ) : (
          <Line>
            <TierBadge level={achievement.level} />
            {achievement.achievedAt &&
              (achievement.flightId !== null ? (
                <Link to={localePath(paths.flight.getHref(achievement.flightId))} title={t`Open the flight that reached this tier`}>
                  <Trans>Achieved {achievedOn}</Trans>
                </Link>
              ) : (
                <span>
                  <Trans>Achieved {achievedOn}</Trans>
                </span>
              ))}
          </Line>
        )}
      </Body>
    </Box>
  );
}

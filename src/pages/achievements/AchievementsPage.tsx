import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import styled from 'styled-components';
import type { AchievementGroup } from '../../../contract/achievements';
import { useAchievementsQuery, useDismissAllNotificationsMutation, useNotificationsQuery } from '../../api/achievements';
import { errorMessage } from '../../api/base';
import { useAppSelector } from '../../app/hooks';
import { AchievementCard } from '../../components/achievements/AchievementCard';
import { ACHIEVEMENT_GROUPS, GROUP_LABELS } from '../../components/achievements/catalogue';
import { Alert, Button, Spinner } from '../../components/ui';

type Category = 'all' | AchievementGroup;
const CATEGORIES: Category[] = ['all', ...ACHIEVEMENT_GROUPS];

const Head = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  flex-wrap: wrap;
  gap: 12px;
  margin-bottom: 16px;
  h1 {
    margin: 0;
  }
`;

const Tabs = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  margin-bottom: 20px;
  border-bottom: 1px solid ${(p) => p.theme.border};
  padding-bottom: 10px;
`;

const Tab = styled.button<{ $active: boolean }>`
  padding: 6px 14px;
  border-radius: 999px;
  cursor: pointer;
  font-weight: 600;
  border: 1px solid ${(p) => (p.$active ? p.theme.primary : p.theme.border)};
  background: ${(p) => (p.$active ? p.theme.primary : p.theme.surface)};
  color: ${(p) => (p.$active ? p.theme.primaryText : p.theme.text)};
`;

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(300px, 100%), 1fr));
  gap: 14px;
  margin-bottom: 28px;
`;

const Count = styled.span`
  display: inline-block;
  min-width: 22px;
  padding: 0 7px;
  border-radius: 999px;
  background: rgba(255, 255, 255, 0.25);
  font-size: 13px;
`;

const Empty = styled.div`
  text-align: center;
  padding: 40px 16px;
  color: ${(p) => p.theme.muted};
  p {
    margin: 4px 0;
  }
  p:first-child {
    font-weight: 600;
    color: ${(p) => p.theme.text};
  }
`;

/** docs/product.md §2 Achievements page: Dismiss All with its count, category tabs, In Progress and Completed. */
export default function AchievementsPage() {
  const { t, i18n } = useLingui();
  const { data, isLoading, isError, error } = useAchievementsQuery();
  useNotificationsQuery();
  const pending = useAppSelector((s) => s.achievementQueue.queue.length);
  const [dismissAll, dismissState] = useDismissAllNotificationsMutation();
  const [dismissError, setDismissError] = useState<string | null>(null);
  const [category, setCategory] = useState<Category>('all');

  const onDismissAll = async () => {
    setDismissError(null);
    try {
      await dismissAll().unwrap();
    } catch (err) {
      setDismissError(errorMessage(err, t`Failed to dismiss all notifications`));
    }
  };

  const inCategory = <T extends { group: AchievementGroup }>(list: T[] | undefined) => (list ?? []).filter((a) => category === 'all' || a.group === category);
  const inProgress = inCategory(data?.inProgressAchievements);
  const completed = inCategory(data?.completedAchievements);

  return (
    <>
      <Head>
        <h1>
          <Trans>Achievements</Trans>
        </h1>
        {pending > 0 && (
          <Button type="button" onClick={onDismissAll} disabled={dismissState.isLoading}>
            <Trans>Dismiss All</Trans> <Count aria-label={t`${pending} pending notifications`}>{pending}</Count>
          </Button>
        )}
      </Head>
      {dismissError && (
        <Alert $tone="error" role="alert" style={{ marginBottom: 16 }}>
          {dismissError}
        </Alert>
      )}
      {isLoading ? (
        <Spinner />
      ) : isError ? (
        <Alert $tone="error" role="alert">
          {errorMessage(error, t`Failed to load achievements`)}
        </Alert>
      ) : (
        <>
          <Tabs
            role="tablist"
            aria-label={t`Achievement categories`}
            onKeyDown={(event) => {
              const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
              if (!step) return;
              event.preventDefault();
              const next = CATEGORIES[(CATEGORIES.indexOf(category) + step + CATEGORIES.length) % CATEGORIES.length]!;
              setCategory(next);
              (event.currentTarget.querySelector(`[data-category="${next}"]`) as HTMLElement | null)?.focus();
            }}
          >
            {CATEGORIES.map((c) => (
              <Tab key={c} type="button" role="tab" data-category={c} tabIndex={c === category ? 0 : -1} aria-selected={c === category} $active={c === category} onClick={() => setCategory(c)}>
                {i18n._(GROUP_LABELS[c])}
              </Tab>
            ))}
          </Tabs>
          <div role="tabpanel" aria-label={i18n._(GROUP_LABELS[category])}>
            {inProgress.length > 0 && (
              <section aria-labelledby="achievements-in-progress">
                <h2 id="achievements-in-progress">
                  <Trans>In Progress</Trans>
                </h2>
                <Grid>
                  {inProgress.map((a) => (
                    <AchievementCard key={a.id} achievement={a} />
                  ))}
                </Grid>
              </section>
            )}
            {completed.length > 0 && (
              <section aria-labelledby="achievements-completed">
                <h2 id="achievements-completed">
                  <Trans>Completed</Trans>
                </h2>
                <Grid>
                  {completed.map((a) => (
                    <AchievementCard key={a.id} achievement={a} />
                  ))}
                </Grid>
              </section>
            )}
            {!inProgress.length && !completed.length && (
              <Empty>
                <p>
                  <Trans>No achievements found in this category</Trans>
                </p>
                <p>
                  <Trans>Complete flights to unlock achievements</Trans>
                </p>
              </Empty>
            )}
          </div>
        </>
      )}
    </>
  );
}

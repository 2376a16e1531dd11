import { Trans } from '@lingui/react/macro';

/** Placeholder until its own issue fills the page. */
export default function AchievementsPage() {
  return (
    <h1>
      <Trans>Achievements</Trans>
    </h1>
  );
}

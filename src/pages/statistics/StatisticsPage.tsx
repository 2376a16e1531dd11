import { Trans } from '@lingui/react/macro';

/** Placeholder until its own issue fills the page. */
export default function StatisticsPage() {
  return (
    <h1>
      <Trans>Flight Statistics</Trans>
    </h1>
  );
}

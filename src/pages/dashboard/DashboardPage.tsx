import { Trans } from '@lingui/react/macro';

/** Placeholder until its own issue fills the page. */
export default function DashboardPage() {
  return (
    <h1>
      <Trans>Overview</Trans>
    </h1>
  );
}

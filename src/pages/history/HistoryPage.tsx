import { Trans } from '@lingui/react/macro';

/** Placeholder until its own issue fills the page. */
export default function HistoryPage() {
  return (
    <h1>
      <Trans>Upload History</Trans>
    </h1>
  );
}

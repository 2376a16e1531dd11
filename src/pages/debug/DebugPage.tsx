import { Trans } from '@lingui/react/macro';

/** Placeholder until its own issue fills the page. */
export default function DebugPage() {
  return (
    <h1>
      <Trans>Debug</Trans>
    </h1>
  );
}

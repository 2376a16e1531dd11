import { Trans } from '@lingui/react/macro';

/** Placeholder until its own issue fills the page. */
export default function FlightPage() {
  return (
    <h1>
      <Trans>Flight Details</Trans>
    </h1>
  );
}

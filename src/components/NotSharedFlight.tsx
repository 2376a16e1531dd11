import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { paths, useLocalePath } from '../app/paths';
import { PublicPage } from './public-page';
import { Alert, NarrowCard, Spinner } from './ui';

/**
 * An unknown, revoked or mistyped link, or a flight its pilot made private or removed: the server answers
 * all alike (docs/sharing.md), so the page says what a visitor most likely met without telling which.
 * The shared flight's page and the passenger's page both say it.
 */
export function NotSharedFlight() {
  const to = useLocalePath();
  return (
    <NarrowCard>
      <h1>
        <Trans>This flight is not shared</Trans>
      </h1>
      <p>
        <Trans>Its pilot may have stopped sharing it, or the link is incomplete. Ask the pilot for a new link.</Trans>
      </p>
      <Link to={to(paths.home.getHref())}>
        <Trans>Back to the home page</Trans>
      </Link>
    </NarrowCard>
  );
}

/** A shared flight's page (or a passenger's) until its answer arrives: the spinner, or what went wrong. */
export function PendingSharedFlight({ failure }: { failure?: string }) {
  return (
    <PublicPage>
      {failure ? (
        <Alert $tone="error" role="alert">
          {failure}
        </Alert>
      ) : (
        <Spinner />
      )}
    </PublicPage>
  );
}

import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { paths, useLocalePath } from '../app/paths';
import { NarrowCard } from './ui';

export function NotFoundPage() {
  const to = useLocalePath();
  return (
    <NarrowCard>
      <h1>
        <Trans>Page not found</Trans>
      </h1>
      <p>
        <Trans>There is nothing at this address.</Trans>
      </p>
      <Link to={to(paths.home.getHref())}>
        <Trans>Back to the home page</Trans>
      </Link>
    </NarrowCard>
  );
}

export default NotFoundPage;

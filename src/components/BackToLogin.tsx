import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { paths, useLocalePath } from '../app/paths';

/** The 'Back to login' link under the password forms. */
export function BackToLogin() {
  const to = useLocalePath();
  return (
    <p>
      <Link to={to(paths.login.getHref())}>
        <Trans>Back to login</Trans>
      </Link>
    </p>
  );
}

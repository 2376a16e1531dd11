import { Trans } from '@lingui/react/macro';
import { useSearchParams } from 'react-router-dom';
import { Alert } from '../../components/ui';

/** After a verification link opened while signed in (the server sends the pilot on with ?verified=true|already). */
export function VerifiedNotice() {
  const [params] = useSearchParams();
  const verified = params.get('verified');
  if (verified !== 'true' && verified !== 'already') return null;
  return (
    <Alert $tone="success" role="status">
      {verified === 'true' ? <Trans>Your email has been verified.</Trans> : <Trans>Your email address is already verified.</Trans>}
    </Alert>
  );
}

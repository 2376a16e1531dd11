import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate, useParams } from 'react-router-dom';
import { errorMessage } from '../../api/base';
import { paths, useLocalePath } from '../../app/paths';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { Alert, Button } from '../../components/ui';
import { useJoinClubMutation } from '../../api/clubs';

/** `/clubs/join/{token}`: an invite link; joining takes a click, so a link preview never joins anyone. */
export default function JoinClubPage() {
  const { t } = useLingui();
  const { token = '' } = useParams();
  const to = useLocalePath();
  const navigate = useNavigate();
  const [join, { isLoading, error }] = useJoinClubMutation();
  useDocumentTitle(t`Join a club`);
  const onJoin = async () => {
    const club = await join(token).unwrap().catch(() => null);
    if (club) navigate(to(paths.club.getHref(club.slug)));
  };
  return (
    <>
      <h1>
        <Trans>Join a club</Trans>
      </h1>
      <p>
        <Trans>You were invited to a club. Its members see each other’s public flights and season ranking on the club page.</Trans>
      </p>
      {error && (
        <Alert $tone="error" role="alert">
          {errorMessage(error, t`Could not join the club`)}
        </Alert>
      )}
      <Button type="button" disabled={isLoading} onClick={() => void onJoin()}>
        <Trans>Join the club</Trans>
      </Button>
    </>
  );
}

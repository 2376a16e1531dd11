import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate, useParams } from 'react-router-dom';
import { errorMessage } from '../../api/base';
import { paths, useLocalePath } from '../../app/paths';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { Alert, Button, Spinner } from '../../components/ui';
import { useInvitedClubQuery, useJoinClubMutation } from '../../api/clubs';

/**
 * `/clubs/join/{token}`: an invite link. The page names the club first; joining takes a click, so a
 * link preview never joins anyone.
 */
export default function JoinClubPage() {
  const { t } = useLingui();
  const { token = '' } = useParams();
  const to = useLocalePath();
  const navigate = useNavigate();
  const invited = useInvitedClubQuery(token);
  const [join, { isLoading, error }] = useJoinClubMutation();
  const name = invited.data?.name;
  useDocumentTitle(name ? t`Join ${name}` : t`Join a club`);
  const onJoin = async () => {
    const club = await join(token).unwrap().catch(() => null);
    if (club) navigate(to(paths.club.getHref(club.slug)));
  };
  if (invited.isLoading) return <Spinner />;
  if (invited.isError)
    return (
      <>
        <h1>
          <Trans>Join a club</Trans>
        </h1>
        <Alert $tone="error" role="alert">
          {errorMessage(invited.error, t`This invite link is not valid: ask a club admin for a new one.`)}
        </Alert>
      </>
    );
  return (
    <>
      <h1>
        <Trans>Join {name}</Trans>
      </h1>
      <p>
        <Trans>You were invited to the club {name}. Its members see each other’s public flights and season ranking on the club page.</Trans>
      </p>
      {error && (
        <Alert $tone="error" role="alert">
          {errorMessage(error, t`Could not join the club`)}
        </Alert>
      )}
      <Button type="button" disabled={isLoading} onClick={() => void onJoin()}>
        <Trans>Join {name}</Trans>
      </Button>
    </>
  );
}

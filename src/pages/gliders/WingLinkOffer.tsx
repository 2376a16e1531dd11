import { Plural, Trans } from '@lingui/react/macro';
import type { Glider } from '../../../contract/gliders';
import { errorMessage } from '../../api/base';
import { useGliderMatchesQuery, useLinkMatchingFlightsMutation } from '../../api/gliders';
import { Alert, Button, Row } from '../../components/ui';

/**
 * Under a wing: the flights the linking rule now gives it (uploaded before the wing was added, or
 * within dates just changed) and those on it the rule gives another wing, applied in one click.
 * Nothing shows when nothing would change. Flights whose wing the pilot chose never move.
 */
export function WingLinkOffer({ glider }: { glider: Glider }) {
  const matches = useGliderMatchesQuery(glider.id);
  const [link, linking] = useLinkMatchingFlightsMutation();
  const { count = 0, leaving = 0 } = matches.data ?? {};
  if (count === 0 && leaving === 0) return null;
  return (
    <Alert $tone="info" role="status" aria-label={glider.name}>
      <p style={{ margin: '0 0 8px' }}>
        {count > 0 && (
          <Plural value={count} one="# flight names this wing in its IGC file but is not linked to it." other="# flights name this wing in their IGC files but are not linked to it." />
        )}{' '}
        {leaving > 0 && (
          <Plural value={leaving} one="# flight on it is outside its dates or names another wing." other="# flights on it are outside its dates or name another wing." />
        )}
      </p>
      <Row>
        <Button type="button" disabled={linking.isLoading} onClick={() => void link(glider.id)}>
          {count > 0 ? <Trans>Link these flights</Trans> : <Trans>Update the links</Trans>}
        </Button>
      </Row>
      {linking.isError && (
        <p role="alert" style={{ margin: '8px 0 0' }}>
          {errorMessage(linking.error)}
        </p>
      )}
    </Alert>
  );
}

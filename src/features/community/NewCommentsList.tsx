import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { useMarkCommentsSeenMutation, useNewCommentsQuery } from '../../api/community';
import { paths, useLocalePath } from '../../app/paths';
import { Section } from '../../components/layout';
import { Button } from '../../components/ui';
import { localDateTime } from '../../format/format';
import { FailureAlert } from '../../components/FailureAlert';
import { useActionFailure } from '../../components/useActionFailure';

/**
 * What the navigation's badge counts: the pilot's public flights with new comments by others, each
 * linking to its page (where the comments are), and "Mark as read" to clear the badge.
 */
export function NewCommentsList() {
  const { t, i18n } = useLingui();
  const to = useLocalePath();
  const { data } = useNewCommentsQuery();
  const [markSeen, marking] = useMarkCommentsSeenMutation();
  const { failure, run } = useActionFailure();
  if (!data || data.count === 0) return null;

  const onMarkSeen = () => run(() => markSeen().unwrap(), t`Failed to mark the comments as read`);

  return (
    <Section aria-labelledby="new-comments-heading">
      <h2 id="new-comments-heading">
        <Trans>New comments on your flights</Trans>
      </h2>
      <ul>
        {data.flights.map((f) => {
          const count = f.count;
          return (
            <li key={f.token}>
              <Link to={to(paths.sharedFlight.getHref(f.token))}>
                {localDateTime(f.startTime, i18n.locale, f.timeZone, false)}
                {f.place ? ` · ${f.place.name}` : ''}
              </Link>{' '}
              (<Plural value={count} one="# new comment" other="# new comments" />)
            </li>
          );
        })}
      </ul>
      <FailureAlert failure={failure} />
      <Button type="button" $variant="secondary" disabled={marking.isLoading} onClick={() => void onMarkSeen()}>
        <Trans>Mark as read</Trans>
      </Button>
    </Section>
  );
}

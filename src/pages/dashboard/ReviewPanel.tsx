import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { ReviewFlight } from '../../../contract/community';
import { useDecideReviewMutation, useReviewListQuery } from '../../api/review';
import { paths, useLocalePath } from '../../app/paths';
import { Button, Card, VisuallyHidden } from '../../components/ui';
import { duration, km, localDateTime } from '../../format/format';
import { FailureAlert } from '../../components/FailureAlert';
import { useActionFailure } from '../../components/useActionFailure';

const List = styled.ul`
  list-style: none;
  margin: 8px 0 0;
  padding: 0;
  display: grid;
  gap: 8px;
`;

const Item = styled.li`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 6px 12px;
  padding: 8px 0;
  border-top: 1px solid ${(p) => p.theme.border};
  a { font-weight: 600; }
`;

const Facts = styled.span`
  color: ${(p) => p.theme.muted};
  flex: 1 1 200px;
`;

const Actions = styled.span`
  display: flex;
  gap: 8px;
  flex-wrap: wrap;
`;

const Heading = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
  h2 { margin: 0; font-size: 1.1rem; }
`;

/**
 * docs/community.md "Publish after I review": the pilot's new flights that wait, private, until they
 * publish them (one click each, or all) or keep them private. Shows nothing while none waits.
 */
export function ReviewPanel() {
  const { t } = useLingui();
  const id = useId();
  const list = useReviewListQuery();
  const [decide, deciding] = useDecideReviewMutation();
  const { failure, run } = useActionFailure();
  const [done, setDone] = useState<string | null>(null);
  const flights = list.data?.flights ?? [];

  const onDecide = (visibility: 'public' | 'private', flight?: ReviewFlight) => {
    setDone(null);
    return run(async () => {
      const { changed } = await decide({ flightId: flight?.id, visibility }).unwrap();
      setDone(visibility === 'public' ? t`Flights published: ${changed}.` : t`The flight stays private.`);
    }, t`Failed to publish the flights`);
  };

  return (
    <>
      {/* Always in the page (taking no room), so a screen reader hears what a click did, also when the list empties. */}
      <VisuallyHidden role="status">{done}</VisuallyHidden>
      {flights.length > 0 && (
        <Card as="section" aria-labelledby={`${id}-title`}>
          <Heading>
            <h2 id={`${id}-title`}>
              <Plural value={flights.length} one="# flight waits for your review" other="# flights wait for your review" />
            </h2>
            {flights.length > 1 && (
              <Button type="button" disabled={deciding.isLoading} onClick={() => void onDecide('public')}>
                <Trans>Publish all</Trans>
              </Button>
            )}
          </Heading>
          <p style={{ margin: '6px 0 0' }}>
            <Trans>They are private until you publish them.</Trans>
          </p>
          <FailureAlert failure={failure} />
          <List>
            {flights.map((flight) => (
              <ReviewItem key={flight.id} flight={flight} busy={deciding.isLoading} onDecide={onDecide} />
            ))}
          </List>
        </Card>
      )}
    </>
  );
}

function ReviewItem({ flight, busy, onDecide }: { flight: ReviewFlight; busy: boolean; onDecide: (visibility: 'public' | 'private', flight: ReviewFlight) => Promise<unknown> }) {
  const { t, i18n } = useLingui();
  const to = useLocalePath();
  const when = localDateTime(flight.startTime, i18n.locale, flight.timeZone);
  return (
    <Item>
      <Link to={to(paths.flight.getHref(flight.id))}>{when}</Link>
      <Facts>{[flight.place, duration(flight.flightTime), km(flight.distance, 1)].filter(Boolean).join(' · ')}</Facts>
      <Actions>
        <Button type="button" disabled={busy} aria-label={t`Publish the flight of ${when}`} onClick={() => void onDecide('public', flight)}>
          <Trans>Publish</Trans>
        </Button>
        <Button type="button" $variant="secondary" disabled={busy} aria-label={t`Keep private: the flight of ${when}`} onClick={() => void onDecide('private', flight)}>
          <Trans>Keep private</Trans>
        </Button>
      </Actions>
    </Item>
  );
}

import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { Feed } from '../../../contract/community';
import { errorMessage } from '../../api/base';
import { useFeedQuery } from '../../api/community';
import { paths, useLocalePath } from '../../app/paths';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { Section } from '../../components/layout';
import { Empty, Table, TableWrap } from '../../components/statistics/statistics-blocks';
import { Alert, Button, Spinner } from '../../components/ui';
import { localDay } from '../../features/community/local-day';
import { NewCommentsList } from '../../features/community/NewCommentsList';
import { decimal, hoursMinutes, km, localDateTime } from '../../format/format';

/** `/feed`: the public flights of the pilots you follow, newest first, one page after another (docs/community.md). */
export default function FeedPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Feed`);
  const [pages, setPages] = useState<(string | undefined)[]>([undefined]);
  return (
    <div>
      <h1>
        <Trans>Feed</Trans>
      </h1>
      <p>
        <Trans>Public flights of the pilots you follow.</Trans> <FindPilotsLink />
      </p>
      <NewCommentsList />
      <Section>
        {pages.map((before, i) => (
          <FeedPageOf key={before ?? 'first'} before={before} first={i === 0} onMore={i === pages.length - 1 ? (next) => setPages([...pages, next]) : undefined} />
        ))}
      </Section>
    </div>
  );
}

function FindPilotsLink() {
  const to = useLocalePath();
  return (
    <Link to={to(paths.pilots.getHref())}>
      <Trans>Find pilots and see your followers</Trans>
    </Link>
  );
}

function FeedPageOf({ before, first, onMore }: { before?: string; first: boolean; onMore?: (next: string) => void }) {
  const { t } = useLingui();
  const query = useFeedQuery({ before });
  if (query.isError) {
    return (
      <Alert $tone="error" role="alert">
        {errorMessage(query.error, t`Failed to load the feed`)}
      </Alert>
    );
  }
  if (!query.data) return <Spinner />;
  if (first && query.data.flights.length === 0) {
    return (
      <Empty>
        <Trans>No flights yet: follow pilots on their pages.</Trans>
      </Empty>
    );
  }
  return (
    <>
      <FeedTable feed={query.data} />
      {onMore && query.data.next && (
        <Button type="button" $variant="secondary" onClick={() => onMore(query.data!.next!)}>
          <Trans>Older flights</Trans>
        </Button>
      )}
    </>
  );
}

function FeedTable({ feed }: { feed: Feed }) {
  const { t, i18n } = useLingui();
  const to = useLocalePath();
  // The place's page opened at the flight's day: who else flew there then.
  const placeDayHref = (id: string, day: string | null) => to(paths.place.getHref(id)) + (day ? `?day=${day}` : '');
  return (
    <TableWrap>
      <Table>
        <thead>
          <tr>
            <th scope="col">{t`Date`}</th>
            <th scope="col" className="text">
              {t`Pilot`}
            </th>
            <th scope="col" className="text">
              {t`Site`}
            </th>
            <th scope="col">{t`Time`}</th>
            <th scope="col">{t`Distance`}</th>
            <th scope="col">{t`Points`}</th>
            <th scope="col" className="text">
              {t`Comments`}
            </th>
          </tr>
        </thead>
        <tbody>
          {feed.flights.map((f) => (
            <tr key={f.token}>
              <td>
                <Link to={to(paths.sharedFlight.getHref(f.token))}>{localDateTime(f.startTime, i18n.locale, f.timeZone, false)}</Link>
              </td>
              <td className="text">{f.pilot.username ? <Link to={to(paths.publicPilot.getHref(f.pilot.username))}>{f.pilot.name}</Link> : f.pilot.name}</td>
              <td className="text">{f.place ? <Link to={placeDayHref(f.place.id, localDay(f.startTime, f.timeZone))}>{f.place.name}</Link> : '-'}</td>
              <td>{hoursMinutes(f.flightTime)}</td>
              <td>{km(f.distance, 1)}</td>
              <td>{f.xcPoints === null ? '–' : decimal(f.xcPoints, 2)}</td>
              <td className="text">
                <Plural value={f.likeCount} one="# like" other="# likes" /> · <Plural value={f.commentCount} one="# comment" other="# comments" />
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </TableWrap>
  );
}

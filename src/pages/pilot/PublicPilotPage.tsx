import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useParams } from 'react-router-dom';
import type { PublicPilot } from '../../../contract/sharing';
import { errorMessage } from '../../api/base';
import { usePublicPilotQuery } from '../../api/sharing';
import { paths, useLocalePath } from '../../app/paths';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { Section, Sections } from '../../components/layout';
import { Alert, Spinner } from '../../components/ui';
import { decimal, hoursMinutes, km, localDateTime } from '../../format/format';
import { NotFoundPage } from '../../components/NotFoundPage';
import { isNotFound, PublicPage } from '../../components/public-page';
import { OverallTiles } from '../../components/statistics/OverallTiles';
import { Empty, Table, TableWrap } from '../../components/statistics/statistics-blocks';
import { YearlyTable } from '../../components/statistics/YearlyTable';
import { FollowBar } from './FollowBar';

/** `/pilots/{username}`: the page a pilot chose to publish; not found while it is unpublished. */
export default function PublicPilotPage() {
  const { t } = useLingui();
  const { username = '' } = useParams();
  const query = usePublicPilotQuery(username, { skip: !username });
  const pilot = query.currentData;

  if (!username || isNotFound(query.error)) return <NotFoundPage />;
  if (!pilot) {
    return (
      <PublicPage>
        {query.isError ? (
          <Alert $tone="error" role="alert">
            {errorMessage(query.error, t`Failed to load the pilot's page`)}
          </Alert>
        ) : (
          <Spinner />
        )}
      </PublicPage>
    );
  }
  return <PilotPage pilot={pilot} />;
}

function PilotPage({ pilot }: { pilot: PublicPilot }) {
  const { t, i18n } = useLingui();
  const to = useLocalePath();
  const name = pilot.name;
  useDocumentTitle(t`${name}'s flight logbook`);
  return (
    <PublicPage>
      <h1 style={{ marginBottom: 16 }}>
        <Trans>{name}'s flight logbook</Trans>
      </h1>
      <FollowBar username={pilot.username} name={name} followers={pilot.followers} following={pilot.following} />
      <Sections>
        <Section aria-labelledby="pilot-totals">
          <h2 id="pilot-totals">
            <Trans>Totals</Trans>
          </h2>
          {pilot.totals.totalFlights ? <OverallTiles data={pilot.totals} /> : <Empty>{t`No flight data available`}</Empty>}
        </Section>
        <Section aria-labelledby="pilot-years">
          <h2 id="pilot-years">
            <Trans>Yearly Summary</Trans>
          </h2>
          {pilot.years.length ? <YearlyTable years={pilot.years} /> : <Empty>{t`No flight data available`}</Empty>}
        </Section>
        <Section aria-labelledby="pilot-flights">
          <h2 id="pilot-flights">
            <Trans>Public flights</Trans>
          </h2>
          {pilot.flights.length === 0 ? (
            <Empty>
              <Trans>No public flights yet.</Trans>
            </Empty>
          ) : (
            <TableWrap>
              <Table aria-labelledby="pilot-flights">
                <thead>
                  <tr>
                    <th scope="col">{t`Date`}</th>
                    <th scope="col" className="text">
                      {t`Site`}
                    </th>
                    <th scope="col">{t`Flight Time`}</th>
                    <th scope="col">{t`Distance`}</th>
                    <th scope="col">{t`Points`}</th>
                  </tr>
                </thead>
                <tbody>
                  {pilot.flights.map((f) => (
                    <tr key={f.token}>
                      <th scope="row">
                        <Link to={to(paths.sharedFlight.getHref(f.token))}>{localDateTime(f.startTime, i18n.locale, f.timeZone, false)}</Link>
                      </th>
                      <td className="text">{f.siteName ?? '–'}</td>
                      <td>{hoursMinutes(f.flightTime)}</td>
                      <td>{km(f.distance, 1)}</td>
                      <td>{f.xcPoints === null ? '–' : decimal(f.xcPoints, 2)}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </TableWrap>
          )}
        </Section>
      </Sections>
    </PublicPage>
  );
}

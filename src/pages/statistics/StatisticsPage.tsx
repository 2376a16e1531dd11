import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { useFlightSitesQuery, useMonthlyHoursQuery, useOverallStatisticsQuery, useYearlySummaryQuery } from '../../api/statistics';
import { MonthlyChart } from '../../components/MonthlyChart';
import { Card, Label, Select, Spinner } from '../../components/ui';
import { statDate, statDistance, statDuration, statHeight } from './statistics-format';

const Sections = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 20px;
`;

const Section = styled(Card)`
  h2 {
    margin: 0 0 14px;
    font-size: 1.2rem;
  }
`;

const SectionHead = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  flex-wrap: wrap;
  margin-bottom: 14px;
  h2 {
    margin: 0;
  }
`;

const Tiles = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(130px, 1fr));
  gap: 12px;
  margin: 0;
`;

const Tile = styled.div`
  background: ${(p) => p.theme.surfaceAlt};
  border: 1px solid ${(p) => p.theme.border};
  border-radius: 8px;
  padding: 12px 14px;
  dt {
    color: ${(p) => p.theme.muted};
    font-size: 13px;
  }
  dd {
    margin: 4px 0 0;
    font-size: 1.35rem;
    font-weight: 700;
    overflow-wrap: anywhere;
  }
  dd + dd {
    margin-top: 2px;
    font-size: 13px;
    font-weight: 400;
    color: ${(p) => p.theme.muted};
  }
`;

const Empty = styled.p`
  color: ${(p) => p.theme.muted};
  margin: 0;
`;

const TableWrap = styled.div`
  overflow-x: auto;
`;

export const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-variant-numeric: tabular-nums;
  th,
  td {
    padding: 8px 10px;
    text-align: right;
    border-bottom: 1px solid ${(p) => p.theme.border};
    white-space: nowrap;
  }
  th:first-child,
  td:first-child {
    text-align: left;
  }
  th {
    color: ${(p) => p.theme.muted};
    font-weight: 600;
    font-size: 13px;
  }
  th[scope='row'] {
    color: inherit;
    font-size: inherit;
  }
`;

const SiteList = styled.ol`
  margin: 16px 0 0;
  padding: 0;
  list-style: none;
  counter-reset: site;
  li {
    counter-increment: site;
    display: grid;
    grid-template-columns: 32px 1fr auto;
    gap: 4px 12px;
    align-items: baseline;
    padding: 8px 0;
    border-bottom: 1px solid ${(p) => p.theme.border};
  }
  li::before {
    content: counter(site) '.';
    color: ${(p) => p.theme.muted};
    font-weight: 700;
  }
  small {
    color: ${(p) => p.theme.muted};
    grid-column: 2 / 4;
  }
  @media (max-width: 600px) {
    li {
      grid-template-columns: 24px 1fr;
    }
    li > span,
    small {
      grid-column: 2;
    }
  }
`;

function Hours({ seconds }: { seconds: number }) {
  const duration = statDuration(seconds);
  return <Trans>{duration} hours</Trans>;
}

function LastVisited({ iso, timeZone }: { iso: string; timeZone: string | null }) {
  const { i18n } = useLingui();
  const date = statDate(iso, i18n.locale, timeZone);
  return (
    <small>
      <Trans>Last visited {date}</Trans>
    </small>
  );
}

function Loading({ loading, empty, emptyText, children }: { loading: boolean; empty: boolean; emptyText: ReactNode; children: () => ReactNode }) {
  if (loading) return <Spinner />;
  if (empty) return <Empty>{emptyText}</Empty>;
  return <>{children()}</>;
}

/** Statistics load failures are logged only; the section shows its empty state (SPEC §8). */
function useLogFailure(name: string, error: unknown) {
  useEffect(() => {
    if (error) console.error(`Failed to load ${name} statistics`, error);
  }, [name, error]);
}

/** SPEC §2 Statistics page: overall tiles, flight sites, yearly summary, monthly flight hours. */
export default function StatisticsPage() {
  return (
    <>
      <h1>
        <Trans>Flight Statistics</Trans>
      </h1>
      <Sections>
        <OverallSection />
        <SitesSection />
        <YearlySection />
        <MonthlySection />
      </Sections>
    </>
  );
}

function OverallSection() {
  const { t, i18n } = useLingui();
  const { data, isLoading, error } = useOverallStatisticsQuery();
  useLogFailure('overall', error);
  const date = (iso: string | null | undefined, timeZone: string | null | undefined) => statDate(iso, i18n.locale, timeZone);
  return (
    <Section aria-labelledby="stats-overall">
      <h2 id="stats-overall">
        <Trans>Overall Statistics</Trans>
      </h2>
      <Loading loading={isLoading} empty={!data || !data.totalFlights} emptyText={<Trans>No flight data available</Trans>}>
        {() => (
          <Tiles>
            {[
              [t`Total Flights`, String(data!.totalFlights)],
              [t`Total Hours`, statDuration(data!.totalHours)],
              [t`Total Distance`, statDistance(data!.totalDistance)],
              [t`Max Altitude`, statHeight(data!.maxAltitude)],
              [t`Max Distance`, statDistance(data!.maxDistance)],
              [t`Max Duration`, statDuration(data!.maxDuration)],
              [t`First Flight`, date(data!.firstFlight, data!.firstFlightTimeZone)],
              [t`Last Flight`, date(data!.lastFlight, data!.lastFlightTimeZone)],
            ].map(([label, value]) => (
              <Tile key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </Tile>
            ))}
          </Tiles>
        )}
      </Loading>
    </Section>
  );
}

function SitesSection() {
  const { t, i18n } = useLingui();
  const { data, isLoading, error } = useFlightSitesQuery();
  useLogFailure('flight sites', error);
  return (
    <Section aria-labelledby="stats-sites">
      <h2 id="stats-sites">
        <Trans>Flight Sites</Trans>
      </h2>
      <Loading loading={isLoading} empty={!data || !data.totalSites} emptyText={<Trans>No flight data available</Trans>}>
        {() => {
          const sites = data!;
          const recent = sites.mostRecentSite;
          const most = sites.mostFlightsSite;
          return (
            <>
              <Tiles>
                <Tile>
                  <dt>{t`Total Sites`}</dt>
                  <dd>{sites.totalSites}</dd>
                </Tile>
                <Tile>
                  <dt>{t`Most Recent Site`}</dt>
                  <dd>{recent?.siteName ?? '-'}</dd>
                  {recent && <dd>{statDate(recent.date, i18n.locale, recent.timeZone)}</dd>}
                </Tile>
                <Tile>
                  <dt>{t`Most Used Site`}</dt>
                  <dd>{most?.siteName ?? '-'}</dd>
                  {most && (
                    <dd>
                      <Plural value={most.flightCount} one="# flight" other="# flights" /> · <Hours seconds={most.totalHours} />
                    </dd>
                  )}
                </Tile>
              </Tiles>
              {sites.topLaunchSites.length > 0 && (
                <>
                  <h3 style={{ margin: '20px 0 0', fontSize: '1rem' }}>
                    <Trans>Top Launch Sites</Trans>
                  </h3>
                  <SiteList aria-label={t`Top Launch Sites`}>
                    {sites.topLaunchSites.map((site) => (
                      <li key={site.siteId}>
                        <strong>{site.siteName}</strong>
                        <span>
                          <Plural value={site.flightCount} one="# flight" other="# flights" /> · <Hours seconds={site.totalHours} />
                        </span>
                        <LastVisited iso={site.lastVisited} timeZone={site.timeZone} />
                      </li>
                    ))}
                  </SiteList>
                </>
              )}
            </>
          );
        }}
      </Loading>
    </Section>
  );
}

function YearlySection() {
  const { t } = useLingui();
  const { data, isLoading, error } = useYearlySummaryQuery();
  useLogFailure('yearly', error);
  return (
    <Section aria-labelledby="stats-yearly">
      <h2 id="stats-yearly">
        <Trans>Yearly Summary</Trans>
      </h2>
      <Loading loading={isLoading} empty={!data?.length} emptyText={<Trans>No flight data available</Trans>}>
        {() => (
          <TableWrap>
            <Table aria-label={t`Yearly Summary`}>
              <thead>
                <tr>
                  <th scope="col">{t`Year`}</th>
                  <th scope="col">{t`Flights`}</th>
                  <th scope="col">{t`Hours`}</th>
                  <th scope="col">{t`Distance`}</th>
                  <th scope="col">{t`Max Distance`}</th>
                  <th scope="col">{t`Max Duration`}</th>
                  <th scope="col">{t`Avg Flight Time`}</th>
                </tr>
              </thead>
              <tbody>
                {data!.map((y) => (
                  <tr key={y.year}>
                    <th scope="row">{y.year}</th>
                    <td>{y.totalFlights}</td>
                    <td>{statDuration(y.totalHours)}</td>
                    <td>{statDistance(y.totalDistance)}</td>
                    <td>{statDistance(y.maxDistance)}</td>
                    <td>{statDuration(y.maxDuration)}</td>
                    <td>{statDuration(y.avgFlightTime)}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </TableWrap>
        )}
      </Loading>
    </Section>
  );
}

function MonthlySection() {
  const { t } = useLingui();
  const [year, setYear] = useState<number | null>(null);
  // All years, for the dropdown; the chart reads the picked year's data (the year is sent only when picked).
  const all = useMonthlyHoursQuery(null);
  const picked = useMonthlyHoursQuery(year, { skip: year === null });
  const current = year === null ? all : picked;
  useLogFailure('monthly', current.error);
  const years = useMemo(() => [...new Set((all.data ?? []).map((m) => m.year))].sort((a, b) => b - a), [all.data]);
  const items = current.data ?? [];
  return (
    <Section aria-labelledby="stats-monthly">
      <SectionHead>
        <h2 id="stats-monthly">
          <Trans>Monthly Flight Hours</Trans>
        </h2>
        <Label style={{ flexDirection: 'row', alignItems: 'center', gap: 8 }}>
          <Trans>Year</Trans>
          <Select aria-label={t`Year`} value={year ?? ''} onChange={(event) => setYear(event.target.value ? Number(event.target.value) : null)}>
            <option value="">{t`All Years`}</option>
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </Select>
        </Label>
      </SectionHead>
      <Loading loading={current.isLoading || current.isFetching} empty={!items.some((m) => m.totalHours > 0)} emptyText={<Trans>No monthly data available</Trans>}>
        {() => <MonthlyChart items={items} />}
      </Loading>
    </Section>
  );
}


import { Plural, Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { useFlightSitesQuery } from '../../api/statistics';
import { Section } from '../../components/layout';
import { Hours, Loading, Tile, Tiles, useLogFailure } from '../../components/statistics/statistics-blocks';
import { statDate } from '../../components/statistics/statistics-format';

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

function LastVisited({ iso, timeZone }: { iso: string; timeZone: string | null }) {
  const { i18n } = useLingui();
  const date = statDate(iso, i18n.locale, timeZone);
  return (
    <small>
      <Trans>Last visited {date}</Trans>
    </small>
  );
}

/** The number of sites, the most recent and most used one, and the top launch sites. */
export function SitesSection() {
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

import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import styled from 'styled-components';
import { useSitesQuery } from '../../api/sites';
import { useFlightSitesQuery } from '../../api/statistics';
import { Section } from '../../components/layout';
import { Hours, Loading, Tile, Tiles, useLogFailure } from '../../components/statistics/statistics-blocks';
import { statDate } from '../../components/statistics/statistics-format';
import { useSiteDistinctions } from '../../features/logbook/useSiteLabels';

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
  }
  li > small {
    grid-column: 2 / 4;
  }
  @media (max-width: 600px) {
    li {
      grid-template-columns: 24px 1fr;
    }
    li > span,
    li > small {
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

/**
 * What tells a listed site from the pilot's other sites of the same name (Great Malvern at #4 and #5),
 * by the rule the Sites page and the pickers use; null for a name of its own or before the sites load.
 */
function useDistinctionById() {
  const { data } = useSitesQuery();
  const sites = useMemo(() => data ?? [], [data]);
  const distinction = useSiteDistinctions(sites);
  return useMemo(() => {
    const byId = new Map(sites.map((site) => [site.id, site]));
    return (siteId: number) => {
      const site = byId.get(siteId);
      return site ? distinction(site) : null;
    };
  }, [sites, distinction]);
}

/** The number of sites, the most recent and most used one, and the top launch sites. */
export function SitesSection() {
  const { t, i18n } = useLingui();
  const { data, isLoading, error } = useFlightSitesQuery();
  const apart = useDistinctionById();
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
                  {recent && apart(recent.siteId) && <dd data-testid="site-distinction">{apart(recent.siteId)}</dd>}
                  {recent && <dd>{statDate(recent.date, i18n.locale, recent.timeZone)}</dd>}
                </Tile>
                <Tile>
                  <dt>{t`Most Used Site`}</dt>
                  <dd>{most?.siteName ?? '-'}</dd>
                  {most && apart(most.siteId) && <dd data-testid="site-distinction">{apart(most.siteId)}</dd>}
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
                        <div>
                          <strong>{site.siteName}</strong>
                          {apart(site.siteId) && (
                            <small data-testid="site-distinction" style={{ display: 'block' }}>
                              {apart(site.siteId)}
                            </small>
                          )}
                        </div>
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

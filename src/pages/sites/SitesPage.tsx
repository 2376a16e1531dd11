import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useRef, useState } from 'react';
import styled from 'styled-components';
import { SITE_RADIUS_M, type Site } from '../../../contract/sites';
import { useSitesQuery } from '../../api/sites';
import { Section } from '../../components/layout';
import { PointsMap } from '../../components/map/PointsMap';
import { useSiteDistinctions } from '../../features/logbook/useSiteLabels';
import { Input, Label, Select } from '../../components/ui';
import { shortDistance } from '../../format/units';
import { MergeDialog } from './MergeDialog';
import { SiteRow } from './SiteRow';
import { Loaded } from '../../components/Loaded';

const Layout = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  gap: 16px;
  align-items: start;
  @media (max-width: 1000px) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const Controls = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px 12px;
  margin-bottom: 10px;
  label { flex: 1 1 160px; }
  input, select { width: 100%; box-sizing: border-box; }
`;

type SiteOrder = 'flights' | 'name' | 'recent';
const ORDERS: Record<SiteOrder, (a: Site, b: Site) => number> = {
  flights: (a, b) => b.flightCount + b.landingCount - (a.flightCount + a.landingCount) || a.name.localeCompare(b.name),
  name: (a, b) => a.name.localeCompare(b.name) || a.id - b.id,
  recent: (a, b) => (b.lastVisit ?? '').localeCompare(a.lastVisit ?? '') || a.id - b.id,
};

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
`;

/** The pilot's logbook (docs/app.md): the pilot's launch and landing sites on a map and in a list; rename and merge them. */
export default function SitesPage() {
  const { t } = useLingui();
  const sites = useSitesQuery();
  const [picked, setPicked] = useState<number | null>(null);
  const [merging, setMerging] = useState<Site | null>(null);
  const list = useMemo(() => sites.data ?? [], [sites.data]);
  const distinction = useSiteDistinctions(list);
  const [search, setSearch] = useState('');
  const [order, setOrder] = useState<SiteOrder>('flights');
  const mapSection = useRef<HTMLElement>(null);
  const shown = useMemo(() => {
    const needle = search.trim().toLocaleLowerCase();
    return (sites.data ?? []).filter((site) => !needle || site.name.toLocaleLowerCase().includes(needle)).sort(ORDERS[order]);
  }, [sites.data, search, order]);
  // "Show on map" picks the site and brings the map into view (on a phone it is above the list).
  const showOnMap = (site: Site) => {
    setPicked(site.id);
    mapSection.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  };

  const radius = shortDistance(SITE_RADIUS_M);
  return (
    <div>
      <h1 style={{ marginTop: 0 }}>
        <Trans>Sites</Trans>
      </h1>
      <p style={{ marginTop: 0 }}>
        <Trans>Takeoffs and landings within {radius} share a site. A name you give is kept, and new flights near the site get it too. To move one flight to another site, open the flight.</Trans>
      </p>
      <Loaded query={sites}>
        {() =>
          list.length === 0 ? (
            <p>
              <Trans>No sites yet. They appear with your first flight.</Trans>
            </p>
          ) : (
            <Layout>
              <Section aria-labelledby="sites-map" ref={mapSection}>
                <h2 id="sites-map">
                  <Trans>Map</Trans>
                </h2>
                <PointsMap points={list} pickedId={picked} label={t`Map of your sites`} height={420} />
              </Section>
              <Section aria-labelledby="sites-list">
                <h2 id="sites-list">
                  <Trans>Your sites</Trans>
                </h2>
                <Controls>
                  <Label>
                    <Trans>Search sites</Trans>
                    <Input type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
                  </Label>
                  <Label>
                    <Trans>Sort by</Trans>
                    <Select value={order} onChange={(e) => setOrder(e.target.value as SiteOrder)}>
                      <option value="flights">{t`Most flights`}</option>
                      <option value="name">{t`Site name`}</option>
                      <option value="recent">{t`Last visit`}</option>
                    </Select>
                  </Label>
                </Controls>
                {shown.length === 0 && (
                  <p role="status">
                    <Trans>No site matches “{search}”.</Trans>
                  </p>
                )}
                <List aria-labelledby="sites-list">
                  {shown.map((site) => (
                    <SiteRow key={site.id} site={site} picked={picked === site.id} canMerge={list.length > 1} distinction={distinction(site)} onShow={() => showOnMap(site)} onMerge={() => setMerging(site)} />
                  ))}
                </List>
              </Section>
            </Layout>
          )
        }
      </Loaded>
      {merging && <MergeDialog site={merging} sites={list} onClose={() => setMerging(null)} />}
    </div>
  );
}

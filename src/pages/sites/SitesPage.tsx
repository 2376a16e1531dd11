import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import styled from 'styled-components';
import type { Site } from '../../../contract/sites';
import { errorMessage } from '../../api/base';
import { useSitesQuery } from '../../api/sites';
import { Section } from '../../components/layout';
import { PointsMap } from '../../components/map/PointsMap';
import { Alert, Spinner } from '../../components/ui';
import { MergeDialog } from './MergeDialog';
import { SiteRow } from './SiteRow';

const Layout = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  gap: 16px;
  align-items: start;
  @media (max-width: 1000px) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

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
  const list = sites.data ?? [];

  return (
    <div>
      <h1 style={{ marginTop: 0 }}>
        <Trans>Sites</Trans>
      </h1>
      <p style={{ marginTop: 0 }}>
        <Trans>Takeoffs and landings within 300 m share a site. A name you give is kept, and new flights near the site get it too. To move one flight to another site, open the flight.</Trans>
      </p>
      {sites.isLoading ? (
        <Spinner />
      ) : sites.isError ? (
        <Alert $tone="error" role="alert">
          {errorMessage(sites.error)}
        </Alert>
      ) : list.length === 0 ? (
        <p>
          <Trans>No sites yet. They appear with your first flight.</Trans>
        </p>
      ) : (
        <Layout>
          <Section aria-labelledby="sites-map">
            <h2 id="sites-map">
              <Trans>Map</Trans>
            </h2>
            <PointsMap points={list} pickedId={picked} label={t`Map of your sites`} height={420} />
          </Section>
          <Section aria-labelledby="sites-list">
            <h2 id="sites-list">
              <Trans>Your sites</Trans>
            </h2>
            <List aria-labelledby="sites-list">
              {list.map((site) => (
                <SiteRow key={site.id} site={site} picked={picked === site.id} canMerge={list.length > 1} onShow={() => setPicked(site.id)} onMerge={() => setMerging(site)} />
              ))}
            </List>
          </Section>
        </Layout>
      )}
      {merging && <MergeDialog site={merging} sites={list} onClose={() => setMerging(null)} />}
    </div>
  );
}

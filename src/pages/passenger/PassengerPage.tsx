import { Trans, useLingui } from '@lingui/react/macro';
import { useParams } from 'react-router-dom';
import styled from 'styled-components';
import type { PassengerPage as PassengerPageAnswer } from '../../../contract/tandem';
import { errorMessage } from '../../api/base';
import { usePassengerFeaturesQuery, usePassengerPageQuery } from '../../api/tandem';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { HeightGraph } from '../../components/height-graph/HeightGraph';
import { Section } from '../../components/layout';
import { NoTrack } from '../../components/logbook/NoTrack';
import { MapPanel } from '../../components/map/MapPanel';
import { Spinner } from '../../components/ui';
import { NotSharedFlight, PendingSharedFlight } from '../../components/NotSharedFlight';
import { isNotFound, PublicPage } from '../../components/public-page';
import { useTrackHighlight } from '../../features/flightSelection/useHighlightedTrack';
import { duration, localDateTime } from '../../format/format';

const Subtitle = styled.p`
  margin: 0 0 12px;
  color: ${(p) => p.theme.muted};
`;

/** `/passenger/{token}`: a tandem passenger's flight, its map and height profile only (docs/career.md, "Tandem"). */
export default function PassengerPage() {
  const { t } = useLingui();
  const { token = '' } = useParams();
  const query = usePassengerPageQuery(token, { skip: !token });
  if (!token || isNotFound(query.error)) return <NotSharedFlight />;
  if (!query.currentData) return <PendingSharedFlight failure={query.isError ? errorMessage(query.error, t`Error loading flight data`) : undefined} />;
  return <PassengerFlight token={token} page={query.currentData} />;
}

function PassengerFlight({ token, page }: { token: string; page: PassengerPageAnswer }) {
  const { t, i18n } = useLingui();
  const features = usePassengerFeaturesQuery(token, { skip: !page.hasTrack });
  const track = { features: features.currentData, resolution: features.currentData ? ('full' as const) : null, loading: page.hasTrack && !features.currentData && !features.error, error: features.error ?? null, failed: false };
  const { points, highlightedPoint, onHover } = useTrackHighlight(track);
  const name = page.passengerName;
  const date = localDateTime(page.startTime, i18n.locale, page.timeZone, false);
  useDocumentTitle(t`Tandem flight of ${name} on ${date}`);
  const pilot = page.pilotName;
  return (
    <PublicPage>
      <h1>
        <Trans>{name}'s tandem flight</Trans>
      </h1>
      <Subtitle>
        {localDateTime(page.startTime, i18n.locale, page.timeZone)}
        {page.flightTime !== null && ` · ${duration(page.flightTime)}`}
        {pilot && (
          <>
            {' · '}
            <Trans>with {pilot}</Trans>
          </>
        )}
      </Subtitle>
      {!page.hasTrack ? (
        <Section>
          <NoTrack />
        </Section>
      ) : (
        <>
          <Section aria-labelledby="passenger-path">
            <h2 id="passenger-path">
              <Trans>Flight Path</Trans>
            </h2>
            <MapPanel
              features={track.features}
              fitKey={token}
              highlightedPoint={highlightedPoint}
              loading={track.loading}
              error={track.error ? errorMessage(track.error, t`Failed to load the flight path`) : null}
              height={420}
              onHoverPoint={onHover}
            />
          </Section>
          <Section aria-labelledby="passenger-profile">
            <h2 id="passenger-profile">
              <Trans>Height Profile</Trans>
            </h2>
            {track.loading ? <Spinner /> : <HeightGraph points={points} timeZone={page.timeZone} onHover={onHover} />}
          </Section>
        </>
      )}
    </PublicPage>
  );
}

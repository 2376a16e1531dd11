import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router-dom';
import styled from 'styled-components';
import type { Photo, PublicFlight } from '../../../contract/sharing';
import { errorMessage } from '../../api/base';
import { PUBLIC_TRACK_URLS, usePublicFlightQuery } from '../../api/sharing';
import { useLocalePath } from '../../app/paths';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { HeightGraph } from '../../components/height-graph/HeightGraph';
import { Section } from '../../components/layout';
import { NoTrack } from '../../components/logbook/NoTrack';
import { MapPanel } from '../../components/map/MapPanel';
import { Button, Row, Spinner } from '../../components/ui';
import { usePublicTrack } from '../../features/flightSelection/track-loading';
import { useTrackHighlight } from '../../features/flightSelection/useHighlightedTrack';
import { localDateTime } from '../../format/format';
import { FlightStatCards } from '../../components/flight/FlightStatCards';
import { FlightScore } from '../../components/flight/FlightScore';
import { PhasesSection } from '../../components/flight/PhasesSection';
import { usePhaseHighlights } from '../../features/flightSelection/usePhaseHighlights';
import { NotSharedFlight, PendingSharedFlight } from '../../components/NotSharedFlight';
import { isNotFound, PublicPage } from '../../components/public-page';
import { PhotoGallery } from '../../components/photos/PhotoGallery';
import { usePhotoSelection } from '../../components/photos/usePhotoSelection';
import { PublicNearbyPanel } from '../../features/nearby/NearbyPanel';
import { CommunitySection } from './CommunitySection';

const Subtitle = styled.p`
  margin: 0 0 12px;
  color: ${(p) => p.theme.muted};
`;

const Notes = styled.p`
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  margin: 0;
`;

/** `/shared/{token}`: one flight as its pilot shared it; an unknown or revoked link is not found. */
export default function SharedFlightPage() {
  const { t } = useLingui();
  const { token = '' } = useParams();
  const query = usePublicFlightQuery(token, { skip: !token });
  const flight = query.currentData;

  if (!token || isNotFound(query.error)) return <NotSharedFlight />;
  if (!flight) return <PendingSharedFlight failure={query.isError ? errorMessage(query.error, t`Error loading flight data`) : undefined} />;
  return <SharedFlight token={token} flight={flight} />;
}

function SharedFlight({ token, flight }: { token: string; flight: PublicFlight }) {
  const { t, i18n } = useLingui();
  const to = useLocalePath();
  const { track, points, highlightedPoint, onHover } = useTrackHighlight(usePublicTrack(token, flight));
  const links = usePhaseHighlights(flight.phases ?? undefined, points, onHover);
  // A shared photo has an opaque id and no file name (docs/photos.md): the gallery numbers them in the server's order.
  const sharedPhotos = useMemo(
    () =>
      flight.photos.map((p, i): Photo => {
        const n = i + 1;
        return { ...p, id: n, originalFilename: t`Photo ${n}`, positionHidden: false };
      }),
    [flight.photos, t],
  );
  const photos = usePhotoSelection(sharedPhotos, flight.timeZone, token);

  const name = flight.pilot.name;
  const date = localDateTime(flight.startTime, i18n.locale, flight.timeZone, false);
  const site = flight.siteName ?? flight.takeoffLocation;
  // The same title as the link preview the server writes (docs/sharing.md).
  useDocumentTitle(site ? t`Flight of ${name} on ${date} from ${site}` : t`Flight of ${name} on ${date}`);
  const gallery = photos.photos.length > 0 && (
    <Section aria-labelledby="shared-photos">
      <h2 id="shared-photos">
        <Trans>Photos</Trans>
      </h2>
      <PhotoGallery selection={photos} timeZone={flight.timeZone} />
    </Section>
  );
  const mapError = track.error ? errorMessage(track.error, t`Failed to load the flight path`) : null;

  return (
    <PublicPage>
      <h1>
        <Trans>{name}'s flight</Trans>
      </h1>
      <Subtitle>
        {localDateTime(flight.startTime, i18n.locale, flight.timeZone)}
        {site && ` · ${site}`}
        {flight.gliderName && ` · ${flight.gliderName}`}
      </Subtitle>
      {flight.pilot.pageUrl && (
        <p>
          <Link to={to(new URL(flight.pilot.pageUrl, document.baseURI).pathname)}>
            <Trans>More flights by {name}</Trans>
          </Link>
        </p>
      )}
      <FlightScore flight={flight} />
      <FlightStatCards flight={flight} />
      {flight.trackDownload && <PublicTrackDownloads token={token} igc={flight.trackDownload.igc !== null} />}
      {flight.notes && (
        <Section aria-labelledby="shared-notes">
          <h2 id="shared-notes">
            <Trans>Notes</Trans>
          </h2>
          <Notes data-testid="shared-notes">{flight.notes}</Notes>
        </Section>
      )}
      {/* Right under the summary and the pilot's notes, not below the thermal tables (issue 36). */}
      {flight.visibility === 'public' && <CommunitySection token={token} />}
      {flight.source === 'manual' ? (
        <>
          <Section>
            <NoTrack />
          </Section>
          {gallery}
        </>
      ) : (
        <>
          <Section aria-labelledby="shared-path">
            <h2 id="shared-path">
              <Trans>Flight Path</Trans>
            </h2>
            <MapPanel
              features={track.features}
              flightCode={flight.flightCode}
              fitKey={token}
              highlightedPoint={highlightedPoint}
              loading={track.loading}
              error={mapError}
              height={420}
              climbToggle
              thermalMarkers={links.thermalMarkers}
              photoMarkers={photos.markers}
              selectedPhotoId={photos.selectedId}
              onPhotoClick={photos.open}
              onHoverPoint={onHover}
            />
          </Section>
          <Section aria-labelledby="shared-profile">
            <h2 id="shared-profile">
              <Trans>Height Profile</Trans>
            </h2>
            {track.loading ? <Spinner /> : <HeightGraph points={points} timeZone={flight.timeZone} onHover={onHover} bands={links.bands} highlightedIndex={links.highlightedIndex} />}
          </Section>
          {gallery}
          {flight.phases && (
            <Section aria-labelledby="shared-phases">
              <h2 id="shared-phases">
                <Trans>Thermals and Glides</Trans>
              </h2>
              <PhasesSection
                phases={flight.phases}
                loading={false}
                error={null}
                timeZone={flight.timeZone}
                highlightedTime={links.highlightedTime}
                onHighlight={links.onHighlightTime}
              />
            </Section>
          )}
        </>
      )}
      {/* Only a public flight is listed beside others, and open to likes and comments (docs/community.md);
          a link-only flight is not asked for its neighbours, which answer 404 for it. */}
      {flight.visibility === 'public' && <PublicNearbyPanel token={token} />}
    </PublicPage>
  );
}

/** The track to take away, when the pilot allows it (docs/sharing.md): GPX always, the original IGC when there is one of this flight alone. */
function PublicTrackDownloads({ token, igc }: { token: string; igc: boolean }) {
  const { t } = useLingui();
  return (
    <Row role="group" aria-label={t`Download the track`} style={{ margin: '12px 0' }}>
      {igc && (
        <Button as="a" $variant="secondary" href={PUBLIC_TRACK_URLS.igc(token)} download>
          <Trans>Download IGC</Trans>
        </Button>
      )}
      <Button as="a" $variant="secondary" href={PUBLIC_TRACK_URLS.gpx(token)} download>
        <Trans>Download GPX</Trans>
      </Button>
    </Row>
  );
}

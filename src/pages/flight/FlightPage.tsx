import { Trans, useLingui } from '@lingui/react/macro';
import { FlightNearbyPanel } from '../../features/nearby/NearbyPanel';
import { AirspaceSection } from '../../features/airspace/AirspaceSection';
import { useFlightAirspace } from '../../features/airspace/useFlightAirspace';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import styled, { keyframes } from 'styled-components';
import { errorMessage } from '../../api/base';
import { useAdjacentQuery, useDetailedQuery } from '../../api/flights';
import { paths, useLocalePath } from '../../app/paths';
import { HeightGraph } from '../../components/height-graph/HeightGraph';
import { MapPanel } from '../../components/map/MapPanel';
import { Alert, Button, Card, Spinner } from '../../components/ui';
import { useHighlightedTrack } from '../../features/flightSelection/useHighlightedTrack';
import { localDateTime } from '../../format/format';
import { CorrectionPanel } from './phases/CorrectionPanel';
import { FlightScore } from '../../components/flight/FlightScore';
import { PhasesSection } from '../../components/flight/PhasesSection';
import { useFlightCorrection } from './phases/useFlightCorrection';
import { usePhaseLinks } from './phases/usePhaseLinks';
import { NoTrack } from '../../components/logbook/NoTrack';
import { LogbookSection } from './LogbookSection';
import { FlightToolbar } from './FlightToolbar';
import { PassengerSection } from './PassengerSection';
import { ShareButton } from './ShareDialog';
import { TrackDownloads } from '../../features/downloads/TrackDownloads';
import { CategoryControl } from './CategoryControl';
import { VisibilityControl } from './VisibilityControl';
import { Cards, FlightStatCards } from '../../components/flight/FlightStatCards';
import { isRemoved } from '../../../contract/rules';
import { PhotosSection, useFlightPhotos } from './PhotosSection';
import { Toast, type ToastMessage } from '../../components/Toast';

const Header = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 10px;
  margin-bottom: 16px;
  h1 { margin: 0 auto 0 0; }
`;

const shimmer = keyframes`
  0% { opacity: 0.55; }
  50% { opacity: 1; }
  100% { opacity: 0.55; }
`;

const Skeleton = styled.div<{ $height: number }>`
  height: ${(p) => p.$height}px;
  border-radius: 10px;
  background: ${(p) => p.theme.surfaceAlt};
  animation: ${shimmer} 1.4s ease-in-out infinite;
`;

/** The sections other areas draw here (airspace, pilots nearby) bring no margin of their own: the page spaces them. */
const Page = styled.div`
  > section { margin-bottom: 16px; }
`;

const Section = styled(Card)`
  margin-bottom: 16px;
  h2 { font-size: 17px; margin: 0 0 10px; }
`;

/** docs/product.md §2 Flight page: previous / next / back, eight stat cards, the flight path map and the height profile. */
export default function FlightPage() {
  const { t, i18n } = useLingui();
  const { id: idParam } = useParams();
  const id = Number(idParam);
  const validId = Number.isInteger(id) && id > 0;
  const navigate = useNavigate();
  const to = useLocalePath();

  const detailed = useDetailedQuery(id, { skip: !validId });
  // Neighbours are asked for again after each change of id.
  const prev = useAdjacentQuery({ id, direction: 'prev' }, { skip: !validId, refetchOnMountOrArgChange: true });
  const next = useAdjacentQuery({ id, direction: 'next' }, { skip: !validId, refetchOnMountOrArgChange: true });
  const [navigating, setNavigating] = useState<'prev' | 'next' | null>(null);

  const flight = detailed.currentData;
  const loading = detailed.isFetching && !flight;
  useEffect(() => {
    if (flight && flight.id === id) setNavigating(null);
  }, [flight, id]);

  const { track, points, highlightedPoint, onHover } = useHighlightedTrack(flight?.source === 'manual' ? null : flight);
  const links = usePhaseLinks(flight, points, onHover);
  const correction = useFlightCorrection(flight);
  const photos = useFlightPhotos(flight);
  const airspace = useFlightAirspace(flight, points);
  const [toast, setToast] = useState<ToastMessage | null>(null);
  const mapSection = useRef<HTMLElement>(null);

  // A flight opens at its top (the header, the cards), not wherever the last page was scrolled to.
  useEffect(() => {
    window.scrollTo?.({ top: 0 });
  }, [id]);

  // Every thermal is on the map; the map groups those that would overlap (docs/analysis.md). The one
  // highlighted in the table or on the profile is drawn apart, so a clicked row shows its marker.
  const thermals = links.phases?.thermals;
  const highlightedTime = links.highlightedTime;
  const activeThermal = useMemo(
    () => (highlightedTime === null || !thermals ? -1 : thermals.findIndex((th) => highlightedTime >= Date.parse(th.startTime) && highlightedTime < Date.parse(th.endTime))),
    [thermals, highlightedTime],
  );
  const thermalMarkers = useMemo(() => links.thermalMarkers?.map((marker, i) => (i === activeThermal ? { ...marker, active: true } : marker)), [links.thermalMarkers, activeThermal]);
  const showOnMap = () => mapSection.current?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });

  const go = (direction: 'prev' | 'next') => {
    const target = direction === 'prev' ? prev.currentData : next.currentData;
    if (!target) return;
    setNavigating(direction);
    window.scrollTo?.({ top: 0 });
    navigate(to(paths.flight.getHref(target)), { replace: true });
  };
  const busy = navigating !== null || loading || prev.isFetching || next.isFetching;

  const mapError = track.failed ? t`Flight processing failed` : track.error ? errorMessage(track.error, t`Failed to load the flight path`) : null;

  return (
    <Page>
      <Header>
        <h1>
          <Trans>Flight Details</Trans>
        </h1>
        <FlightToolbar
          share={
            flight &&
            !isRemoved(flight) && (
              <>
                <ShareButton flightId={flight.id} visibility={flight.visibility} />
                <VisibilityControl flight={flight} />
                <CategoryControl flightId={flight.id} />
              </>
            )
          }
          tools={
            flight && (
              <>
                {!isRemoved(flight) && flight.source !== 'manual' && (
                  <Button as={Link} to={to(paths.compare.getHref([flight.id]))} $variant="secondary">
                    <Trans>Compare</Trans>
                  </Button>
                )}
                <TrackDownloads flight={flight} />
                {!isRemoved(flight) && (
                  <Button as={Link} to={to(paths.newIncident.getHref(flight.id))} $variant="secondary">
                    <Trans>Report an incident</Trans>
                  </Button>
                )}
              </>
            )
          }
          navigation={
            <>
              <Button type="button" $variant="secondary" disabled={busy || !prev.currentData} onClick={() => go('prev')}>
                {navigating === 'prev' && <Spinner style={{ width: 14, height: 14, borderWidth: 2 }} />}
                <Trans>Previous</Trans>
              </Button>
              <Button type="button" $variant="secondary" disabled={busy || !next.currentData} onClick={() => go('next')}>
                {navigating === 'next' && <Spinner style={{ width: 14, height: 14, borderWidth: 2 }} />}
                <Trans>Next</Trans>
              </Button>
              <Button type="button" $variant="secondary" onClick={() => navigate(-1)}>
                <Trans>Back</Trans>
              </Button>
            </>
          }
        />
      </Header>

      {!flight && (detailed.isError || !validId) ? (
        <Alert $tone="error" role="alert">
          {errorMessage(detailed.error, t`Error loading flight data`)}
        </Alert>
      ) : !flight ? (
        <div data-testid="flight-skeleton">
          <Cards>
            {Array.from({ length: 8 }, (_, i) => (
              <Skeleton key={i} $height={78} data-testid="stat-skeleton" />
            ))}
          </Cards>
          <Skeleton $height={420} style={{ marginBottom: 16 }} data-testid="block-skeleton" />
          <Skeleton $height={256} data-testid="block-skeleton" />
        </div>
      ) : (
        <>
          <p style={{ marginTop: -6 }} data-testid="flight-when-where">
            {[localDateTime(flight.startTime, i18n.locale, flight.timeZone), flight.siteName ?? flight.takeoffLocation].filter(Boolean).join(' · ')}
          </p>
          <FlightScore flight={flight} />
          <Toast toast={toast} onClose={() => setToast(null)} />
          <FlightStatCards flight={flight} />
          <LogbookSection flight={flight} points={points} />
          <PassengerSection flightId={flight.id} />
          {flight.source === 'manual' ? (
            <>
              <Section>
                <NoTrack />
              </Section>
              <PhotosSection flight={flight} photos={photos} />
            </>
          ) : (
            <>
              <Section ref={mapSection}>
                <h2>
                  <Trans>Flight Path</Trans>
                </h2>
                <MapPanel
                  features={track.features}
                  flightCode={flight.flightCode}
                  fitKey={flight.id}
                  highlightedPoint={highlightedPoint}
                  loading={track.loading}
                  error={mapError}
                  height={460}
                  climbToggle
                  thermalMarkers={thermalMarkers}
                  onHoverPoint={onHover}
                  photoMarkers={photos.markers}
                  selectedPhotoId={photos.selectedId}
                  onPhotoClick={photos.open}
                  areas={airspace.areas}
                />
              </Section>
              <Section>
                <h2>
                  <Trans>Height Profile</Trans>
                </h2>
                {track.loading ? (
                  <Spinner />
                ) : (
                  <HeightGraph
                    points={points}
                    timeZone={flight.timeZone}
                    onHover={onHover}
                    bands={links.bands}
                    highlightedIndex={links.highlightedIndex}
                    window={correction.open ? correction.draft : null}
                    onWindowChange={correction.setDraft}
                    limits={airspace.limits}
                  />
                )}
                {flight.status === 'Completed' && (
                  <Button type="button" $variant="secondary" aria-expanded={correction.open} onClick={() => correction.setOpen(!correction.open)} style={{ marginTop: 8 }}>
                    <Trans>Correct takeoff and landing</Trans>
                  </Button>
                )}
                {correction.open && correction.draft && (
                  <CorrectionPanel
                    flight={flight}
                    draft={correction.draft}
                    onDraft={correction.setDraft}
                    onReset={correction.reset}
                    changed={correction.changed}
                    nextFlightId={next.currentData ?? null}
                    onDone={(text) => setToast({ tone: 'success', text })}
                  />
                )}
              </Section>
              <AirspaceSection flightId={flight.id} timeZone={flight.timeZone} airspace={airspace} points={points} onHover={onHover} />
              <PhotosSection flight={flight} photos={photos} />
              <Section>
                <h2>
                  <Trans>Thermals and Glides</Trans>
                </h2>
                <PhasesSection
                  phases={links.phases}
                  loading={links.loading}
                  error={links.error}
                  timeZone={flight.timeZone}
                  highlightedTime={links.highlightedTime}
                  onHighlight={links.onHighlightTime}
                  onSelect={showOnMap}
                />
              </Section>
            </>
          )}
          {!isRemoved(flight) && <FlightNearbyPanel flightId={flight.id} />}
        </>
      )}
    </Page>
  );
}

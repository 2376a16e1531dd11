import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ClimbLegend } from './ClimbLegend';
import styled from 'styled-components';
import type { FlightFeature, TrackPoint } from '../../../contract/uploads';
import { Spinner } from '../ui';
import { createFlightMap, type FlightMapController, type MapArea, type PhotoMarker, type ThermalMarker } from './flight-map';
import { OlStyles } from './OlStyles';
import { BASE_LAYERS, CTRL_HINT_MS, DEFAULT_BASE_LAYER, taskFeatures, type BaseLayerName } from './map-style';
import { useTileUrls } from './tiles';

const LAYER_LABELS = { street: msg`Street`, topo: msg`Topo`, satellite: msg`Satellite` } as const;

const Frame = styled.div`
  display: flex;
  flex-direction: column;
  gap: 8px;
`;

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  justify-content: space-between;
`;

const Segmented = styled.div`
  display: inline-flex;
  border: 1px solid ${(p) => p.theme.border};
  border-radius: 6px;
  overflow: hidden;
`;

const SegmentButton = styled.button<{ $active: boolean }>`
  border: none;
  padding: 5px 12px;
  cursor: pointer;
  font-weight: 600;
  font-size: 13px;
  background: ${(p) => (p.$active ? p.theme.primary : p.theme.surfaceAlt)};
  color: ${(p) => (p.$active ? p.theme.primaryText : p.theme.text)};
  & + & { border-left: 1px solid ${(p) => p.theme.border}; }
`;

const ToggleButton = styled.button`
  border: 1px solid ${(p) => p.theme.border};
  border-radius: 6px;
  padding: 5px 12px;
  cursor: pointer;
  font-weight: 600;
  font-size: 13px;
  background: ${(p) => p.theme.surfaceAlt};
`;

/** A toggle that shows its state: filled while on. */
const StateToggle = styled(ToggleButton)`
  &[aria-pressed='true'] {
    background: ${(p) => p.theme.primary};
    color: ${(p) => p.theme.primaryText};
    border-color: ${(p) => p.theme.primary};
  }
`;

const MapBox = styled.div<{ $height: number }>`
  position: relative;
  height: ${(p) => p.$height}px;
  border-radius: 8px;
  overflow: hidden;
  border: 1px solid ${(p) => p.theme.border};
  background: ${(p) => (p.theme.name === 'dark' ? '#1d2530' : '#e8ecef')};
`;

const Canvas = styled.div`
  position: absolute;
  inset: 0;
`;

const Overlay = styled.div<{ $tone?: 'error' | 'hint' | 'plain' }>`
  position: absolute;
  inset: 0;
  z-index: 5;
  display: flex;
  align-items: center;
  justify-content: center;
  gap: 10px;
  padding: 16px;
  text-align: center;
  font-weight: 600;
  pointer-events: ${(p) => (p.$tone === 'hint' ? 'none' : 'auto')};
  color: ${(p) => (p.$tone === 'error' ? p.theme.danger : p.$tone === 'hint' ? '#fff' : p.theme.muted)};
  background: ${(p) => (p.$tone === 'hint' ? 'rgba(0, 0, 0, 0.45)' : p.theme.name === 'dark' ? 'rgba(24, 32, 42, 0.82)' : 'rgba(255, 255, 255, 0.78)')};
`;

export interface MapPanelProps {
  /** The track (feature with id 'flight') and the task features, as the features endpoint sends them. */
  features?: readonly FlightFeature[];
  flightCode?: string | null;
  /**
   * Changes when another flight is shown: the view then fits its track and placed photos (a finer
   * track of the same flight keeps the view; photos that arrive after the track refit it once).
   */
  fitKey?: string | number | null;
  highlightedPoint?: TrackPoint | null;
  loading?: boolean;
  error?: string | null;
  /** No flight selected: the placeholder is shown. */
  empty?: boolean;
  heading?: ReactNode;
  height?: number;
  /** Offers "Colour by climb" beside Show Task. */
  climbToggle?: boolean;
  /** Numbered markers where the thermals were. */
  thermalMarkers?: readonly ThermalMarker[];
  /** Hovering the track reports the point's index in it (null off the track). */
  onHoverPoint?: (index: number | null) => void;
  /** A camera marker per placed photo; pointer users click it, keyboard users have the photo strip. */
  photoMarkers?: readonly PhotoMarker[];
  /** The photo whose marker is drawn larger (the one open or hovered in the strip). */
  selectedPhotoId?: number | null;
  onPhotoClick?: (id: number) => void;
  /** Outlines under the track (the airspace near it), each in its colour. */
  areas?: readonly MapArea[];
}

/** docs/product.md §2 Map panel: base layers, Ctrl-wheel zoom with its hint, task toggle, track, highlighted point, overlays. */
export function MapPanel({
  features,
  flightCode,
  fitKey = null,
  highlightedPoint = null,
  loading = false,
  error = null,
  empty = false,
  heading,
  height = 420,
  climbToggle = false,
  thermalMarkers,
  onHoverPoint,
  photoMarkers,
  selectedPhotoId = null,
  onPhotoClick,
  areas,
}: MapPanelProps) {
  const { t, i18n } = useLingui();
  const target = useRef<HTMLDivElement>(null);
  const controller = useRef<FlightMapController | null>(null);
  const fitted = useRef<string | number | null | undefined>(undefined);
  /** The flight whose view was fitted with its photos in it. */
  const fittedPhotos = useRef<string | number | null | undefined>(undefined);
  const hasPhotos = !!photoMarkers?.length;
  const [baseLayer, setBaseLayer] = useState<BaseLayerName>(DEFAULT_BASE_LAYER);
  const [taskVisible, setTaskVisible] = useState(true);
  const [climbColoured, setClimbColoured] = useState(false);
  const [hint, setHint] = useState(false);
  const hintTimer = useRef<ReturnType<typeof setTimeout>>();
  const tiles = useTileUrls();
  const hasTask = taskFeatures(features).length > 0;

  // The map is built once per panel and lives outside React state and Redux.
  useEffect(() => {
    if (!target.current) return;
    const map = createFlightMap(target.current, () => {
      setHint(true);
      clearTimeout(hintTimer.current);
      hintTimer.current = setTimeout(() => setHint(false), CTRL_HINT_MS);
    });
    controller.current = map;
    fitted.current = undefined;
    return () => {
      clearTimeout(hintTimer.current);
      map.dispose();
      controller.current = null;
    };
  }, []);

  useEffect(() => {
    if (tiles) controller.current?.setTiles(tiles);
  }, [tiles]);

  useEffect(() => controller.current?.setBaseLayer(baseLayer), [baseLayer]);
  useEffect(() => controller.current?.setTaskVisible(taskVisible), [taskVisible]);

  // Before the features: a fit then takes in the photos already known.
  useEffect(() => controller.current?.setPhotoMarkers(photoMarkers ?? [], selectedPhotoId), [photoMarkers, selectedPhotoId]);

  useEffect(() => {
    const map = controller.current;
    if (!map) return;
    const drawable = !!features?.length;
    const fit = drawable && fitted.current !== fitKey;
    map.setFeatures(features, flightCode, fit);
    if (fit) {
      fitted.current = fitKey;
      fittedPhotos.current = hasPhotos ? fitKey : undefined;
    }
    if (!drawable) fitted.current = undefined;
    // hasPhotos is read, not followed: photos arriving later are the next effect's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [features, flightCode, fitKey]);

  // Photos that arrive after the flight was fitted without them: fit once more, taking them in.
  useEffect(() => {
    if (!hasPhotos || fitted.current === undefined || fitted.current !== fitKey || fittedPhotos.current === fitKey) return;
    controller.current?.fitFlight();
    fittedPhotos.current = fitKey;
  }, [hasPhotos, fitKey]);

  useEffect(() => controller.current?.setHighlight(highlightedPoint), [highlightedPoint]);
  useEffect(() => controller.current?.setClimbColouring(climbColoured), [climbColoured, features]);
  useEffect(() => controller.current?.setThermalMarkers(thermalMarkers ?? []), [thermalMarkers]);
  useEffect(() => controller.current?.setAreas(areas ?? []), [areas]);
  useEffect(() => controller.current?.onHoverPoint(onHoverPoint ?? null), [onHoverPoint]);
  useEffect(() => controller.current?.onPhotoClick(onPhotoClick ?? null), [onPhotoClick]);

  return (
    <Frame>
      <OlStyles />
      <Toolbar>
        <div>{heading}</div>
        <Row>
          {hasTask && (
            <ToggleButton type="button" aria-pressed={taskVisible} onClick={() => setTaskVisible((v) => !v)}>
              {taskVisible ? <Trans>Hide Task</Trans> : <Trans>Show Task</Trans>}
            </ToggleButton>
          )}
          {climbToggle && (
            <StateToggle type="button" aria-pressed={climbColoured} onClick={() => setClimbColoured((v) => !v)} data-testid="climb-toggle">
              <Trans>Colour by climb</Trans>
            </StateToggle>
          )}
          <Segmented role="group" aria-label={t`Map layer`}>
            {BASE_LAYERS.map(({ name }) => (
              <SegmentButton key={name} type="button" $active={baseLayer === name} aria-pressed={baseLayer === name} onClick={() => setBaseLayer(name)}>
                {i18n._(LAYER_LABELS[name])}
              </SegmentButton>
            ))}
          </Segmented>
        </Row>
      </Toolbar>
      <MapBox $height={height} data-testid="map-panel" data-highlight={highlightedPoint ? `${highlightedPoint.latitude},${highlightedPoint.longitude}` : undefined}>
        <Canvas ref={target} data-testid="map-canvas" />
        {empty ? (
          <Overlay $tone="plain">
            <Trans>Select a flight to view its path</Trans>
          </Overlay>
        ) : error ? (
          <Overlay $tone="error" role="alert">
            {error}
          </Overlay>
        ) : loading ? (
          <Overlay $tone="plain" data-testid="map-loading">
            <Spinner />
            <Trans>Loading flight path…</Trans>
          </Overlay>
        ) : null}
        {hint && (
          <Overlay $tone="hint" data-testid="map-ctrl-hint">
            <Trans>Hold Ctrl (Strg) to zoom the map</Trans>
          </Overlay>
        )}
      </MapBox>
      {climbColoured && <ClimbLegend />}
      {thermalMarkers && thermalMarkers.length > 0 && (
        <Caption data-testid="map-thermal-legend">
          <Trans>Orange discs are the thermals, numbered as in the table. A white disc holds several thermals close together: click it to zoom in.</Trans>
        </Caption>
      )}
      {photoMarkers && photoMarkers.length > 0 && (
        <Caption data-testid="map-photo-count">
          <Plural value={photoMarkers.length} one="# photo on the track: click its camera to open it." other="# photos on the track: click a camera to open one." />
        </Caption>
      )}
    </Frame>
  );
}

const Caption = styled.p`
  margin: 0;
  font-size: 13px;
  color: ${(p) => p.theme.muted};
`;

const Row = styled.div`
  display: flex;
  gap: 8px;
  align-items: center;
  flex-wrap: wrap;
`;

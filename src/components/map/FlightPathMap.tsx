import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import type { TrackPoint } from '../../../contract/uploads';
import { useConfigQuery } from '../../api/auth';
import { PATH_MAP_HEIGHT, pathLonLats } from './map-style';
import { OlStyles } from './OlStyles';
import { createPathMap, type PathMapController } from './path-map';

const Frame = styled.div`
  position: relative;
  height: ${PATH_MAP_HEIGHT}px;
  border: 1px solid ${(p) => p.theme.border};
  border-radius: 8px;
  overflow: hidden;
  background: ${(p) => p.theme.surfaceAlt};
`;

/** The history dialog's map: Street tiles and the flight path as a red line fitted to its bounds. */
export function FlightPathMap({ points, label }: { points: TrackPoint[] | undefined; label: string }) {
  const target = useRef<HTMLDivElement>(null);
  const controller = useRef<PathMapController | null>(null);
  const streetUrl = useConfigQuery().data?.tiles.street;

  useEffect(() => {
    if (!target.current) return;
    const map = createPathMap(target.current);
    controller.current = map;
    return () => {
      map.dispose();
      controller.current = null;
    };
  }, []);

  useEffect(() => {
    if (streetUrl) controller.current?.setTileUrl(streetUrl);
  }, [streetUrl]);

  useEffect(() => controller.current?.setPath(points), [points]);

  return (
    <>
      <OlStyles />
      <Frame ref={target} role="img" aria-label={label} data-testid="flight-path-map" data-points={pathLonLats(points).length} />
    </>
  );
}

import { useEffect } from 'react';
import type { TrackPoint } from '../../../contract/uploads';
import { PATH_MAP_HEIGHT, pathLonLats } from './map-style';
import { OlStyles } from './OlStyles';
import { createPathMap } from './path-map';
import { MapFrame, useStreetMap } from './street-map';

/** The history dialog's map: Street tiles and the flight path as a red line fitted to its bounds. */
export function FlightPathMap({ points, label }: { points: TrackPoint[] | undefined; label: string }) {
  const { target, controller } = useStreetMap(createPathMap);

  useEffect(() => controller.current?.setPath(points), [controller, points]);

  return (
    <>
      <OlStyles />
      <MapFrame ref={target} $height={PATH_MAP_HEIGHT} role="img" aria-label={label} data-testid="flight-path-map" data-points={pathLonLats(points).length} />
    </>
  );
}

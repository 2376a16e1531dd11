import { useEffect, useRef } from 'react';
import type { NamedPoint } from './map-style';
import { OlStyles } from './OlStyles';
import { createPointsMap } from './points-map';
import { MapFrame, useStreetMap } from './street-map';

export interface PointsMapProps {
  points: readonly NamedPoint[];
  pickedId?: number | null;
  /** What the map shows, for screen readers (the same points are listed beside it). */
  label: string;
  /** A click on the map gives its place (placing a new site). */
  onPick?: (latitude: number, longitude: number) => void;
  height?: number;
}

/** Named points on Street tiles (the Sites page; placing a new site). The view fits the points when their set changes. */
export function PointsMap({ points, pickedId = null, label, onPick, height = 360 }: PointsMapProps) {
  const { target, controller } = useStreetMap(createPointsMap);
  const fitted = useRef<string | null>(null);

  useEffect(() => {
    const key = points.map((p) => p.id).join(',');
    controller.current?.setPoints(points, pickedId, fitted.current !== key);
    fitted.current = key;
  }, [controller, points, pickedId]);

  useEffect(() => controller.current?.onClick(onPick ?? null), [controller, onPick]);

  return (
    <>
      <OlStyles />
      <MapFrame ref={target} $height={height} role="group" aria-label={label} data-testid="points-map" data-points={points.length} />
    </>
  );
}

import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { useConfigQuery } from '../../api/auth';
import type { NamedPoint } from './map-style';
import { OlStyles } from './OlStyles';
import { createPointsMap, type PointsMapController } from './points-map';

const Frame = styled.div<{ $height: number }>`
  position: relative;
  height: ${(p) => p.$height}px;
  border: 1px solid ${(p) => p.theme.border};
  border-radius: 8px;
  overflow: hidden;
  background: ${(p) => p.theme.surfaceAlt};
`;

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
  const target = useRef<HTMLDivElement>(null);
  const controller = useRef<PointsMapController | null>(null);
  const fitted = useRef<string | null>(null);
  const streetUrl = useConfigQuery().data?.tiles.street;

  useEffect(() => {
    if (!target.current) return;
    const map = createPointsMap(target.current);
    controller.current = map;
    fitted.current = null;
    return () => {
      map.dispose();
      controller.current = null;
    };
  }, []);

  useEffect(() => {
    if (streetUrl) controller.current?.setTileUrl(streetUrl);
  }, [streetUrl]);

  useEffect(() => {
    const key = points.map((p) => p.id).join(',');
    controller.current?.setPoints(points, pickedId, fitted.current !== key);
    fitted.current = key;
  }, [points, pickedId]);

  useEffect(() => controller.current?.onClick(onPick ?? null), [onPick]);

  return (
    <>
      <OlStyles />
      <Frame ref={target} $height={height} role="group" aria-label={label} data-testid="points-map" data-points={points.length} />
    </>
  );
}

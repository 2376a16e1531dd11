import { useEffect } from 'react';
import type { ThermalCell } from '../../../contract/thermals';
import { OlStyles } from '../../components/map/OlStyles';
import { MapFrame, useStreetMap } from '../../components/map/street-map';
import { createThermalMap, type Box } from './thermal-layer';

interface Props {
  cells: readonly ThermalCell[];
  cellSize: number;
  onMove: (box: Box) => void;
  label: string;
  height?: number;
}

/** The thermal cells on Street tiles; the box in view goes to `onMove` after each pan or zoom. */
export function ThermalMap({ cells, cellSize, onMove, label, height = 460 }: Props) {
  const { target, controller } = useStreetMap(createThermalMap);
  useEffect(() => controller.current?.setCells(cells, cellSize), [controller, cells, cellSize]);
  useEffect(() => {
    const map = controller.current;
    map?.onMove(onMove);
    return () => map?.onMove(null);
  }, [controller, onMove]);
  return (
    <>
      <OlStyles />
      <MapFrame ref={target} $height={height} role="group" aria-label={label} data-testid="thermal-map" data-cells={cells.length} />
    </>
  );
}

import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { useTileUrls } from './tiles';

/** The frame of a small map (Sites page, new site, history dialog). */
export const MapFrame = styled.div<{ $height: number }>`
  position: relative;
  height: ${(p) => p.$height}px;
  border: 1px solid ${(p) => p.theme.border};
  border-radius: 8px;
  overflow: hidden;
  background: ${(p) => p.theme.surfaceAlt};
`;

interface StreetMapController {
  setTileUrl(url: string): void;
  dispose(): void;
}

/**
 * An OpenLayers map on Street tiles, made once in `target` when the component mounts and disposed
 * when it unmounts. `controller.current` is null before the first effect and after unmounting.
 */
export function useStreetMap<C extends StreetMapController>(create: (target: HTMLDivElement) => C) {
  const target = useRef<HTMLDivElement>(null);
  const controller = useRef<C | null>(null);
  const streetUrl = useTileUrls()?.street;

  useEffect(() => {
    if (!target.current) return;
    const map = create(target.current);
    controller.current = map;
    return () => {
      map.dispose();
      controller.current = null;
    };
    // The map is made once per mount; `create` is a module function.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (streetUrl) controller.current?.setTileUrl(streetUrl);
  }, [streetUrl]);

  return { target, controller };
}

import { forwardRef, memo, useEffect, useImperativeHandle } from 'react';
import { OlStyles } from '../../components/map/OlStyles';
import { MapFrame, useStreetMap } from '../../components/map/street-map';
import { createCompareMap } from './compare-map';
import type { ReplayTrack } from './replay';

export interface CompareMapHandle {
  setTime(time: number): void;
}

type Props = { tracks: readonly ReplayTrack[]; label: string; height?: number };

const CompareMapInner = forwardRef<CompareMapHandle, Props>(function CompareMap({ tracks, label, height = 420 }, ref) {
  const { target, controller } = useStreetMap(createCompareMap);
  useEffect(() => controller.current?.setTracks(tracks), [controller, tracks]);
  useImperativeHandle(ref, () => ({ setTime: (time) => controller.current?.setTime(time) }), [controller]);
  return (
    <>
      <OlStyles />
      <MapFrame ref={target} $height={height} role="group" aria-label={label} data-testid="compare-map" data-tracks={tracks.length} />
    </>
  );
});

/**
 * The compared tracks on Street tiles with each pilot's marker and tail; the replay moves them through
 * the handle. Memoised: the replay's readouts re-render their parent a few times a second, never this.
 */
export const CompareMap = memo(CompareMapInner);

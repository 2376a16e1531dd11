import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { DEFAULT_SPEED } from './replay';

/** How often the readouts (slider, clock, standings) follow while playing; the map and profile move every frame. */
const READOUT_MS = 200;

/**
 * The replay clock: a second on the shared timeline that advances with requestAnimationFrame at
 * `speed` times real time while playing. Every frame calls `onFrame` (the map and the profile cursor
 * move there without React); the returned `time` follows a few times a second for the readouts.
 */
export function useReplay(timeline: { start: number; end: number }, onFrame: (time: number) => void) {
  const { start, end } = timeline;
  const timeRef = useRef(start);
  const frame = useRef(onFrame);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<number>(DEFAULT_SPEED);
  const [time, setTime] = useState(start);

  useEffect(() => {
    frame.current = onFrame;
  }, [onFrame]);

  const seek = useCallback(
    (to: number) => {
      const t = Math.min(end, Math.max(start, to));
      timeRef.current = t;
      frame.current(t);
      setTime(t);
    },
    [start, end],
  );

  // A new set of flights starts at its beginning.
  useEffect(() => {
    setPlaying(false);
    seek(start);
  }, [start, end, seek]);

  useEffect(() => {
    if (!playing) return;
    let last = performance.now();
    let shown = last;
    let id = 0;
    const tick = (now: number) => {
      const t = Math.min(end, timeRef.current + ((now - last) / 1000) * speed);
      last = now;
      timeRef.current = t;
      frame.current(t);
      if (t >= end) {
        setTime(t);
        setPlaying(false);
        return;
      }
      if (now - shown >= READOUT_MS) {
        shown = now;
        // A transition: React renders the readouts in slices between frames instead of in one long
        // task that holds back the next frame (docs/compare.md, Smoothness).
        startTransition(() => setTime(t));
      }
      id = requestAnimationFrame(tick);
    };
    id = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(id);
  }, [playing, speed, end]);

  const toggle = useCallback(() => {
    setPlaying((p) => {
      if (!p && timeRef.current >= end) seek(start);
      return !p;
    });
  }, [end, start, seek]);

  const step = useCallback((seconds: number) => seek(timeRef.current + seconds), [seek]);

  return { playing, toggle, speed, setSpeed, time, seek, step, start, end };
}
export type Replay = ReturnType<typeof useReplay>;

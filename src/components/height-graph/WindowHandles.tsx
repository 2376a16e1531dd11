import { useLingui } from '@lingui/react/macro';
import { localPoint } from '@visx/event';
import type { scaleLinear } from '@visx/scale';
import { useCallback, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { clockTime } from './height-data';

export const HANDLE_COLOUR = '#7a3ff2';
/** Arrow keys move a handle this far (ms); with Shift a minute. */
const HANDLE_STEP_MS = 10_000;
/** The window never gets shorter than this (ms). */
const MIN_WINDOW_MS = 1000;

export type FlightWindow = { from: number; to: number };
type TimeScale = ReturnType<typeof scaleLinear<number>>;

export interface WindowHandlesProps {
  window: FlightWindow;
  onWindowChange: (window: FlightWindow) => void;
  /** The chart's time scale and drawing height, and the track's first and last time (ms). */
  xScale: TimeScale;
  innerHeight: number;
  innerWidth: number;
  /** The chart's left margin: pointer positions are measured from the svg's edge. */
  left: number;
  first: number;
  last: number;
  timeZone?: string | null;
}

/**
 * The takeoff and landing correction handles over the height profile: two sliders the pilot drags, or
 * moves with the arrow keys once focused (Shift: a minute at a time). The chart itself draws only.
 */
export function WindowHandles({ window: flightWindow, onWindowChange, xScale, innerHeight, innerWidth, left, first, last, timeZone }: WindowHandlesProps) {
  const { t } = useLingui();
  const [dragging, setDragging] = useState<'from' | 'to' | null>(null);
  const onDrag = useCallback(
    (event: PointerEvent<SVGRectElement>) => {
      if (!dragging) return;
      const at = localPoint(event);
      if (!at) return;
      const x = Math.round(xScale.invert(at.x - left));
      const next = dragging === 'from' ? { from: Math.min(x, flightWindow.to - MIN_WINDOW_MS), to: flightWindow.to } : { from: flightWindow.from, to: Math.max(x, flightWindow.from + MIN_WINDOW_MS) };
      onWindowChange(next);
    },
    [dragging, flightWindow, onWindowChange, xScale, left],
  );
  const moveHandle = (which: 'from' | 'to', event: KeyboardEvent<SVGGElement>) => {
    const step = (event.shiftKey ? 6 : 1) * HANDLE_STEP_MS * (event.key === 'ArrowRight' || event.key === 'ArrowUp' ? 1 : event.key === 'ArrowLeft' || event.key === 'ArrowDown' ? -1 : 0);
    if (!step) return;
    event.preventDefault();
    const next = { ...flightWindow, [which]: flightWindow[which] + step };
    if (next.from < next.to && next.from >= first && next.to <= last) onWindowChange(next);
  };

  return (
    <>
      {(['from', 'to'] as const).map((which) => {
        const x = xScale(flightWindow[which]);
        const label = which === 'from' ? t`Takeoff handle` : t`Landing handle`;
        return (
          <g
            key={which}
            role="slider"
            tabIndex={0}
            aria-label={label}
            aria-valuemin={first}
            aria-valuemax={last}
            aria-valuenow={flightWindow[which]}
            aria-valuetext={clockTime(flightWindow[which], timeZone)}
            onKeyDown={(e) => moveHandle(which, e)}
            onPointerDown={(e) => {
              (e.target as Element).setPointerCapture?.(e.pointerId);
              setDragging(which);
            }}
            style={{ cursor: 'ew-resize' }}
            data-testid={`window-${which}`}
          >
            <line x1={x} x2={x} y1={0} y2={innerHeight} stroke={HANDLE_COLOUR} strokeWidth={2} />
            <rect x={x - 7} y={innerHeight / 2 - 14} width={14} height={28} rx={4} fill={HANDLE_COLOUR} />
          </g>
        );
      })}
      {dragging && (
        <rect width={innerWidth} height={innerHeight} fill="transparent" style={{ cursor: 'ew-resize' }} onPointerMove={onDrag} onPointerUp={() => setDragging(null)} onPointerLeave={() => setDragging(null)} />
      )}
    </>
  );
}

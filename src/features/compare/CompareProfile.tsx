import { useLingui } from '@lingui/react/macro';
import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleLinear } from '@visx/scale';
import { LinePath } from '@visx/shape';
import { forwardRef, memo, useImperativeHandle, useMemo, useRef, type MouseEvent } from 'react';
import { useTheme } from 'styled-components';
import { decimal } from '../../format/format';
import { useElementWidth } from '../../components/useElementWidth';
import { flightColour } from './colours';
import { positionAt, valueAt, type ReplayTrack } from './replay';

const HEIGHT = 220;
const MARGIN = { top: 10, right: 12, bottom: 30, left: 56 };
/** At most this many points a line: a profile 1,000 px wide shows no more. */
const MAX_DRAWN = 600;

export interface CompareProfileHandle {
  setTime(time: number): void;
}

interface Props {
  tracks: readonly ReplayTrack[];
  timeline: { start: number; end: number };
  /** The label of a timeline second on the axis (clock time or elapsed). */
  timeLabel: (time: number) => string;
  onSeek: (time: number) => void;
  width?: number;
}

type Pt = [number, number];
const thin = (track: ReplayTrack): Pt[] => {
  const step = Math.max(1, Math.ceil(track.times.length / MAX_DRAWN));
  const out: Pt[] = [];
  for (let i = 0; i < track.times.length; i += step) out.push([track.times[i]!, track.alt[i]!]);
  out.push([track.times[track.times.length - 1]!, track.alt[track.alt.length - 1]!]);
  return out;
};

/** The lines, drawn once per set of tracks and size: the cursor moves without drawing them again. */
const Lines = memo(function Lines({ tracks, x, y }: { tracks: readonly ReplayTrack[]; x: (v: number) => number; y: (v: number) => number }) {
  return (
    <>
      {tracks.map((t) => (
        <LinePath<Pt> key={t.flight.ref} data={thin(t)} x={(p) => x(p[0])} y={(p) => y(p[1])} stroke={flightColour(t.flight.colourIndex)} strokeWidth={1.5} />
      ))}
    </>
  );
});

/**
 * Every compared flight's height on the shared time axis (visx), with a cursor and a dot per pilot; a
 * click seeks. Memoised: the replay's readouts re-render their parent a few times a second, and drawing
 * the axes again each time cost whole frames (docs/compare.md, Smoothness).
 */
export const CompareProfile = memo(forwardRef<CompareProfileHandle, Props>(function CompareProfile({ tracks, timeline, timeLabel, onSeek, width: fixedWidth }, ref) {
  const { t } = useLingui();
  const theme = useTheme();
  const { ref: wrap, width } = useElementWidth({ fixed: fixedWidth, fallback: 600 });
  const innerWidth = Math.max(10, width - MARGIN.left - MARGIN.right);
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const cursor = useRef<SVGLineElement>(null);
  const dots = useRef<(SVGCircleElement | null)[]>([]);

  const { xScale, yScale } = useMemo(() => {
    let lo = Infinity;
    let hi = -Infinity;
    for (const tr of tracks) {
      for (const a of tr.alt) {
        if (a <= 0) continue;
        lo = Math.min(lo, a);
        hi = Math.max(hi, a);
      }
    }
    if (!Number.isFinite(lo)) {
      lo = 0;
      hi = 1000;
    }
    const pad = Math.max(10, (hi - lo) * 0.05);
    return {
      xScale: scaleLinear<number>({ domain: [timeline.start, Math.max(timeline.end, timeline.start + 1)], range: [0, innerWidth] }),
      yScale: scaleLinear<number>({ domain: [Math.max(0, lo - pad), hi + pad], range: [innerHeight, 0] }),
    };
  }, [tracks, timeline.start, timeline.end, innerWidth, innerHeight]);

  useImperativeHandle(
    ref,
    () => ({
      setTime(time) {
        const x = String(xScale(time));
        cursor.current?.setAttribute('x1', x);
        cursor.current?.setAttribute('x2', x);
        tracks.forEach((tr, i) => {
          const dot = dots.current[i];
          if (!dot) return;
          const p = positionAt(tr.times, time);
          dot.setAttribute('cx', String(xScale(valueAt(tr.times, p))));
          dot.setAttribute('cy', String(yScale(valueAt(tr.alt, p))));
        });
      },
    }),
    [tracks, xScale, yScale],
  );

  const onClick = (e: MouseEvent<SVGRectElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    onSeek(xScale.invert(e.clientX - box.left));
  };

  return (
    <div ref={wrap} data-testid="compare-profile">
      <svg width={width} height={HEIGHT} role="img" aria-label={t`Height of each flight over time`}>
        <Group left={MARGIN.left} top={MARGIN.top}>
          <AxisLeft scale={yScale} numTicks={4} tickFormat={(v) => decimal(Number(v), 0)} label={t`Altitude (m)`} labelOffset={38} stroke={theme.muted} tickStroke={theme.muted} tickLabelProps={{ fill: theme.muted, fontSize: 11 }} labelProps={{ fill: theme.muted, fontSize: 11, textAnchor: 'middle' }} />
          <AxisBottom top={innerHeight} scale={xScale} numTicks={Math.max(2, Math.floor(innerWidth / 90))} tickFormat={(v) => timeLabel(Number(v))} stroke={theme.muted} tickStroke={theme.muted} tickLabelProps={{ fill: theme.muted, fontSize: 11 }} />
          <Lines tracks={tracks} x={xScale} y={yScale} />
          <line ref={cursor} x1={0} x2={0} y1={0} y2={innerHeight} stroke={theme.text} strokeWidth={1} />
          {tracks.map((tr, i) => (
            <circle
              key={tr.flight.ref}
              ref={(el) => {
                dots.current[i] = el;
              }}
              r={4}
              cx={0}
              cy={innerHeight}
              fill={flightColour(tr.flight.colourIndex)}
              stroke={theme.surface}
              strokeWidth={1.5}
            />
          ))}
          <rect width={innerWidth} height={innerHeight} fill="transparent" onClick={onClick} style={{ cursor: 'pointer' }} />
        </Group>
      </svg>
    </div>
  );
}));

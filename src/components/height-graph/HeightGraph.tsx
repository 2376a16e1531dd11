import { Trans, useLingui } from '@lingui/react/macro';
import { AxisBottom, AxisLeft } from '@visx/axis';
import { localPoint } from '@visx/event';
import { Group } from '@visx/group';
import { scaleLinear } from '@visx/scale';
import { Line, LinePath } from '@visx/shape';
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState, type MouseEvent, type TouchEvent } from 'react';
import styled, { useTheme } from 'styled-components';
import type { TrackPoint } from '../../../contract/uploads';
import { CHART_HEIGHT, clockTime, elapsed, heightSeries, nearestPoint, type ChartPoint } from './height-data';
import { decimal } from '../../format/format';
import { ALTITUDE_SYMBOL, altitude, toAltitude } from '../../format/units';
import { useUnits } from '../units';
import { useElementWidth } from '../useElementWidth';
import { WindowHandles, type FlightWindow } from './WindowHandles';

export const BARO_COLOUR = '#2e9d3a';
export const GPS_COLOUR = '#2f6fd6';
const MARGIN = { top: 12, right: 16, bottom: 34, left: 62 };

const Wrap = styled.div`
  position: relative;
  width: 100%;
`;

const Legend = styled.div`
  display: flex;
  gap: 16px;
  font-size: 13px;
  color: ${(p) => p.theme.muted};
  margin-bottom: 4px;
  span { display: inline-flex; align-items: center; gap: 6px; }
`;

const Swatch = styled.svg`
  width: 22px;
  height: 8px;
`;

const TooltipBox = styled.div`
  position: absolute;
  top: 8px;
  pointer-events: none;
  z-index: 2;
  padding: 6px 10px;
  border-radius: 6px;
  font-size: 12px;
  line-height: 1.45;
  white-space: nowrap;
  background: ${(p) => p.theme.surface};
  color: ${(p) => p.theme.text};
  border: 1px solid ${(p) => p.theme.border};
  box-shadow: ${(p) => p.theme.shadow};
`;


export interface HeightGraphProps {
  /** The track the map shows; the hovered point is reported by its index in this list. */
  points: readonly TrackPoint[] | undefined;
  /** Flight's time zone for the clock times. */
  timeZone?: string | null;
  onHover?: (index: number | null) => void;
  /** Fixed width (tests); otherwise the graph follows its container. */
  width?: number;
  /** Shaded time spans (ms), e.g. the thermals. */
  bands?: readonly { from: number; to: number }[];
  /** A point highlighted elsewhere (map, table), shown as the hover line. */
  highlightedIndex?: number | null;
  /** Takeoff and landing handles (ms) the pilot drags, or moves with the arrow keys once focused. */
  window?: FlightWindow | null;
  onWindowChange?: (window: FlightWindow) => void;
  /** Floors and ceilings (metres above sea level) over stretches of time (ms): the airspace crossed. */
  limits?: readonly HeightLimit[];
}

export interface HeightLimit {
  from: number;
  to: number;
  floor: number | null;
  ceiling: number | null;
  colour: string;
  label: string;
}

/** Rough width of a character of the 10 px limit labels (exact text metrics would cost a layout per label). */
const LABEL_CHAR_PX = 6;
const LABEL_LINE_PX = 12;

/**
 * Places the labels of ceilings above the chart: each starts at its stretch, moved left to end inside the
 * chart, cut with "…" when longer than the chart, and put one line lower while it would cover a label
 * already placed (several areas above one flight wrote over each other, unreadable).
 */
export function placeAboveLabels(labels: readonly { x: number; text: string }[], chartWidth: number): { x: number; line: number; text: string }[] {
  const maxChars = Math.max(4, Math.floor((chartWidth - 4) / LABEL_CHAR_PX));
  const lines: { start: number; end: number }[][] = [];
  return labels.map(({ x, text }) => {
    const shown = text.length > maxChars ? `${text.slice(0, maxChars - 1)}…` : text;
    const width = shown.length * LABEL_CHAR_PX;
    const start = Math.max(0, Math.min(x + 2, chartWidth - width));
    let line = 0;
    while (lines[line]?.some((placed) => start < placed.end + 8 && placed.start < start + width + 8)) line++;
    (lines[line] ??= []).push({ start, end: start + width });
    return { x: start, line, text: shown };
  });
}

/** A limit this far above the highest or below the lowest point still widens the axis to be seen. */
const LIMIT_REACH_M = 1500;

export const BAND_COLOUR = 'rgba(240, 138, 36, 0.22)';

/**
 * docs/product.md §2 Height graph: baro (solid green) and GPS (dashed blue) altitude over time, with a hover
 * tooltip. Given a window and its change handler, the correction handles (WindowHandles) sit on top.
 */
export function HeightGraph({ points, timeZone, onHover, width: fixedWidth, bands, highlightedIndex = null, window: flightWindow = null, onWindowChange, limits }: HeightGraphProps) {
  const { t } = useLingui();
  const theme = useTheme();
  const units = useUnits();
  const { ref, width } = useElementWidth({ fixed: fixedWidth });
  // A new track is drawn on the map first; the profile follows when the browser has time.
  const deferredPoints = useDeferredValue(points);
  const series = useMemo(() => heightSeries(deferredPoints), [deferredPoints]);
  const [hovered, setHovered] = useState<ChartPoint | null>(null);
  const reported = useRef<number | null>(null);

  const innerWidth = Math.max(0, width - MARGIN.left - MARGIN.right);
  const innerHeight = CHART_HEIGHT - MARGIN.top - MARGIN.bottom;
  const first = series.points[0]?.x ?? 0;
  const last = series.points.at(-1)?.x ?? 1;
  const xScale = useMemo(() => scaleLinear<number>({ domain: [first, last === first ? first + 1 : last], range: [0, innerWidth] }), [first, last, innerWidth]);
  // Metres: the airspace limits near the flight widen the track's range.
  const yDomain = useMemo<[number, number]>(() => {
    const [low, high] = series.yDomain;
    const reach = (limits ?? []).flatMap((l) => [l.floor, l.ceiling]).filter((v): v is number => v !== null && v > 0 && v >= low - LIMIT_REACH_M && v <= high + LIMIT_REACH_M);
    return [Math.min(low, ...reach), Math.max(high, ...reach)];
  }, [series.yDomain, limits]);
  // The axis counts in the pilot's altitude unit (docs/units.md), so its ticks fall on round feet or metres.
  const yScale = useMemo(() => scaleLinear<number>({ domain: yDomain.map((m) => toAltitude(m, units)), range: [innerHeight, 0] }), [yDomain, innerHeight, units]);

  // A new track invalidates the hovered point.
  useEffect(() => {
    setHovered(null);
    reported.current = null;
  }, [series]);

  const onMove = useCallback(
    (event: MouseEvent<SVGRectElement> | TouchEvent<SVGRectElement>) => {
      const at = localPoint(event);
      if (!at) return;
      const point = nearestPoint(series.points, xScale.invert(at.x - MARGIN.left));
      setHovered(point);
      const index = point ? point.index : null;
      // The map hears about a point once, not on every pixel of mouse movement.
      if (index !== reported.current) {
        reported.current = index;
        onHover?.(index);
      }
    },
    [series.points, xScale, onHover],
  );
  const onLeave = useCallback(() => {
    setHovered(null);
    reported.current = null;
    onHover?.(null);
  }, [onHover]);

  if (!series.points.length || (!series.hasBaro && !series.hasGps)) {
    return (
      <p>
        <Trans>No height data available</Trans>
      </p>
    );
  }

  const tickFormat = (value: number | { valueOf(): number }) => (series.timed ? clockTime(Number(value), timeZone, false) : elapsed(Number(value) - first));
  const outside = highlightedIndex === null || hovered ? null : series.points.find((p) => p.index === highlightedIndex) ?? null;
  const shown = hovered ?? outside;
  const hoveredX = shown ? xScale(shown.x) : 0;
  const axisColour = theme.muted;
  const baro = altitude(shown ? shown.baro : 0, units);
  const gps = altitude(shown ? shown.gps : 0, units);
  const altitudeSymbol = ALTITUDE_SYMBOL[units.altitude];
  const pointNumber = shown ? series.points.indexOf(shown) + 1 : 0;
  // The ceilings above the chart, named in their own lines (the dashed marks are drawn with the other limits).
  const above = (limits ?? []).filter((l) => l.ceiling !== null && l.ceiling > yDomain[1]);
  const aboveLabels = placeAboveLabels(
    above.map((l) => ({ x: xScale(Math.max(first, l.from)), text: t`▲ ${l.label}: ceiling ${altitude(l.ceiling!, units)}, above the chart` })),
    innerWidth,
  ).map((placed, n) => ({ ...placed, colour: above[n]!.colour }));

  return (
    <Wrap ref={ref}>
      <Legend>
        {series.hasBaro && (
          <span>
            <Swatch aria-hidden="true"><line x1="0" y1="4" x2="22" y2="4" stroke={BARO_COLOUR} strokeWidth="2.5" /></Swatch>
            <Trans>Baro</Trans>
          </span>
        )}
        {series.hasGps && (
          <span>
            <Swatch aria-hidden="true"><line x1="0" y1="4" x2="22" y2="4" stroke={GPS_COLOUR} strokeWidth="2.5" strokeDasharray="5 3" /></Swatch>
            <Trans>GPS</Trans>
          </span>
        )}
        {!!bands?.length && (
          <span data-testid="circling-legend">
            <Swatch aria-hidden="true"><rect x="0" y="0" width="22" height="8" fill={BAND_COLOUR} /></Swatch>
            <Trans>Circling in a thermal</Trans>
          </span>
        )}
      </Legend>
      {width > 0 && (
        <svg width={width} height={CHART_HEIGHT} role={flightWindow && onWindowChange ? 'group' : 'img'} aria-label={t`Height profile`} data-testid="height-graph">
          <Group left={MARGIN.left} top={MARGIN.top}>
            <AxisLeft
              scale={yScale}
              numTicks={5}
              tickFormat={(value) => decimal(Number(value), 0)}
              label={t`Altitude (${altitudeSymbol})`}
              labelOffset={40}
              stroke={axisColour}
              tickStroke={axisColour}
              labelProps={{ fill: axisColour, fontSize: 12, textAnchor: 'middle' }}
              tickLabelProps={{ fill: axisColour, fontSize: 11 }}
            />
            <AxisBottom top={innerHeight} scale={xScale} numTicks={5} tickFormat={tickFormat} stroke={axisColour} tickStroke={axisColour} tickLabelProps={{ fill: axisColour, fontSize: 11 }} />
            {series.hasGps && (
              <LinePath<ChartPoint> data={series.points} x={(p) => xScale(p.x)} y={(p) => yScale(toAltitude(p.gps, units))} defined={(p) => p.gps > 0} stroke={GPS_COLOUR} strokeWidth={1.5} strokeDasharray="5 3" data-testid="gps-line" />
            )}
            {series.hasBaro && (
              <LinePath<ChartPoint> data={series.points} x={(p) => xScale(p.x)} y={(p) => yScale(toAltitude(p.baro, units))} defined={(p) => p.baro > 0} stroke={BARO_COLOUR} strokeWidth={2} data-testid="baro-line" />
            )}
            {bands?.map((b, i) => (
              <rect key={i} x={xScale(b.from)} width={Math.max(1, xScale(b.to) - xScale(b.from))} y={0} height={innerHeight} fill={BAND_COLOUR} pointerEvents="none" data-testid="thermal-band" />
            ))}
            {aboveLabels.map((label, n) => (
              <text key={n} x={label.x} y={12 + label.line * LABEL_LINE_PX} fontSize={10} fill={label.colour} pointerEvents="none" data-testid="airspace-limit-above-label">
                {label.text}
              </text>
            ))}
            {limits?.flatMap((l, i) =>
              (['floor', 'ceiling'] as const).flatMap((which, k) => {
                const v = l[which];
                if (v === null || v < yDomain[0]) return [];
                const x1 = xScale(Math.max(first, l.from));
                const x2 = xScale(Math.min(last, l.to));
                const height = altitude(v, units);
                // A ceiling far above the flight is not drawn at the chart's top as if it were there: a dashed mark says it is above, at its true height.
                if (v > yDomain[1]) {
                  return which === 'ceiling'
                    ? [
                        <g key={`${i}-${k}`} pointerEvents="none" data-testid="airspace-limit-above">
                          <Line from={{ x: x1, y: 1 }} to={{ x: x2, y: 1 }} stroke={l.colour} strokeWidth={2} strokeDasharray="2 4" />
                        </g>,
                      ]
                    : [];
                }
                return [
                  <Line key={`${i}-${k}`} from={{ x: x1, y: yScale(toAltitude(v, units)) }} to={{ x: x2, y: yScale(toAltitude(v, units)) }} stroke={l.colour} strokeWidth={3} pointerEvents="none" data-testid="airspace-limit">
                    <title>{which === 'ceiling' ? t`${l.label}: ceiling ${height}` : t`${l.label}: floor ${height}`}</title>
                  </Line>,
                ];
              }),
            )}
            {shown && <Line from={{ x: hoveredX, y: 0 }} to={{ x: hoveredX, y: innerHeight }} stroke="#e02020" strokeWidth={1.5} strokeDasharray="4 3" pointerEvents="none" data-testid="hover-line" />}
            <rect
              width={innerWidth}
              height={innerHeight}
              fill="transparent"
              data-testid="height-graph-hover-area"
              onMouseMove={onMove}
              onTouchStart={onMove}
              onTouchMove={onMove}
              onMouseLeave={onLeave}
              onTouchEnd={onLeave}
            />
            {flightWindow && onWindowChange && (
              <WindowHandles window={flightWindow} onWindowChange={onWindowChange} xScale={xScale} innerHeight={innerHeight} innerWidth={innerWidth} left={MARGIN.left} first={first} last={last} timeZone={timeZone} />
            )}
          </Group>
        </svg>
      )}
      {shown && (
        <TooltipBox role="tooltip" style={hoveredX + MARGIN.left > width / 2 ? { right: width - hoveredX - MARGIN.left + 12 } : { left: hoveredX + MARGIN.left + 12 }}>
          <div>
            <Trans>Baro: {baro}</Trans>
          </div>
          <div>
            <Trans>GPS: {gps}</Trans>
          </div>
          <div>{series.timed ? clockTime(shown.x, timeZone) : t`Point ${pointNumber}`}</div>
        </TooltipBox>
      )}
    </Wrap>
  );
}

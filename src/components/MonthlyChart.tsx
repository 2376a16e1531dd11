import { useLingui } from '@lingui/react/macro';
import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { useTooltip } from '@visx/tooltip';
import { useMemo } from 'react';
import styled, { useTheme } from 'styled-components';
import type { MonthlyHoursItem } from '../../contract/statistics';
import { duration } from '../format/format';
import { useElementWidth } from './useElementWidth';

/** docs/product.md §2 Statistics: six colours, cycled per year. */
export const YEAR_PALETTE = ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b'] as const;
export const MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;

export interface ChartBar {
  year: number;
  month: number;
  /** Seconds, as the API sends them. */
  seconds: number;
  colour: string;
}

/** The years drawn (ascending) and their colours: the palette cycled from the oldest year. */
export function yearColours(items: MonthlyHoursItem[]): { year: number; colour: string }[] {
  const years = [...new Set(items.map((i) => i.year))].sort((a, b) => a - b);
  return years.map((year, index) => ({ year, colour: YEAR_PALETTE[index % YEAR_PALETTE.length]! }));
}

/** Twelve months, each with one bar per year (zero where that year has no flights that month). */
export function chartMonths(items: MonthlyHoursItem[]): { month: number; bars: ChartBar[] }[] {
  const colours = yearColours(items);
  const seconds = new Map(items.map((i) => [`${i.year}-${i.month}`, i.totalHours]));
  return MONTHS.map((month) => ({
    month,
    bars: colours.map(({ year, colour }) => ({ year, month, colour, seconds: seconds.get(`${year}-${month}`) ?? 0 })),
  }));
}

/** Short month names for the active language. */
export function monthNames(locale: string, width: 'narrow' | 'short' | 'long' = 'short'): string[] {
  const format = new Intl.DateTimeFormat(locale, { month: width, timeZone: 'UTC' });
  return MONTHS.map((m) => format.format(new Date(Date.UTC(2001, m - 1, 15))));
}

const Wrapper = styled.div`
  position: relative;
  width: 100%;
  min-width: 0;
  svg {
    display: block;
    /* A percentage max-width lets the container shrink below the last drawn width (phones, resizes). */
    max-width: 100%;
  }
`;

const Legend = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 6px 16px;
  list-style: none;
  margin: 8px 0 0;
  padding: 0;
  font-size: 13px;
  color: ${(p) => p.theme.muted};
  li {
    display: inline-flex;
    align-items: center;
    gap: 6px;
  }
  i {
    display: inline-block;
    width: 12px;
    height: 12px;
    border-radius: 2px;
  }
`;

const Tip = styled.div`
  position: absolute;
  pointer-events: none;
  z-index: 5;
  padding: 6px 10px;
  border-radius: 6px;
  font-size: 13px;
  white-space: nowrap;
  background: ${(p) => p.theme.text};
  color: ${(p) => p.theme.surface};
  box-shadow: 0 2px 8px rgba(0, 0, 0, 0.25);
  transform: translate(-50%, calc(-100% - 8px));
`;


const HEIGHT = 320;
const MARGIN = { top: 16, right: 16, bottom: 36, left: 64 };

/**
 * docs/product.md §2 Monthly Flight Hours: a grouped bar chart, twelve months, one bar per year in the
 * six-colour palette, the left axis labelled Flight Hours, a tooltip per bar.
 */
export function MonthlyChart({ items }: { items: MonthlyHoursItem[] }) {
  const { t, i18n } = useLingui();
  const theme = useTheme();
  const { ref, width } = useElementWidth({ fallback: 720 });
  const { tooltipOpen, tooltipLeft, tooltipTop, tooltipData, showTooltip, hideTooltip } = useTooltip<ChartBar>();

  const months = useMemo(() => chartMonths(items), [items]);
  const colours = useMemo(() => yearColours(items), [items]);
  const short = useMemo(() => monthNames(i18n.locale), [i18n.locale]);
  const narrow = useMemo(() => monthNames(i18n.locale, 'narrow'), [i18n.locale]);
  const long = useMemo(() => monthNames(i18n.locale, 'long'), [i18n.locale]);

  const innerWidth = Math.max(width - MARGIN.left - MARGIN.right, 120);
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const maxHours = Math.max(...items.map((i) => i.totalHours / 3600), 0);

  const x = scaleBand<number>({ domain: [...MONTHS], range: [0, innerWidth], padding: 0.2 });
  const inner = scaleBand<number>({ domain: colours.map((c) => c.year), range: [0, x.bandwidth()], padding: 0.08 });
  const y = scaleLinear<number>({ domain: [0, maxHours > 0 ? maxHours * 1.1 : 1], range: [innerHeight, 0], nice: true });

  const label = (bar: ChartBar) => `${long[bar.month - 1]} ${bar.year}: ${duration(bar.seconds)}`;

  return (
    <Wrapper ref={ref}>
      <svg width={width} height={HEIGHT} role="group" aria-label={t`Monthly flight hours chart`}>
        <Group left={MARGIN.left} top={MARGIN.top}>
          {y.ticks(5).map((tick) => (
            <line key={tick} x1={0} x2={innerWidth} y1={y(tick)} y2={y(tick)} stroke={theme.border} strokeDasharray="2,3" />
          ))}
          {months.map(({ month, bars }) => (
            <Group key={month} left={x(month)}>
              {bars
                .filter((bar) => bar.seconds > 0)
                .map((bar) => {
                  const barHeight = innerHeight - y(bar.seconds / 3600);
                  const barX = inner(bar.year) ?? 0;
                  return (
                    <rect
                      key={bar.year}
                      data-testid={`bar-${bar.year}-${bar.month}`}
                      role="img"
                      aria-label={label(bar)}
                      tabIndex={0}
                      x={barX}
                      y={innerHeight - barHeight}
                      width={inner.bandwidth()}
                      height={Math.max(barHeight, 1)}
                      rx={2}
                      fill={bar.colour}
                      onMouseMove={() => showTooltip({ tooltipData: bar, tooltipLeft: MARGIN.left + (x(month) ?? 0) + barX + inner.bandwidth() / 2, tooltipTop: MARGIN.top + innerHeight - barHeight })}
                      onFocus={() => showTooltip({ tooltipData: bar, tooltipLeft: MARGIN.left + (x(month) ?? 0) + barX + inner.bandwidth() / 2, tooltipTop: MARGIN.top + innerHeight - barHeight })}
                      onMouseLeave={hideTooltip}
                      onBlur={hideTooltip}
                    />
                  );
                })}
            </Group>
          ))}
          <AxisLeft
            scale={y}
            numTicks={5}
            tickFormat={(v) => String(Number(v))}
            stroke={theme.muted}
            tickStroke={theme.muted}
            tickLabelProps={{ fill: theme.muted, fontSize: 12, textAnchor: 'end', dx: -4, dy: 4 }}
            label={t`Flight Hours`}
            labelOffset={36}
            labelProps={{ fill: theme.text, fontSize: 13, textAnchor: 'middle' }}
          />
          <AxisBottom
            top={innerHeight}
            scale={x}
            numTicks={12}
            tickFormat={(m) => (innerWidth < 480 ? narrow : short)[Number(m) - 1] ?? ''}
            stroke={theme.muted}
            tickStroke={theme.muted}
            tickLabelProps={{ fill: theme.muted, fontSize: 12, textAnchor: 'middle' }}
          />
        </Group>
      </svg>
      {tooltipOpen && tooltipData && (
        <Tip role="tooltip" style={{ left: tooltipLeft, top: tooltipTop }}>
          {label(tooltipData)}
        </Tip>
      )}
      <Legend aria-label={t`Years`}>
        {colours.map(({ year, colour }) => (
          <li key={year}>
            <i style={{ background: colour }} aria-hidden="true" />
            {year}
          </li>
        ))}
      </Legend>
    </Wrapper>
  );
}

import { Trans, useLingui } from '@lingui/react/macro';
import { measureElement, observeElementRect, useVirtualizer, type Rect, type Virtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import styled, { css, keyframes } from 'styled-components';
import type { FlightSummary } from '../../../contract/flights';
import { Alert, Spinner } from '../../components/ui';
import { hoursMinutes, km, localDateTime, timeOfDay } from '../../format/format';
import { removalReasonLabel } from '../../format/removal-reasons';
import { isMarked } from '../../../contract/rules';
import { isFailed, isInProgress } from './flight-rules';
import { AirspaceFlag } from '../../features/airspace/AirspaceFlag';

const pulse = keyframes`
  0%, 100% { background-color: rgba(255, 214, 0, 0.12); }
  50% { background-color: rgba(255, 214, 0, 0.38); }
`;

const LIST_HEIGHT = 620;
/** A row's height before it is measured (one line of 14 px text with 8 px padding). */
const ROW_ESTIMATE = 37;
/** The sticky column headers above the first row. */
const HEADER_HEIGHT = 34;
/** Rows drawn beyond the visible ones on each side, so a key press or a short scroll draws nothing new. */
const OVERSCAN = 8;
/** Without layout (jsdom, a hidden panel) the list is taken to be its full height, so rows are drawn. */
const FALLBACK_RECT: Rect = { width: 480, height: LIST_HEIGHT };

const Scroll = styled.div`
  max-height: ${LIST_HEIGHT}px;
  overflow-y: auto;
  @media (max-width: 1000px) {
    max-height: 320px;
  }
`;

const Table = styled.table`
  width: 100%;
  &:focus-visible {
    outline: 2px solid ${(p) => p.theme.primary};
    outline-offset: -2px;
  }
  border-collapse: collapse;
  font-size: 14px;
  th {
    position: sticky;
    top: 0;
    z-index: 1;
    text-align: left;
    padding: 8px 8px;
    font-size: 12px;
    text-transform: uppercase;
    letter-spacing: 0.03em;
    color: ${(p) => p.theme.muted};
    background: ${(p) => p.theme.surface};
    border-bottom: 1px solid ${(p) => p.theme.border};
  }
  td {
    padding: 8px 8px;
    border-bottom: 1px solid ${(p) => p.theme.border};
  }
  td.num { white-space: nowrap; }
  td.num, th.num { text-align: right; }
`;

const FlightRow = styled.tr<{ $selected: boolean; $progress: boolean; $marked: boolean }>`
  cursor: pointer;
  ${(p) => p.$marked && css`background: ${p.theme.marked}; color: ${p.theme.danger};`}
  ${(p) => p.$progress && css`opacity: 0.6; animation: ${pulse} 1.6s ease-in-out infinite;`}
  ${(p) => p.$selected && css`box-shadow: inset 4px 0 0 ${p.theme.primary}; background: ${p.$marked ? p.theme.marked : p.theme.surfaceAlt}; font-weight: 600;`}
  &:hover { background: ${(p) => (p.$marked ? p.theme.marked : p.theme.surfaceAlt)}; }
`;

const Failed = styled.span`
  color: ${(p) => p.theme.danger};
  font-weight: 600;
`;

const Reason = styled.div`
  font-size: 12px;
  font-weight: 500;
`;

const Time = styled.span`
  margin-left: 8px;
  font-size: 12px;
  font-weight: 400;
  color: ${(p) => p.theme.muted};
`;

const Hint = styled.p`
  margin: 8px 0 0;
  font-size: 12px;
  color: ${(p) => p.theme.muted};
  /* A touch screen has no arrow keys; the list still names the hint as its description for screen readers. */
  @media (hover: none) and (pointer: coarse) {
    display: none;
  }
`;

/** The row's element id, which the grid names as its active descendant. */
export const flightRowId = (id: number) => `flight-row-${id}`;

const Empty = styled.p`
  color: ${(p) => p.theme.muted};
  text-align: center;
  padding: 24px 8px;
  margin: 0;
`;

const Spacer = styled.tr`
  td {
    padding: 0;
    border: 0;
  }
`;

interface RowProps {
  flight: FlightSummary;
  index: number;
  selected: boolean;
  onSelect: (id: number) => void;
  onPress: (flight: FlightSummary) => void;
  measure: (node: HTMLTableRowElement | null) => void;
}

/** One flight; memoised, so a selection change draws only the rows whose selection changed. */
const FlightListRow = memo(function FlightListRow({ flight, index, selected, onSelect, onPress, measure }: RowProps) {
  const { i18n } = useLingui();
  const progress = isInProgress(flight);
  const marked = isMarked(flight);
  return (
    <FlightRow
      ref={measure}
      id={flightRowId(flight.id)}
      data-index={index}
      data-flight-id={flight.id}
      aria-rowindex={index + 2}
      aria-selected={selected}
      $selected={selected}
      $progress={progress}
      $marked={marked}
      onPointerDown={() => onPress(flight)}
      onClick={() => onSelect(flight.id)}
    >
      <td>
        {progress ? (
          <Trans>Processing...</Trans>
        ) : (
          <>
            {localDateTime(flight.startTime, i18n.locale, flight.timeZone, false)}
            <Time>{timeOfDay(flight.startTime, i18n.locale, flight.timeZone)}</Time>
          </>
        )}
        {isFailed(flight) && (
          <div>
            <Failed>
              <Trans>Processing Error</Trans>
            </Failed>
          </div>
        )}
        {marked && <Reason>{removalReasonLabel(flight.removalReason, (d) => i18n._(d))}</Reason>}
        <AirspaceFlag count={flight.airspaceInfringements} />
      </td>
      <td className="num">{progress || flight.flightTime === null ? '-' : hoursMinutes(flight.flightTime)}</td>
      <td className="num">{progress ? '-' : km(flight.distance, 2)}</td>
    </FlightRow>
  );
});

const observeRectOrFallback = (instance: Virtualizer<HTMLDivElement, HTMLTableRowElement>, cb: (rect: Rect) => void) =>
  observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : FALLBACK_RECT));

const measureOrEstimate: typeof measureElement<HTMLTableRowElement> = (element, entry, instance) => measureElement(element, entry, instance) || ROW_ESTIMATE;

export interface FlightListProps {
  flights: readonly FlightSummary[] | undefined;
  selectedId: number | null;
  onSelect: (id: number) => void;
  /** The pointer went down on a row (before the click). */
  onPress?: (flight: FlightSummary) => void;
  loading: boolean;
  error?: string | null;
  /** A search is shown (the search box says how many match): an empty answer is not an empty period. */
  searching?: boolean;
}

/**
 * docs/product.md §2 Flight list: Date, Duration, Distance; processing, failed and marked rows; keyboard hint.
 * Only the rows in view (and a few around them) are in the page; the table tells assistive
 * technology how many rows there are and where each drawn one sits (aria-rowcount, aria-rowindex).
 * The table is one stop of the Tab key, a grid whose active descendant is the selected row (the
 * arrow keys move the selection; the rows were never reached with Tab). Memoised: the
 * deferred render of the selected flight's panel (DashboardPage) leaves the list alone.
 */
export const FlightList = memo(function FlightList({ flights, selectedId, onSelect, onPress, loading, error, searching = false }: FlightListProps) {
  const { t } = useLingui();
  const scrollRef = useRef<HTMLDivElement>(null);
  const count = flights?.length ?? 0;
  const virtualizer = useVirtualizer<HTMLDivElement, HTMLTableRowElement>({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_ESTIMATE,
    getItemKey: (index) => flights?.[index]?.id ?? index,
    overscan: OVERSCAN,
    paddingStart: HEADER_HEIGHT,
    scrollPaddingStart: HEADER_HEIGHT,
    initialRect: FALLBACK_RECT,
    observeElementRect: observeRectOrFallback,
    measureElement: measureOrEstimate,
  });

  // Rows get callbacks that never change, so a new callback from the page redraws no row.
  const latest = useRef({ onSelect, onPress, flights });
  useLayoutEffect(() => {
    latest.current = { onSelect, onPress, flights };
  });
  const select = useCallback((id: number) => latest.current.onSelect(id), []);
  const press = useCallback((flight: FlightSummary) => latest.current.onPress?.(flight), []);

  // The selected row stays in view (the arrow keys move the selection).
  useEffect(() => {
    if (selectedId === null) return;
    const index = latest.current.flights?.findIndex((f) => f.id === selectedId) ?? -1;
    if (index >= 0) virtualizer.scrollToIndex(index, { align: 'auto' });
  }, [selectedId, virtualizer]);

  if (error) {
    return (
      <Alert $tone="error" role="alert">
        {error}
      </Alert>
    );
  }
  if (loading && !flights) {
    return (
      <Empty>
        <Spinner />
      </Empty>
    );
  }
  if (!flights?.length) {
    return <Empty>{searching ? <Trans>No flight matches the search.</Trans> : <Trans>No flights in this period. Upload IGC files to add some.</Trans>}</Empty>;
  }
  const items = virtualizer.getVirtualItems();
  // Named only once drawn: an active descendant must exist in the page.
  const selectedDrawn = selectedId !== null && items.some((item) => flights[item.index]?.id === selectedId);
  const before = items.length ? items[0]!.start - HEADER_HEIGHT : 0;
  const after = items.length ? virtualizer.getTotalSize() - items.at(-1)!.end : 0;
  return (
    <>
      <Scroll ref={scrollRef}>
        <Table
          role="grid"
          tabIndex={0}
          aria-label={t`Flights`}
          aria-describedby="flight-list-hint"
          aria-activedescendant={selectedDrawn ? flightRowId(selectedId) : undefined}
          aria-busy={loading}
          aria-rowcount={flights.length + 1}
          aria-readonly="true"
        >
          <thead>
            <tr aria-rowindex={1}>
              <th scope="col">
                <Trans>Date</Trans>
              </th>
              <th scope="col" className="num">
                <Trans>Duration</Trans>
              </th>
              <th scope="col" className="num">
                <Trans>Distance</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {before > 0 && (
              <Spacer aria-hidden="true">
                <td colSpan={3} style={{ height: before }} />
              </Spacer>
            )}
            {items.map((item) => {
              const flight = flights[item.index]!;
              return <FlightListRow key={flight.id} flight={flight} index={item.index} selected={flight.id === selectedId} onSelect={select} onPress={press} measure={virtualizer.measureElement} />;
            })}
            {after > 0 && (
              <Spacer aria-hidden="true">
                <td colSpan={3} style={{ height: after }} />
              </Spacer>
            )}
          </tbody>
        </Table>
      </Scroll>
      <Hint id="flight-list-hint">
        <Trans>Use the ↑ and ↓ arrow keys to move between flights</Trans>
      </Hint>
    </>
  );
});

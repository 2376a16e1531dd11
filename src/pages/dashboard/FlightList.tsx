import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import styled, { css, keyframes } from 'styled-components';
import type { FlightSummary } from '../../../contract/flights';
import { Alert, Spinner } from '../../components/ui';
import { hoursMinutes, km, localDateTime } from '../../format/format';
import { removalReasonLabel } from '../../format/removal-reasons';
import { isMarked } from '../../../contract/rules';
import { isFailed, isInProgress } from './flight-rules';

const pulse = keyframes`
  0%, 100% { background-color: rgba(255, 214, 0, 0.12); }
  50% { background-color: rgba(255, 214, 0, 0.38); }
`;

const Scroll = styled.div`
  max-height: 620px;
  overflow-y: auto;
  @media (max-width: 1000px) {
    max-height: 320px;
  }
`;

const Table = styled.table`
  width: 100%;
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

/** The start time of day in the flight's own zone. */
function clockOf(iso: string | null, locale: string, timeZone: string | null): string {
  if (!iso) return '';
  const options: Intl.DateTimeFormatOptions = { timeStyle: 'short' };
  try {
    return new Intl.DateTimeFormat(locale, { ...options, timeZone: timeZone ?? 'UTC' }).format(new Date(iso));
  } catch {
    return new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(new Date(iso));
  }
}

const Empty = styled.p`
  color: ${(p) => p.theme.muted};
  text-align: center;
  padding: 24px 8px;
  margin: 0;
`;

export interface FlightListProps {
  flights: readonly FlightSummary[] | undefined;
  selectedId: number | null;
  onSelect: (id: number) => void;
  /** The pointer went down on a row (before the click). */
  onPress?: (flight: FlightSummary) => void;
  loading: boolean;
  error?: string | null;
}

/** SPEC §2 Flight list: Date, Duration, Distance; processing, failed and marked rows; keyboard hint. */
export function FlightList({ flights, selectedId, onSelect, onPress, loading, error }: FlightListProps) {
  const { t, i18n } = useLingui();
  const rows = useRef(new Map<number, HTMLTableRowElement>());

  // The selected row stays in view (the arrow keys move the selection).
  useEffect(() => {
    if (selectedId === null) return;
    rows.current.get(selectedId)?.scrollIntoView?.({ block: 'nearest' });
  }, [selectedId]);

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
    return (
      <Empty>
        <Trans>No flights in this period. Upload IGC files to add some.</Trans>
      </Empty>
    );
  }
  return (
    <Scroll>
      <Table title={t`Use the ↑ and ↓ arrow keys to move between flights`} aria-label={t`Flights`} aria-busy={loading}>
        <thead>
          <tr>
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
          {flights.map((flight) => {
            const progress = isInProgress(flight);
            const marked = isMarked(flight);
            const selected = flight.id === selectedId;
            return (
              <FlightRow
                key={flight.id}
                ref={(el) => {
                  if (el) rows.current.set(flight.id, el);
                  else rows.current.delete(flight.id);
                }}
                data-flight-id={flight.id}
                aria-selected={selected}
                $selected={selected}
                $progress={progress}
                $marked={marked}
                onPointerDown={() => onPress?.(flight)}
                onClick={() => onSelect(flight.id)}
              >
                <td>
                  {progress ? (
                    <Trans>Processing...</Trans>
                  ) : (
                    <>
                      {localDateTime(flight.startTime, i18n.locale, flight.timeZone, false)}
                      <Time>{clockOf(flight.startTime, i18n.locale, flight.timeZone)}</Time>
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
                </td>
                <td className="num">{progress || flight.flightTime === null ? '-' : hoursMinutes(flight.flightTime)}</td>
                <td className="num">{progress ? '-' : km(flight.distance, 2)}</td>
              </FlightRow>
            );
          })}
        </tbody>
      </Table>
    </Scroll>
  );
}

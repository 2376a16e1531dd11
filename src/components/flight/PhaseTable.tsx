import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { zoneClock } from './zone-time';

const TableWrap = styled.div`
  overflow-x: auto;
  margin-bottom: 14px;
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 14px;
  caption { text-align: left; font-weight: 700; margin-bottom: 6px; }
  th, td { padding: 6px 8px; text-align: right; white-space: nowrap; border-bottom: 1px solid ${(p) => p.theme.border}; }
  th:first-child, td:first-child { text-align: left; }
  thead th { color: ${(p) => p.theme.muted}; font-weight: 600; }
  tbody tr { cursor: default; }
  tbody tr:focus-visible { outline: 2px solid ${(p) => p.theme.primary}; outline-offset: -2px; }
  tbody tr[data-active='true'] { background: ${(p) => p.theme.surfaceAlt}; }
`;

interface Phase {
  startTime: string;
  endTime: string;
}

/** One column after the number, start and duration every phase table has. */
export interface PhaseColumn<P> {
  header: string;
  cell: (phase: P) => ReactNode;
}

/** Minutes and seconds (m:ss min): thermals and glides last minutes, not hours. */
const duration = (phase: Phase) => {
  const s = Math.round((Date.parse(phase.endTime) - Date.parse(phase.startTime)) / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')} min`;
};
const inside = (ms: number | null, phase: Phase) => ms !== null && ms >= Date.parse(phase.startTime) && ms < Date.parse(phase.endTime);

export interface PhaseTableProps<P extends Phase> {
  caption: ReactNode;
  /** Names the table `${testId}-table` and each row `${testId}-row`. */
  testId: string;
  phases: readonly P[];
  columns: readonly PhaseColumn<P>[];
  timeZone: string | null;
  /** The moment highlighted on the map or the profile (ms), to mark the row it falls in. */
  highlightedTime: number | null;
  /** Hovering or focusing a row highlights its start; null when it ends. */
  onHighlight: (ms: number | null) => void;
}

/** Thermals or glides, one row each: number, start in the flight's zone, duration, then the given columns. */
export function PhaseTable<P extends Phase>({ caption, testId, phases, columns, timeZone, highlightedTime, onHighlight }: PhaseTableProps<P>) {
  const { t } = useLingui();
  return (
    <TableWrap>
      <Table data-testid={`${testId}-table`}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">{t`Start`}</th>
            <th scope="col">{t`Duration`}</th>
            {columns.map((column) => (
              <th key={column.header} scope="col">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {phases.map((phase, i) => (
            <tr
              key={phase.startTime}
              tabIndex={0}
              data-testid={`${testId}-row`}
              data-active={inside(highlightedTime, phase) ? 'true' : undefined}
              onMouseEnter={() => onHighlight(Date.parse(phase.startTime))}
              onFocus={() => onHighlight(Date.parse(phase.startTime))}
              onMouseLeave={() => onHighlight(null)}
              onBlur={() => onHighlight(null)}
            >
              <th scope="row">{i + 1}</th>
              <td>{zoneClock(Date.parse(phase.startTime), timeZone)}</td>
              <td>{duration(phase)}</td>
              {columns.map((column) => (
                <td key={column.header}>{column.cell(phase)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </Table>
    </TableWrap>
  );
}

import { useLingui } from '@lingui/react/macro';
import { useId, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { TableWrap as ScrollingWrap } from '../statistics/statistics-blocks';
import { Button } from '../ui';
import { BEST_PHASES, bestPhaseIndexes } from './best-phases';
import { zoneClock } from './zone-time';

/** Scrolls sideways on a phone, with a shadow at the edge that has more (issue 40: a cut table must show that it scrolls). */
const TableWrap = styled(ScrollingWrap)`
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
  tbody tr { cursor: pointer; }
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
  /** What makes a phase one of the best (higher is better): only the best few show until the pilot expands the table. */
  rank: (phase: P) => number;
  /** The expand button's words, e.g. "Show all 54 thermals". */
  showAllLabel: string;
  /** Clicking a row (or Enter on it) keeps its moment highlighted and asks the page to show it on the map. */
  onSelect?: (ms: number) => void;
}

/** Thermals or glides, one row each: number, start in the flight's zone, duration, then the given columns. */
export function PhaseTable<P extends Phase>({ caption, testId, phases, columns, timeZone, highlightedTime, onHighlight, rank, showAllLabel, onSelect }: PhaseTableProps<P>) {
  const { t } = useLingui();
  const captionId = useId();
  const [expanded, setExpanded] = useState(false);
  // A clicked row stays highlighted after the pointer leaves it (the map shows it while the pilot looks there).
  const [pinned, setPinned] = useState<number | null>(null);
  const best = bestPhaseIndexes(phases, rank, BEST_PHASES);
  const shown = phases.map((phase, i) => ({ phase, i })).filter(({ i }) => expanded || best.has(i));
  const select = (ms: number) => {
    setPinned(ms);
    onHighlight(ms);
    onSelect?.(ms);
  };
  return (
    // Focusable and named by its caption, so a keyboard can scroll it sideways on a phone.
    <TableWrap tabIndex={0} role="region" aria-labelledby={captionId}>
      <Table data-testid={`${testId}-table`}>
        <caption id={captionId}>{caption}</caption>
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
          {shown.map(({ phase, i }) => (
            <tr
              key={phase.startTime}
              tabIndex={0}
              data-testid={`${testId}-row`}
              data-active={inside(highlightedTime, phase) ? 'true' : undefined}
              onMouseEnter={() => onHighlight(Date.parse(phase.startTime))}
              onFocus={() => onHighlight(Date.parse(phase.startTime))}
              onMouseLeave={() => onHighlight(pinned)}
              onBlur={() => onHighlight(pinned)}
              onClick={() => select(Date.parse(phase.startTime))}
              onKeyDown={(e) => {
                if (e.key === 'Enter') select(Date.parse(phase.startTime));
              }}
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
      {phases.length > BEST_PHASES && (
        <Button type="button" $variant="secondary" aria-expanded={expanded} onClick={() => setExpanded(!expanded)} data-testid={`${testId}-expand`}>
          {expanded ? t`Show the best ${BEST_PHASES}` : showAllLabel}
        </Button>
      )}
    </TableWrap>
  );
}

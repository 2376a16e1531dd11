import { Plural, Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import type { LedgerCounts, UploadTask } from '../../../contract/uploads';
import { taskLedgerCsvUrl } from '../../api/upload-tasks';
import { DownloadLink } from '../../features/downloads/DownloadLink';
import { Muted } from './history-blocks';

const Line = styled.div`
  margin: 10px 0 0;
  display: flex;
  align-items: center;
  gap: 6px 12px;
  flex-wrap: wrap;
`;

const Counts = styled.ul`
  display: inline;
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    display: inline;
  }
  li + li::before {
    content: ' · ';
  }
`;

/** One outcome's count in the pilot's words. */
function Outcome({ outcome, n }: { outcome: keyof LedgerCounts; n: number }) {
  switch (outcome) {
    case 'stored':
      return <Plural value={n} one="# stored as flights" other="# stored as flights" />;
    case 'merged':
      return <Plural value={n} one="# merged into a flight" other="# merged into flights" />;
    case 'duplicate':
      return <Plural value={n} one="# already in the logbook" other="# already in the logbook" />;
    case 'notFlight':
      return <Plural value={n} one="# not a flight" other="# not flights" />;
    case 'notTrack':
      return <Plural value={n} one="# not a track file" other="# not track files" />;
    case 'unreadable':
      return <Plural value={n} one="# unreadable" other="# unreadable" />;
    default:
      return <Plural value={n} one="# being read" other="# being read" />;
  }
}

/**
 * What became of every file of an upload (docs/import.md, "Every file accounted for"): the counts by
 * outcome, which add up to the files received, and the whole list to download as CSV.
 */
export function TaskLedger({ task }: { task: UploadTask }) {
  const { t } = useLingui();
  const entries = (Object.entries(task.ledger) as [keyof LedgerCounts, number][]).filter(([, n]) => n > 0);
  if (!task.fileCount) return null;
  return (
    <Line data-testid="task-ledger">
      <Muted>
        <Plural value={task.fileCount} one="# file received:" other="# files received:" />
      </Muted>
      <Counts aria-label={t`What became of the files`}>
        {entries.map(([outcome, n]) => (
          <li key={outcome}>
            <Outcome outcome={outcome} n={n} />
          </li>
        ))}
      </Counts>
      <DownloadLink href={taskLedgerCsvUrl(task.id)} $variant="secondary">
        <Trans>Download the list (CSV)</Trans>
      </DownloadLink>
    </Line>
  );
}

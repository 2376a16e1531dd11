import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import styled, { css } from 'styled-components';
import type { UploadTask } from '../../../contract/uploads';
import { api } from '../../api/base';
import { useUploadTasksQuery } from '../../api/flights';
import { useAppDispatch } from '../../app/hooks';
import { Alert, Button, Card, Spinner } from '../../components/ui';
import { fileSize, localDateTime, progressPercent } from '../../format/format';
import { removalReasonLabel } from '../../format/removal-reasons';
import { FlightDetailModal } from './FlightDetailModal';
import { HISTORY_POLL_MS, isProcessing, processingIds, statusTone, type StatusTone } from './history-rules';

const Head = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  flex-wrap: wrap;
  margin-bottom: 16px;
  h1 {
    margin: 0;
  }
`;

const Tasks = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 16px;
`;

const TaskHead = styled.div`
  display: flex;
  align-items: baseline;
  gap: 8px 14px;
  flex-wrap: wrap;
  h2 {
    margin: 0;
    font-size: 1.05rem;
    overflow-wrap: anywhere;
  }
`;

const Muted = styled.span`
  color: ${(p) => p.theme.muted};
  font-size: 14px;
`;

const tones: Record<StatusTone, ReturnType<typeof css>> = {
  processing: css`
    background: ${(p) => p.theme.warning};
    color: ${(p) => p.theme.warningText};
  `,
  completed: css`
    background: ${(p) => (p.theme.name === 'dark' ? '#1d3b24' : '#e3f4e6')};
    color: ${(p) => p.theme.success};
  `,
  failed: css`
    background: ${(p) => p.theme.marked};
    color: ${(p) => p.theme.danger};
  `,
  other: css`
    background: ${(p) => p.theme.surfaceAlt};
    color: ${(p) => p.theme.muted};
  `,
};

export const Badge = styled.span<{ $tone: StatusTone }>`
  display: inline-block;
  padding: 2px 10px;
  border-radius: 999px;
  font-size: 12px;
  font-weight: 700;
  ${(p) => tones[p.$tone]}
`;

const Progress = styled.div`
  margin-top: 12px;
  display: grid;
  grid-template-columns: 1fr auto;
  gap: 4px 12px;
  align-items: center;
`;

const Bar = styled.div`
  height: 10px;
  border-radius: 5px;
  background: ${(p) => p.theme.surfaceAlt};
  border: 1px solid ${(p) => p.theme.border};
  overflow: hidden;
  span {
    display: block;
    height: 100%;
    background: ${(p) => p.theme.primary};
    transition: width 0.4s ease;
  }
`;

const FileTable = styled.table`
  width: 100%;
  margin-top: 12px;
  border-collapse: collapse;
  font-size: 14px;
  th,
  td {
    text-align: left;
    padding: 6px 8px;
    border-bottom: 1px solid ${(p) => p.theme.border};
    vertical-align: top;
  }
  th {
    color: ${(p) => p.theme.muted};
    font-weight: 600;
    font-size: 13px;
  }
  td:first-child {
    overflow-wrap: anywhere;
  }
`;

const FlightLinks = styled.ul`
  list-style: none;
  margin: 6px 0 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
`;

const FlightButton = styled.button<{ $removed: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  padding: 3px 10px;
  border-radius: 6px;
  cursor: pointer;
  font-size: 13px;
  white-space: nowrap;
  border: 1px solid ${(p) => (p.$removed ? p.theme.danger : p.theme.border)};
  background: ${(p) => (p.$removed ? p.theme.marked : p.theme.surfaceAlt)};
  color: ${(p) => p.theme.text};
  b {
    color: ${(p) => (p.$removed ? p.theme.danger : p.theme.success)};
  }
  &:hover {
    border-color: ${(p) => p.theme.primary};
  }
`;

const TASK_STATUS: Record<string, MessageDescriptor> = {
  Processing: msg`Processing`,
  Completed: msg`Completed`,
  Failed: msg`Failed`,
};
const FILE_STATUS: Record<string, MessageDescriptor> = {
  ...TASK_STATUS,
  Pending: msg`Pending`,
  Duplicate: msg`Duplicate`,
  Ignored: msg`Ignored`,
};

/** The browser's own zone: an upload date is when the pilot uploaded, not where a flight was. */
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * SPEC §2 Upload History: every upload with its files and their flights; polls every 5 s while a
 * task is Processing (a refetch brings status, counts, files and new tasks).
 */
export default function HistoryPage() {
  const { t } = useLingui();
  const dispatch = useAppDispatch();
  const [polling, setPolling] = useState(false);
  const { data, isLoading, isFetching, error, refetch } = useUploadTasksQuery(undefined, { pollingInterval: polling ? HISTORY_POLL_MS : 0 });
  const [openFlight, setOpenFlight] = useState<number | null>(null);
  const wasProcessing = useRef<number[]>([]);

  useEffect(() => {
    setPolling((data ?? []).some(isProcessing));
    // A task that finished changed the logbook: flights, statistics and achievements reload.
    const now = processingIds(data);
    if (wasProcessing.current.some((id) => !now.includes(id))) {
      dispatch(api.util.invalidateTags([{ type: 'Flight', id: 'LIST' }, 'Months', 'MarkedCount', 'Statistics', 'Achievements', 'Notifications']));
    }
    wasProcessing.current = now;
  }, [data, dispatch]);

  useEffect(() => {
    // Upload task fetch failures are only logged (SPEC §8).
    if (error) console.error('Failed to fetch upload tasks', error);
  }, [error]);

  return (
    <>
      <Head>
        <h1>
          <Trans>Upload History</Trans>
        </h1>
        <Button type="button" $variant="secondary" onClick={() => refetch()} disabled={isFetching}>
          {isFetching && !isLoading ? t`Refreshing...` : t`Refresh`}
        </Button>
      </Head>
      {isLoading ? (
        <Spinner />
      ) : !data?.length ? (
        <Card>
          <p style={{ margin: 0 }}>
            <Trans>No uploads yet. Upload IGC files on the dashboard and they will appear here.</Trans>
          </p>
        </Card>
      ) : (
        <Tasks>
          {data.map((task) => (
            <TaskItem key={task.id} task={task} onOpenFlight={setOpenFlight} />
          ))}
        </Tasks>
      )}
      {openFlight !== null && <FlightDetailModal flightId={openFlight} onClose={() => setOpenFlight(null)} />}
    </>
  );
}

function TaskItem({ task, onOpenFlight }: { task: UploadTask; onOpenFlight: (id: number) => void }) {
  const { t, i18n } = useLingui();
  const tone = statusTone(task.status);
  const percent = progressPercent(task.processedFlightCount, task.estimatedFlightCount);
  const statusLabel = (status: string, table: Record<string, MessageDescriptor>) => (table[status] ? i18n._(table[status]) : status);
  const headingId = `task-${task.id}`;
  const { filename } = task;
  const processed = task.processedFlightCount;
  const estimated = task.estimatedFlightCount;
  return (
    <li>
      <Card as="article" aria-labelledby={headingId}>
        <TaskHead>
          <h2 id={headingId}>{task.filename}</h2>
          <Badge $tone={tone} data-testid="task-status">
            {statusLabel(task.status, TASK_STATUS)}
          </Badge>
          <Muted>{localDateTime(task.uploadDate, i18n.locale, browserZone())}</Muted>
          <Muted>{fileSize(task.fileSize)}</Muted>
        </TaskHead>
        {isProcessing(task) && task.estimatedFlightCount > 0 && (
          <Progress>
            <Bar role="progressbar" aria-label={t`Processing progress`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
              <span style={{ width: `${percent}%` }} />
            </Bar>
            <strong>{percent}%</strong>
            <Muted>
              <Trans>
                {processed} of {estimated} flights processed
              </Trans>
              {' · '}
              <Plural value={task.duplicateFlightCount} one="# duplicate" other="# duplicates" />
            </Muted>
          </Progress>
        )}
        {task.status === 'Completed' && (
          <p style={{ margin: '10px 0 0' }}>
            <Plural value={task.processedFlightCount} one="Processed # flight" other="Processed # flights" />
            {', '}
            <Plural value={task.duplicateFlightCount} one="# duplicate" other="# duplicates" />
          </p>
        )}
        {task.status === 'Failed' && task.errorMessage && (
          <Alert $tone="error" style={{ marginTop: 10 }}>
            {task.errorMessage}
          </Alert>
        )}
        <p style={{ margin: '10px 0 0' }}>
          <Muted>
            <Plural value={task.igcFiles.length} one="# extracted file" other="# extracted files" />
          </Muted>
        </p>
        {task.igcFiles.length > 0 && (
          <div style={{ overflowX: 'auto' }}>
            <FileTable aria-label={t`Files of ${filename}`}>
              <thead>
                <tr>
                  <th scope="col">{t`Filename`}</th>
                  <th scope="col">{t`Size`}</th>
                  <th scope="col">{t`Status`}</th>
                  <th scope="col">{t`Reason`}</th>
                </tr>
              </thead>
              <tbody>
                {task.igcFiles.map((file) => (
                  <tr key={file.id}>
                    <td>
                      {file.originalFilename}
                      {file.flightDetails.length > 0 && (
                        <FlightLinks aria-label={t`Flights of ${file.originalFilename}`}>
                          {file.flightDetails.map((flight) => (
                            <FlightLink key={flight.id} flight={flight} onOpen={onOpenFlight} />
                          ))}
                        </FlightLinks>
                      )}
                    </td>
                    <td style={{ whiteSpace: 'nowrap' }}>{fileSize(file.fileSize)}</td>
                    <td>{statusLabel(file.status, FILE_STATUS)}</td>
                    <td>{file.reason ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </FileTable>
          </div>
        )}
      </Card>
    </li>
  );
}

function FlightLink({ flight, onOpen }: { flight: UploadTask['igcFiles'][number]['flightDetails'][number]; onOpen: (id: number) => void }) {
  const { t, i18n } = useLingui();
  const id = flight.id;
  return (
    <li>
      <FlightButton
        type="button"
        $removed={flight.isRemoved}
        onClick={() => onOpen(id)}
        title={t`View details`}
        aria-label={flight.isRemoved ? t`Flight ${id}, removed: view details` : t`Flight ${id}, active: view details`}
      >
        <b aria-hidden="true">{flight.isRemoved ? '✗' : '✓'}</b>
        <Trans>Flight {id}</Trans>
        {flight.isRemoved && <Muted>({removalReasonLabel(flight.removalReason, (d) => i18n._(d))})</Muted>}
      </FlightButton>
    </li>
  );
}

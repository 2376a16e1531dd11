import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import styled from 'styled-components';
import type { FailedFilesGroup, UploadTask } from '../../../contract/uploads';
import { Alert, Button, Card } from '../../components/ui';
import { fileSize, localDateTime } from '../../format/format';
import { Badge, Muted, statusLabel, TASK_STATUS } from './history-blocks';
import { isProcessing, OPEN_FILES_MAX, statusTone } from './history-rules';
import { TaskFiles } from './TaskFiles';
import { TaskLedger } from './TaskLedger';
import { ProgressBar } from '../../components/ProgressBar';
import { fileReason } from '../../features/upload/file-reasons';
import { FilesDone } from '../../features/upload/UploadProgress';
import { uploadPercent } from '../../features/upload/upload-rules';

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

const Progress = styled.div`
  margin-top: 12px;
  display: grid;
  grid-template-columns: 1fr auto;
  gap: 4px 12px;
  align-items: center;
`;

/** The browser's own zone: an upload date is when the pilot uploaded, not where a flight was. */
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

const FilesLine = styled.p`
  margin: 10px 0 0;
  display: flex;
  align-items: center;
  gap: 12px;
  flex-wrap: wrap;
`;

/**
 * One reason files failed for: a single file by its name, several by how many and the first few names
 * (the server sends at most FAILED_NAMES_PER_REASON of them).
 */
function FailureGroup({ group }: { group: FailedFilesGroup }) {
  const { t, i18n } = useLingui();
  const reason = group.reason ? fileReason(i18n, group.reason) : t`could not be read`;
  if (group.count === 1 && group.firstFiles.length === 1) {
    return (
      <li style={{ overflowWrap: 'anywhere' }}>
        {group.firstFiles[0]}: {reason}
      </li>
    );
  }
  const names = group.firstFiles.join(', ');
  const more = group.count - group.firstFiles.length;
  return (
    <li style={{ overflowWrap: 'anywhere' }}>
      {reason}{' '}
      <Muted>
        (<Plural value={group.count} one="# file" other="# files" />
        {names && `: ${names}`}
        {more > 0 && (
          <>
            {', '}
            <Plural value={more} one="# more" other="# more" />
          </>
        )}
        )
      </Muted>
    </li>
  );
}

/** One upload: name, status, date and size, its progress while processing, the counts, its files (open for a few, on demand for an archive). */
export function TaskItem({ task, onOpenFlight }: { task: UploadTask; onOpenFlight: (id: number) => void }) {
  const { t, i18n } = useLingui();
  const tone = statusTone(task.status);
  const headingId = `task-${task.id}`;
  const processed = task.processedFlightCount;
  const estimated = task.estimatedFlightCount;
  const filesDone = task.filesDone;
  const files = task.fileCount;
  const percent = uploadPercent({ filesDone, files, processed, estimated });
  const [opened, setOpened] = useState(false);
  const few = task.fileCount <= OPEN_FILES_MAX;
  const open = task.fileCount > 0 && (few || opened);
  const filesId = `task-${task.id}-files`;
  // The server counts a task's failed files and groups them by reason, for a task of any size.
  const failedCount = task.status === 'Completed' ? task.failedFileCount : 0;
  return (
    <li>
      <Card as="article" aria-labelledby={headingId}>
        <TaskHead>
          <h2 id={headingId}>{task.filename}</h2>
          <Badge $tone={failedCount ? 'partial' : tone} data-testid="task-status">
            {failedCount ? (
              <Plural value={failedCount} one="Completed, # file failed" other="Completed, # files failed" />
            ) : (
              statusLabel(task.status, TASK_STATUS, (d) => i18n._(d))
            )}
          </Badge>
          <Muted>{localDateTime(task.uploadDate, i18n.locale, browserZone())}</Muted>
          <Muted>{fileSize(task.fileSize)}</Muted>
        </TaskHead>
        {isProcessing(task) && task.estimatedFlightCount > 0 && (
          <Progress>
            <ProgressBar percent={percent} label={t`Processing progress`} />
            <strong>{percent}%</strong>
            <Muted>
              <FilesDone filesDone={filesDone} files={files} />
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
        {failedCount > 0 && (
          <Alert $tone="error" style={{ marginTop: 10 }}>
            <ul style={{ margin: 0, paddingLeft: '1.2em' }} aria-label={t`Files that failed`}>
              {task.failures.map((group) => (
                <FailureGroup key={group.reason ?? ''} group={group} />
              ))}
            </ul>
          </Alert>
        )}
        {task.status === 'Failed' && task.errorMessage && (
          <Alert $tone="error" style={{ marginTop: 10 }}>
            {task.errorMessage}
          </Alert>
        )}
        <TaskLedger task={task} />
        <FilesLine>
          <Muted>
            <Plural value={task.fileCount} one="# extracted file" other="# extracted files" />
          </Muted>
          {!few && (
            <Button type="button" $variant="link" aria-expanded={open} aria-controls={open ? filesId : undefined} onClick={() => setOpened(!opened)}>
              {open ? t`Hide files` : t`Show files`}
            </Button>
          )}
        </FilesLine>
        {open && <TaskFiles task={task} id={filesId} onOpenFlight={onOpenFlight} />}
      </Card>
    </li>
  );
}

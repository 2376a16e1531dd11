import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import type { UploadTask, UploadTaskFile } from '../../../contract/uploads';
import { TASK_FILES_PAGE, useTaskFilesQuery } from '../../api/upload-tasks';
import { TableWrap } from '../../components/statistics/statistics-blocks';
import { Alert, Button, Spinner } from '../../components/ui';
import { fileReason } from '../../features/upload/file-reasons';
import { fileSize } from '../../format/format';
import { FlightLink } from './FlightLink';
import { FILE_STATUS, Muted, statusLabel } from './history-blocks';
import { HISTORY_POLL_MS, isProcessing } from './history-rules';

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
  margin: 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
`;

const Pager = styled.nav`
  display: flex;
  align-items: center;
  gap: 10px;
  flex-wrap: wrap;
  margin-top: 10px;
`;

function FileRow({ file, onOpenFlight }: { file: UploadTaskFile; onOpenFlight: (id: number) => void }) {
  const { t, i18n } = useLingui();
  const name = file.originalFilename;
  return (
    <tr>
      <td>{name}</td>
      <td style={{ whiteSpace: 'nowrap' }}>{fileSize(file.fileSize)}</td>
      <td>{statusLabel(file.status, FILE_STATUS, (d) => i18n._(d))}</td>
      <td>{file.reason ? fileReason(i18n, file.reason) : ''}</td>
      <td>
        {file.flightDetails.length > 0 && (
          <FlightLinks aria-label={t`Flights of ${name}`}>
            {file.flightDetails.map((flight) => (
              <FlightLink key={flight.id} flight={flight} onOpen={onOpenFlight} />
            ))}
          </FlightLinks>
        )}
      </td>
    </tr>
  );
}

/**
 * The IGC files extracted from an upload, each with its status, reason and flights, a page of
 * TASK_FILES_PAGE at a time (an archive of a flying life holds thousands), asked again while the task processes.
 */
export function TaskFiles({ task, id, onOpenFlight }: { task: UploadTask; id: string; onOpenFlight: (id: number) => void }) {
  const { t } = useLingui();
  const [offset, setOffset] = useState(0);
  const { data, error, isLoading, isFetching } = useTaskFilesQuery({ taskId: task.id, offset }, { pollingInterval: isProcessing(task) ? HISTORY_POLL_MS : 0 });
  const { filename } = task;

  useEffect(() => {
    if (error) console.error('Failed to fetch the files of an upload', error);
  }, [error]);

  if (isLoading) return <Spinner />;
  if (!data) {
    return (
      <Alert $tone="error" role="alert" style={{ marginTop: 10 }}>
        <Trans>The files of this upload could not be loaded.</Trans>
      </Alert>
    );
  }
  const total = data.total;
  const first = Math.min(data.offset + 1, total);
  const last = data.offset + data.files.length;
  return (
    <TableWrap id={id}>
      <FileTable aria-label={t`Files of ${filename}`} aria-busy={isFetching}>
        <thead>
          <tr>
            <th scope="col">{t`Filename`}</th>
            <th scope="col">{t`Size`}</th>
            <th scope="col">{t`Status`}</th>
            <th scope="col">{t`Reason`}</th>
            <th scope="col">{t`Flights`}</th>
          </tr>
        </thead>
        <tbody>
          {data.files.map((file) => (
            <FileRow key={file.id} file={file} onOpenFlight={onOpenFlight} />
          ))}
        </tbody>
      </FileTable>
      {total > TASK_FILES_PAGE && (
        <Pager aria-label={t`Pages of files of ${filename}`}>
          <Button type="button" $variant="secondary" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - TASK_FILES_PAGE))}>
            <Trans>Previous files</Trans>
          </Button>
          <Muted aria-live="polite">
            <Trans>
              Files {first}–{last} of {total}
            </Trans>
          </Muted>
          <Button type="button" $variant="secondary" disabled={last >= total} onClick={() => setOffset(offset + TASK_FILES_PAGE)}>
            <Trans>Next files</Trans>
          </Button>
        </Pager>
      )}
    </TableWrap>
  );
}

import { useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import type { UploadTask } from '../../../contract/uploads';
import { fileSize } from '../../format/format';
import { FlightLink } from './FlightLink';
import { FILE_STATUS, statusLabel } from './history-blocks';

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

/** The IGC files extracted from an upload, each with its status, reason and flights. */
export function TaskFiles({ task, onOpenFlight }: { task: UploadTask; onOpenFlight: (id: number) => void }) {
  const { t, i18n } = useLingui();
  const { filename } = task;
  if (!task.igcFiles.length) return null;
  return (
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
              <td>{statusLabel(file.status, FILE_STATUS, (d) => i18n._(d))}</td>
              <td>{file.reason ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </FileTable>
    </div>
  );
}

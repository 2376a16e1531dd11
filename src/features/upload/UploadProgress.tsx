import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { paths, useLocalePath } from '../../app/paths';
import { ProgressBar } from '../../components/ProgressBar';
import { tasksProgress, uploadPercent } from './upload-rules';
import { useUploadTasks } from './useUploadTasks';

const Box = styled.section`
  border: 1px solid ${(p) => p.theme.border};
  background: ${(p) => p.theme.surface};
  border-radius: 10px;
  padding: 12px 16px;
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  gap: 6px 12px;
  align-items: center;
  h2 {
    font-size: 15px;
    margin: 0;
  }
`;

const Line = styled.p`
  grid-column: 1 / -1;
  margin: 0;
  font-size: 14px;
  color: ${(p) => p.theme.muted};
`;

/**
 * Issue 26: a background upload (over ten files) shows its progress on the dashboard until it ends:
 * files done of all its files (the bar), flights found, duplicates skipped and files failed, summed
 * over the uploads still running.
 * The list and months reload as flights arrive (useUploadTasks); History has each file's fate.
 */
/** "12 of 40 files done · ", once the server has counted an upload's files. */
export function FilesDone({ filesDone, files }: { filesDone: number; files: number }) {
  if (files <= 0) return null;
  return (
    <>
      <Trans>
        {filesDone} of {files} files done
      </Trans>
      {' · '}
    </>
  );
}

export function UploadProgress() {
  const { t } = useLingui();
  const to = useLocalePath();
  const { data } = useUploadTasks();
  const progress = tasksProgress(data ?? []);
  if (!progress.tasks) return null;
  const { processed, duplicates, filesDone, files, failed } = progress;
  const percent = uploadPercent(progress);
  return (
    <Box aria-labelledby="upload-progress-heading">
      <h2 id="upload-progress-heading">
        <Plural value={progress.tasks} one="Processing your upload" other="Processing # uploads" />
      </h2>
      <strong>{percent}%</strong>
      <ProgressBar percent={percent} label={t`Processing progress`} style={{ gridColumn: '1 / -1' }} />
      <Line role="status">
        <FilesDone filesDone={filesDone} files={files} />
        <Plural value={processed} one="# flight found" other="# flights found" />
        {' · '}
        <Plural value={duplicates} one="# duplicate" other="# duplicates" />
        {failed > 0 && (
          <>
            {' · '}
            <Plural value={failed} one="# file failed" other="# files failed" />
          </>
        )}
        {' · '}
        <Link to={to(paths.history.getHref())}>
          <Trans>Each file in History</Trans>
        </Link>
      </Line>
    </Box>
  );
}

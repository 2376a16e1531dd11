import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { UploadResponse } from '../../../contract/uploads';
import { errorMessage } from '../../api/base';
import { useUploadMutation } from '../../api/flights';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { paths, useLocalePath } from '../../app/paths';
import { uploadFailed, uploadProgressed, uploadStarted, uploadSucceeded } from './uploadSlice';
import { FilePicker } from '../../components/FilePicker';
import { Alert, Spinner } from '../../components/ui';
import { ACCEPT_ATTRIBUTE, acceptedFiles, flightsStillToProcess, showsProgress } from './upload-rules';
import { ProgressBar } from '../../components/ProgressBar';

const DropArea = styled.div<{ $active: boolean; $busy: boolean; $compact: boolean }>`
  border: 2px dashed ${(p) => (p.$active ? p.theme.primary : p.theme.border)};
  background: ${(p) => (p.$active ? p.theme.surfaceAlt : p.theme.surface)};
  border-radius: 10px;
  padding: ${(p) => (p.$compact ? '8px 14px' : '18px 16px')};
  text-align: center;
  cursor: ${(p) => (p.$busy ? 'progress' : 'pointer')};
  transition: border-color 0.15s, background 0.15s;
  &:focus-visible { outline: 2px solid ${(p) => p.theme.primary}; outline-offset: 2px; }
`;

const Title = styled.div`
  font-weight: 600;
`;

/** A touch screen has nothing to drop files from: it says tap. */
const Pointer = styled.span<{ $touch?: boolean }>`
  display: ${(p) => (p.$touch ? 'none' : 'inline')};
  @media (hover: none) and (pointer: coarse) {
    display: ${(p) => (p.$touch ? 'inline' : 'none')};
  }
`;

/** Below this width the compact upload is one short button-sized line beside "without a track". */
const PHONE = '(max-width: 520px)';

const Wide = styled.span<{ $compact: boolean }>`
  @media ${PHONE} {
    display: ${(p) => (p.$compact ? 'none' : 'inline')};
  }
`;

const Narrow = styled.span<{ $compact: boolean }>`
  display: none;
  @media ${PHONE} {
    display: ${(p) => (p.$compact ? 'inline' : 'none')};
  }
`;

const Sub = styled.div`
  color: ${(p) => p.theme.muted};
  font-size: 13px;
`;

const Messages = styled.div`
  margin-top: 10px;
  display: flex;
  flex-direction: column;
  gap: 8px;
`;

export interface UploadProps {
  /** One line, once the pilot has flights: the logbook stays in view. */
  compact?: boolean;
  onUploaded?: (result: UploadResponse) => void;
  /** The error text shown, also handed to the parent (docs/product.md §8 Upload error). */
  onError?: (message: string) => void;
}

/** docs/product.md §2 Upload component: drag and drop or click, several files, progress for big files, result messages. */
export function Upload({ compact = false, onUploaded, onError }: UploadProps) {
  const { t } = useLingui();
  const to = useLocalePath();
  const dispatch = useAppDispatch();
  const state = useAppSelector((s) => s.upload);
  const [upload] = useUploadMutation();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const busy = state.status === 'uploading';

  const send = async (list: FileList | File[] | null) => {
    if (busy || !list) return;
    const files = Array.from(list);
    if (!files.length) return;
    const { accepted } = acceptedFiles(files);
    if (!accepted.length) {
      const message = t`Only track files (.igc, .gpx, .fit, .kml, .kmz, .tcx), logbooks (.csv, .db) and archives (.zip, .tar.gz, .tgz) are allowed`;
      dispatch(uploadFailed(message));
      onError?.(message);
      return;
    }
    dispatch(uploadStarted({ fileCount: accepted.length, showProgress: showsProgress(accepted) }));
    const result = await upload({ files: accepted, onProgress: (percent) => dispatch(uploadProgressed(percent)) });
    if ('data' in result && result.data) {
      dispatch(uploadSucceeded(result.data));
      onUploaded?.(result.data);
    } else {
      const message = errorMessage(result.error);
      dispatch(uploadFailed(message));
      onError?.(message);
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void send(event.dataTransfer.files);
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      input.current?.click();
    }
  };

  const result = state.result;
  const fileCount = result?.totalCount ?? 0;
  const duplicates = result?.duplicateCount ?? 0;
  const estimated = result ? flightsStillToProcess(result) : 0;

  return (
    <div>
      <DropArea
        role="button"
        tabIndex={0}
        aria-busy={busy}
        $active={dragging}
        $busy={busy}
        $compact={compact}
        onClick={() => !busy && input.current?.click()}
        onKeyDown={onKey}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <FilePicker ref={input} accept={ACCEPT_ATTRIBUTE} onPick={(files) => void send(files)} data-testid="upload-input" />
        {busy ? (
          <Title>
            <Spinner style={{ width: 16, height: 16, verticalAlign: 'middle', marginRight: 8 }} />
            <Trans>Uploading…</Trans>
          </Title>
        ) : (
          <>
            <Title>
              <Wide $compact={compact}>
                <Pointer>
                  <Trans>Drop IGC files here or click to choose</Trans>
                </Pointer>
                <Pointer $touch>
                  <Trans>Tap to choose IGC files or an archive</Trans>
                </Pointer>
              </Wide>
              <Narrow $compact={compact}>
                <Trans>Upload IGC files</Trans>
              </Narrow>
            </Title>
            {!compact && (
              <Sub>
                <Trans>Tracks, logbooks (.csv, Logfly .db) and archives (.zip, .tar.gz); several files at once</Trans>
              </Sub>
            )}
          </>
        )}
        {busy && state.progress !== null && (
          <ProgressBar percent={state.progress} label={t`Upload progress`} style={{ marginTop: 10 }} />
        )}
      </DropArea>
      {(state.status === 'success' || state.status === 'error') && (
        <Messages>
          {state.status === 'error' && state.error && (
            <Alert $tone="error" role="alert">
              {state.error}
            </Alert>
          )}
          {state.status === 'success' && result && (
            <Alert $tone="success" role="status">
              <Trans>Upload successful: {fileCount} files received, {duplicates} duplicates skipped.</Trans>
            </Alert>
          )}
          {state.status === 'success' && estimated > 0 && (
            <Alert $tone="info">
              <Trans>
                This is a large upload: about {estimated} flights are being processed in the background. Their progress shows here; each file is in <Link to={to(paths.history.getHref())}>History</Link>.
              </Trans>
            </Alert>
          )}
        </Messages>
      )}
    </div>
  );
}

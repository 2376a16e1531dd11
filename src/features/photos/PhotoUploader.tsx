import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import styled from 'styled-components';
import { isPhotoFile, PHOTO_EXTENSIONS, PHOTO_MAX_BYTES, PHOTO_MIME_TYPES, PHOTOS_PER_FLIGHT, type PhotoRefusal, type PhotoRefusalCode } from '../../../contract/sharing';
import { errorMessage } from '../../api/base';
import { useUploadPhotosMutation } from '../../api/photos';
import { FilePicker } from '../../components/FilePicker';
import { Alert, Button, Row, Spinner } from '../../components/ui';
import { ProgressBar } from '../../components/ProgressBar';

const ACCEPT = [...PHOTO_MIME_TYPES, ...PHOTO_EXTENSIONS].join(',');

const Results = styled.div`
  margin-top: 10px;
  display: flex;
  flex-direction: column;
  gap: 8px;
  ul { margin: 6px 0 0; padding-left: 20px; }
`;

/** Why a file was not added, in the pilot's language, from the server's code (or the same check made here). */
const REASONS: Record<PhotoRefusalCode, MessageDescriptor> = {
  empty: msg`The file is empty.`,
  'too-large': msg`The file is larger than 20 MB.`,
  format: msg`The file is not a JPEG, PNG or WebP image.`,
  damaged: msg`The image is damaged or incomplete.`,
  'too-many-pixels': msg`The image is larger than 100 megapixels.`,
  'flight-full': msg`The flight already has 50 photos, the most it can hold.`,
};

type Refusal = Pick<PhotoRefusal, 'filename' | 'code'>;

/** The files a 400 lists as refused (none when it is another 400, e.g. no file at all). */
function refusedIn(error: unknown): Refusal[] {
  const data = (error as { data?: { refused?: unknown } } | undefined)?.data;
  return Array.isArray(data?.refused) ? (data.refused as PhotoRefusal[]) : [];
}

/** The check the server makes first, made before sending: name, size, emptiness. */
const localRefusal = (file: File): PhotoRefusalCode | null =>
  !isPhotoFile(file.name) ? 'format' : file.size > PHOTO_MAX_BYTES ? 'too-large' : file.size === 0 ? 'empty' : null;

type State = { status: 'idle' } | { status: 'uploading'; progress: number } | { status: 'done'; added: number; refused: Refusal[]; error: string | null };

/**
 * The owner's "Add photos": JPEG, PNG or WebP, several at once, with the upload's progress, then what
 * was added and each refused file with its reason. Files the server would refuse by name or size are
 * refused here without being sent.
 */
export function PhotoUploader({ flightId, count }: { flightId: number; /** Photos the flight has now. */ count: number }) {
  const { t, i18n } = useLingui();
  const input = useRef<HTMLInputElement>(null);
  const [upload] = useUploadPhotosMutation();
  const [state, setState] = useState<State>({ status: 'idle' });
  const busy = state.status === 'uploading';
  const full = count >= PHOTOS_PER_FLIGHT;

  const send = async (files: File[]) => {
    if (busy || !files.length) return;
    const local: Refusal[] = [];
    const accepted = files.filter((file) => {
      const code = localRefusal(file);
      if (code) local.push({ filename: file.name, code });
      return !code;
    });
    if (!accepted.length) {
      setState({ status: 'done', added: 0, refused: local, error: null });
      return;
    }
    setState({ status: 'uploading', progress: 0 });
    const result = await upload({ flightId, files: accepted, onProgress: (progress) => setState({ status: 'uploading', progress }) });
    if ('data' in result && result.data) {
      setState({ status: 'done', added: result.data.added.length, refused: [...local, ...result.data.refused], error: null });
    } else {
      // Nothing was added: a 400 lists each file and why; any other failure has its message only.
      const refused = refusedIn(result.error);
      setState({ status: 'done', added: 0, refused: [...local, ...refused], error: refused.length ? null : errorMessage(result.error) });
    }
  };

  return (
    <div>
      <Row>
        <Button type="button" $variant="secondary" disabled={busy || full} onClick={() => input.current?.click()}>
          {busy && <Spinner style={{ width: 14, height: 14, borderWidth: 2 }} />}
          <Trans>Add photos</Trans>
        </Button>
        <FilePicker ref={input} accept={ACCEPT} onPick={(files) => void send(files)} data-testid="photo-input" />
        {busy ? (
          <ProgressBar percent={state.progress} label={t`Photo upload progress`} style={{ flex: '1 1 160px', maxWidth: 320 }} />
        ) : (
          <small>
            {full ? (
              <Trans>This flight has the most photos it can have ({PHOTOS_PER_FLIGHT}).</Trans>
            ) : (
              <Trans>JPEG, PNG or WebP, up to 20 MB each and {PHOTOS_PER_FLIGHT} per flight.</Trans>
            )}
          </small>
        )}
      </Row>
      {state.status === 'done' && (
        <Results>
          {state.error && (
            <Alert $tone="error" role="alert">
              {state.error}
            </Alert>
          )}
          {state.added > 0 && (
            <Alert $tone="success" role="status">
              <Plural value={state.added} one="# photo added." other="# photos added." />
            </Alert>
          )}
          {state.refused.length > 0 && (
            <Alert $tone="warning" role={state.error ? undefined : 'alert'}>
              <Plural value={state.refused.length} one="# file was not added:" other="# files were not added:" />
              <ul>
                {state.refused.map((r, i) => (
                  <li key={`${i}-${r.filename}`}>
                    <strong>{r.filename}</strong>: {i18n._(REASONS[r.code])}
                  </li>
                ))}
              </ul>
            </Alert>
          )}
        </Results>
      )}
    </div>
  );
}

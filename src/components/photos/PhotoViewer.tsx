import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import type { Photo } from '../../../contract/sharing';
import { errorMessage } from '../../format/error-message';
import { Modal } from '../Modal';
import { Button, Row, VisuallyHidden } from '../ui';
import { photoDateTime, photoLabel } from './photo-format';
import { FailureAlert } from '../FailureAlert';

const Figure = styled.figure`
  margin: 0;
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 8px;
  img {
    display: block;
    max-width: 100%;
    max-height: 62vh;
    width: auto;
    height: auto;
    border-radius: 6px;
    background: ${(p) => p.theme.surfaceAlt};
  }
  figcaption { color: ${(p) => p.theme.muted}; text-align: center; }
`;

const PositionChoice = styled.label`
  display: flex;
  align-items: center;
  gap: 8px;
  margin-top: 8px;
`;

const Controls = styled(Row)`
  margin-top: 12px;
  justify-content: space-between;
  gap: 8px;
`;

/** Buttons that stay on one line: at 390 px the arrows and Delete / Close share one row. */
const Group = styled.div`
  display: flex;
  gap: 6px;
  align-items: center;
`;

const ControlButton = styled(Button)`
  padding: 8px 10px;
  font-size: 14px;
  white-space: nowrap;
`;

/** Previous / next: an arrow shown, the words for screen readers (and as the tooltip). */
const ArrowButton = styled(ControlButton)`
  min-width: 40px;
`;

export interface PhotoViewerProps {
  /** In the order previous / next walk (see photosInOrder). */
  photos: readonly Photo[];
  openId: number;
  onClose: () => void;
  onNavigate: (id: number) => void;
  /** The flight's zone, for the capture time. */
  timeZone?: string | null;
  /** The owner's delete (asks first); without it the viewer only shows. */
  onDelete?: (id: number) => Promise<unknown>;
  /** The owner's choice to hide a photo's position on share links (docs/photos.md); without it no choice is offered. */
  onHidePosition?: (id: number, hidden: boolean) => Promise<unknown>;
}

/**
 * One photo large in the dialog: previous / next (buttons and arrow keys, round the ends), the time,
 * Escape or Close to leave. The caller returns the focus to the thumbnail on close.
 */
export function PhotoViewer({ photos, openId, onClose, onNavigate, timeZone, onDelete, onHidePosition }: PhotoViewerProps) {
  const { t, i18n } = useLingui();
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [hiding, setHiding] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  // Where the focus goes once the confirmation has gone (its buttons go with it).
  const focusNext = useRef<'delete' | 'close' | null>(null);
  const index = photos.findIndex((p) => p.id === openId);
  const photo = photos[index];
  const step = (delta: number) => photos[(index + delta + photos.length) % photos.length]!.id;

  useEffect(() => closeButton.current?.focus(), []);
  useEffect(() => {
    if (!focusNext.current || confirming) return;
    (focusNext.current === 'delete' ? deleteButton : closeButton).current?.focus();
    focusNext.current = null;
  });
  useEffect(() => {
    setConfirming(false);
    setFailure(null);
  }, [openId]);

  useEffect(() => {
    if (confirming || photos.length < 2 || index < 0) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
      event.preventDefault();
      onNavigate(step(event.key === 'ArrowLeft' ? -1 : 1));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  if (!photo) return null;

  const cancel = () => {
    focusNext.current = 'delete';
    setConfirming(false);
  };

  const remove = async () => {
    if (!onDelete) return;
    const neighbour = photos.length > 1 ? step(index === photos.length - 1 ? -1 : 1) : null;
    setDeleting(true);
    setFailure(null);
    try {
      await onDelete(photo.id);
      focusNext.current = 'close';
      setConfirming(false);
      if (neighbour === null) onClose();
      else onNavigate(neighbour);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setDeleting(false);
    }
  };

  const hidePosition = async (hidden: boolean) => {
    if (!onHidePosition) return;
    setHiding(true);
    setFailure(null);
    try {
      await onHidePosition(photo.id, hidden);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setHiding(false);
    }
  };

  const when = photoDateTime(photo, i18n.locale, timeZone);
  const position = index + 1;
  const total = photos.length;

  return (
    <Modal title={photo.originalFilename} onClose={confirming ? cancel : onClose} wide>
      <Figure>
        <img src={photo.url} alt={photoLabel(photo, i18n.locale, timeZone)} width={photo.width} height={photo.height} />
        <figcaption>
          {when || <Trans>Capture time unknown</Trans>}
          {photo.placement === 'none' && (
            <>
              {' · '}
              <Trans>not placed on the track</Trans>
            </>
          )}
          {total > 1 && (
            <>
              {' · '}
              <Trans>
                {position} of {total}
              </Trans>
            </>
          )}
        </figcaption>
      </Figure>
      {/* Only a photo placed by its time is ever shown on a share link's map: the others have no position there to hide. */}
      {onHidePosition && !confirming && photo.placement === 'time' && (
        <PositionChoice>
          <input type="checkbox" checked={photo.positionHidden} disabled={hiding} onChange={(event) => void hidePosition(event.target.checked)} />
          <Trans>Hide its position on share links</Trans>
        </PositionChoice>
      )}
      <FailureAlert failure={failure} style={{ marginTop: 12 }} />
      {confirming ? (
        <Controls role="group" aria-label={t`Delete this photo?`}>
          <span>
            <Trans>Delete this photo? It cannot be undone.</Trans>
          </span>
          <Row>
            <Button type="button" $variant="secondary" autoFocus onClick={cancel}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="button" $variant="danger" disabled={deleting} onClick={() => void remove()}>
              <Trans>Delete photo</Trans>
            </Button>
          </Row>
        </Controls>
      ) : (
        <Controls>
          <Group>
            {total > 1 && (
              <>
                <ArrowButton type="button" $variant="secondary" title={t`Previous photo`} onClick={() => onNavigate(step(-1))}>
                  <span aria-hidden="true">←</span>
                  <VisuallyHidden>
                    <Trans>Previous photo</Trans>
                  </VisuallyHidden>
                </ArrowButton>
                <ArrowButton type="button" $variant="secondary" title={t`Next photo`} onClick={() => onNavigate(step(1))}>
                  <span aria-hidden="true">→</span>
                  <VisuallyHidden>
                    <Trans>Next photo</Trans>
                  </VisuallyHidden>
                </ArrowButton>
              </>
            )}
          </Group>
          <Group>
            {onDelete && (
              <ControlButton type="button" $variant="danger" ref={deleteButton} onClick={() => setConfirming(true)}>
                <Trans>Delete photo</Trans>
              </ControlButton>
            )}
            <ControlButton type="button" ref={closeButton} onClick={onClose}>
              <Trans>Close</Trans>
            </ControlButton>
          </Group>
        </Controls>
      )}
    </Modal>
  );
}

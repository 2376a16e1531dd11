import { useCallback, useRef } from 'react';
import { PhotoStrip, type PhotoStripHandle } from './PhotoStrip';
import { PhotoViewer } from './PhotoViewer';
import type { PhotoSelection } from './usePhotoSelection';

/** The strip of thumbnails and, when one is open, the large viewer; closing gives the focus back to its thumbnail. */
export function PhotoGallery({
  selection,
  timeZone,
  onDelete,
  onHidePosition,
}: {
  selection: PhotoSelection;
  timeZone: string | null;
  onDelete?: (id: number) => Promise<unknown>;
  onHidePosition?: (id: number, hidden: boolean) => Promise<unknown>;
}) {
  const { photos, openId, setOpenId, setHoveredId } = selection;
  const strip = useRef<PhotoStripHandle>(null);
  const close = useCallback(() => {
    if (openId !== null) strip.current?.focus(openId);
    setOpenId(null);
  }, [openId, setOpenId]);

  return (
    <>
      <PhotoStrip ref={strip} photos={photos} selectedId={openId} onOpen={setOpenId} onHover={setHoveredId} timeZone={timeZone} />
      {openId !== null && <PhotoViewer photos={photos} openId={openId} onClose={close} onNavigate={setOpenId} timeZone={timeZone} onDelete={onDelete} onHidePosition={onHidePosition} />}
    </>
  );
}

import { useLingui } from '@lingui/react/macro';
import { forwardRef, useImperativeHandle, useRef, useState, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import type { Photo } from '../../../contract/sharing';
import { photoLabel } from './photo-format';

const List = styled.ul`
  display: flex;
  gap: 8px;
  margin: 0;
  padding: 4px 2px 8px;
  list-style: none;
  overflow-x: auto;
  overscroll-behavior-x: contain;
  scroll-snap-type: x proximity;
  -webkit-overflow-scrolling: touch;
  li { flex: 0 0 auto; scroll-snap-align: start; }
`;

const Thumb = styled.button`
  display: block;
  padding: 0;
  border: 3px solid transparent;
  border-radius: 8px;
  background: ${(p) => p.theme.surfaceAlt};
  cursor: pointer;
  overflow: hidden;
  img { display: block; width: 112px; height: 84px; object-fit: cover; }
  &:hover { border-color: ${(p) => p.theme.border}; }
  &[aria-current='true'] { border-color: ${(p) => p.theme.primary}; }
  &:focus-visible { outline: 2px solid ${(p) => p.theme.primary}; outline-offset: 2px; }
`;

export interface PhotoStripProps {
  /** In the order to show (see photosInOrder). */
  photos: readonly Photo[];
  /** The photo open in the viewer: outlined, and the strip's tab stop. */
  selectedId?: number | null;
  onOpen: (id: number) => void;
  /** The pointer or the focus is on a thumbnail (null when it leaves), e.g. to mark its place on the map. */
  onHover?: (id: number | null) => void;
  /** The flight's zone, for the times in the names. */
  timeZone?: string | null;
}

export interface PhotoStripHandle {
  /** Moves the focus to a photo's thumbnail, e.g. when its viewer closes. */
  focus(id: number): void;
}

/**
 * A row of thumbnails that scrolls sideways. One tab stop: arrow keys, Home and End move between the
 * thumbnails, Enter or Space opens one.
 */
export const PhotoStrip = forwardRef<PhotoStripHandle, PhotoStripProps>(function PhotoStrip({ photos, selectedId = null, onOpen, onHover, timeZone }, ref) {
  const { t, i18n } = useLingui();
  const buttons = useRef(new Map<number, HTMLButtonElement>());
  const [focused, setFocused] = useState<number | null>(null);
  useImperativeHandle(ref, () => ({ focus: (id) => buttons.current.get(id)?.focus() }), []);

  const stop = [focused, selectedId].find((id) => id !== null && photos.some((p) => p.id === id)) ?? photos[0]?.id;

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const last = photos.length - 1;
    const target = { ArrowRight: Math.min(index + 1, last), ArrowLeft: Math.max(index - 1, 0), Home: 0, End: last }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    buttons.current.get(photos[target]!.id)?.focus();
  };

  return (
    <List aria-label={t`Photos`}>
      {photos.map((photo, index) => {
        const label = photoLabel(photo, i18n.locale, timeZone);
        return (
          <li key={photo.id}>
            <Thumb
              type="button"
              ref={(element) => {
                if (element) buttons.current.set(photo.id, element);
                else buttons.current.delete(photo.id);
              }}
              tabIndex={photo.id === stop ? 0 : -1}
              aria-current={photo.id === selectedId ? 'true' : undefined}
              onClick={() => onOpen(photo.id)}
              onKeyDown={(event) => onKeyDown(event, index)}
              onFocus={() => {
                setFocused(photo.id);
                onHover?.(photo.id);
              }}
              onBlur={() => onHover?.(null)}
              onMouseEnter={() => onHover?.(photo.id)}
              onMouseLeave={() => onHover?.(null)}
            >
              <img src={photo.thumbUrl} alt={label} title={label} loading="lazy" />
            </Thumb>
          </li>
        );
      })}
    </List>
  );
});

import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Photo } from '../../../contract/sharing';
import type { PhotoMarker } from '../map/flight-map';
import { photoLabel, photosInOrder, placedPhotos } from './photo-format';

/**
 * A flight's photos for both the map (markers) and the gallery (strip and viewer): which one is open
 * is shared, so a marker click opens the same viewer as a thumbnail. `flightKey` closes it on a new flight.
 */
export function usePhotoSelection(list: Photo[] | undefined, timeZone: string | null | undefined, flightKey: unknown) {
  const { i18n } = useLingui();
  const photos = useMemo(() => photosInOrder(list ?? []), [list]);
  const [openId, setOpenId] = useState<number | null>(null);
  const [hoveredId, setHoveredId] = useState<number | null>(null);
  useEffect(() => {
    setOpenId(null);
    setHoveredId(null);
  }, [flightKey]);

  const markers = useMemo<PhotoMarker[]>(
    () => placedPhotos(photos).map((p) => ({ id: p.id, latitude: p.latitude, longitude: p.longitude, label: photoLabel(p, i18n.locale, timeZone) })),
    [photos, i18n.locale, timeZone],
  );
  const open = useCallback((id: number) => setOpenId(id), []);
  return { photos, markers, openId, open, setOpenId, selectedId: openId ?? hoveredId, setHoveredId };
}

export type PhotoSelection = ReturnType<typeof usePhotoSelection>;

import { Trans } from '@lingui/react/macro';
import styled from 'styled-components';
import type { FlightSummary } from '../../../contract/flights';
import { useDeletePhotoMutation, useFlightPhotosQuery, usePatchPhotoMutation } from '../../api/photos';
import { PhotoGallery } from '../../components/photos/PhotoGallery';
import { PhotoUploader } from '../../features/photos/PhotoUploader';
import { usePhotoSelection } from '../../components/photos/usePhotoSelection';
import { Card } from '../../components/ui';
import { Loaded } from '../../components/Loaded';

const Section = styled(Card)`
  margin-bottom: 16px;
  h2 { font-size: 17px; margin: 0 0 10px; }
  & > * + * { margin-top: 10px; }
`;

const Muted = styled.p`
  color: ${(p) => p.theme.muted};
  margin-bottom: 0;
`;

type Flight = Pick<FlightSummary, 'id' | 'timeZone'>;

/** The flight's photos from the server, with the selection the map and the gallery share. */
export function useFlightPhotos(flight: Flight | undefined) {
  const query = useFlightPhotosQuery(flight?.id ?? 0, { skip: !flight });
  return { query, ...usePhotoSelection(query.currentData, flight?.timeZone, flight?.id) };
}

export type FlightPhotos = ReturnType<typeof useFlightPhotos>;

/** On the flight page (docs/photos-ui.md): add photos, the strip in time order, the viewer with delete. */
export function PhotosSection({ flight, photos: state }: { flight: Flight; photos: FlightPhotos }) {
  const { query, photos } = state;
  const [remove] = useDeletePhotoMutation();
  const [patch] = usePatchPhotoMutation();

  return (
    <Section aria-labelledby="flight-photos">
      <h2 id="flight-photos">
        <Trans>Photos</Trans>
      </h2>
      <PhotoUploader flightId={flight.id} count={photos.length} />
      <Loaded query={query}>
        {() =>
          photos.length === 0 ? (
            <Muted>
              <Trans>No photos yet. Photos with a capture time or position are placed on the track.</Trans>
            </Muted>
          ) : (
            <PhotoGallery
              selection={state}
              timeZone={flight.timeZone}
              onDelete={(id) => remove({ id, flightId: flight.id }).unwrap()}
              onHidePosition={(id, positionHidden) => patch({ id, flightId: flight.id, body: { positionHidden } }).unwrap()}
            />
          )
        }
      </Loaded>
    </Section>
  );
}

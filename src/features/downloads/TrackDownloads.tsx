import { useLingui } from '@lingui/react/macro';
import type { FlightSummary } from '../../../contract/flights';
import { EXPORT_URLS } from '../../api/exports';
import { DownloadLink } from './DownloadLink';

/**
 * docs/export-ui.md: the flight's original IGC file, and its track as GPX and KML (both with times and altitudes). The track exists once
 * the analysis completed; a flight added by hand has none.
 */
export function TrackDownloads({ flight }: { flight: Pick<FlightSummary, 'id' | 'source' | 'status'> }) {
  const { t } = useLingui();
  if (flight.source === 'manual' || flight.status !== 'Completed') return null;
  return (
    <>
      <DownloadLink href={EXPORT_URLS.igc(flight.id)} $variant="secondary" aria-label={t`Download IGC`}>
        IGC
      </DownloadLink>
      <DownloadLink href={EXPORT_URLS.gpx(flight.id)} $variant="secondary" aria-label={t`Download GPX`}>
        GPX
      </DownloadLink>
      <DownloadLink href={EXPORT_URLS.kml(flight.id)} $variant="secondary" aria-label={t`Download KML`}>
        KML
      </DownloadLink>
    </>
  );
}

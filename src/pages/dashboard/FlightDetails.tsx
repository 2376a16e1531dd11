import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { FlightSummary } from '../../../contract/flights';
import { paths, useLocalePath } from '../../app/paths';
import { TrackDownloads } from '../../features/downloads/TrackDownloads';
import { Button, Select } from '../../components/ui';
import { decimal, hoursMinutes, km, metres } from '../../format/format';
import { REMOVAL_REASON_LABELS } from '../../format/removal-reasons';
import { flightTypeName } from '../../format/scoring-names';
import { removalReasonCode } from '../../../contract/rules';
import { isFailed, isInProgress } from './flight-rules';

const Grid = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(150px, 1fr));
  gap: 10px 16px;
  margin: 0;
  dt { font-size: 12px; color: ${(p) => p.theme.muted}; }
  dd { margin: 0; font-weight: 600; overflow-wrap: anywhere; }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  margin-top: 14px;
`;

const ReasonLabel = styled.label`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  font-size: 14px;
`;

export interface FlightDetailsProps {
  flight: FlightSummary;
  onReasonChange: (reason: number) => void;
  onDelete: () => void;
  onDownload: () => void;
  busy: boolean;
}

/** The selected flight's fields (docs/product.md §3 Formatting) and its actions: details link, IGC, GPX and KML, review reason, delete. */
export function FlightDetails({ flight, onReasonChange, onDelete, onDownload, busy }: FlightDetailsProps) {
  const { t, i18n } = useLingui();
  const to = useLocalePath();
  const current = removalReasonCode(flight.removalReason) ?? 0;
  const [reason, setReason] = useState(current);
  useEffect(() => setReason(current), [flight.id, current]);

  const notRecorded = t`Not recorded`;
  const status = isInProgress(flight) ? t`Processing...` : isFailed(flight) ? t`Processing Error` : current ? t`Marked for review` : t`Checked, nothing unusual`;
  const circles = flight.leftCircles === null && flight.rightCircles === null ? '-' : `${flight.leftCircles ?? 0} / ${flight.rightCircles ?? 0}`;

  const fields: [string, string][] = [
    [t`Duration`, flight.flightTime === null ? '-' : hoursMinutes(flight.flightTime)],
    [t`Distance`, km(flight.distance, 2)],
    [t`Points`, flight.xcPoints === null ? '-' : decimal(flight.xcPoints, 2)],
    [t`Flight type`, flightTypeName(flight.flightCode, i18n)],
    [t`Max altitude`, metres(flight.maxAltitude)],
    [t`Elevation gain`, metres(flight.elevationGain)],
    [t`Circles left / right`, circles],
    [t`Takeoff`, flight.siteName || flight.takeoffLocation || notRecorded],
    [t`Landing`, flight.landingSiteName || flight.landingLocation || notRecorded],
    [t`Glider`, flight.gliderName || flight.gliderType || notRecorded],
    [t`Status`, status],
  ];

  return (
    <div>
      <Grid>
        {fields.map(([label, text]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{text}</dd>
          </div>
        ))}
      </Grid>
      <Actions>
        <Button as={Link} to={to(paths.flight.getHref(flight.id))} $variant="primary">
          <Trans>View details</Trans>
        </Button>
        {flight.source !== 'manual' && (
          <Button type="button" $variant="secondary" onClick={onDownload}>
            <Trans>Download IGC</Trans>
          </Button>
        )}
        <TrackDownloads flight={flight} />
        <ReasonLabel>
          <Trans>Review reason</Trans>
          <Select aria-label={t`Review reason`} value={reason} onChange={(event) => setReason(Number(event.target.value))}>
            {Object.entries(REMOVAL_REASON_LABELS).map(([code, label]) => (
              <option key={code} value={code}>
                {i18n._(label)}
              </option>
            ))}
          </Select>
        </ReasonLabel>
        <Button type="button" $variant="secondary" disabled={busy || reason === current} onClick={() => onReasonChange(reason)}>
          {current ? <Trans>Update Reason</Trans> : <Trans>Mark for Review</Trans>}
        </Button>
        <Button type="button" $variant="danger" disabled={busy} onClick={onDelete} style={{ marginLeft: 'auto' }}>
          <Trans>Delete</Trans>
        </Button>
      </Actions>
    </div>
  );
}

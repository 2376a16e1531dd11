import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { usePathQuery, useFlightQuery, useRestoreFlightMutation, useSetRemovalReasonMutation } from '../../api/flights';
import { errorMessage } from '../../api/base';
import { Modal } from '../../components/Modal';
import { Alert, Button, Label, Row, Select, Spinner } from '../../components/ui';
import { localDateTime } from '../../format/format';
import { REMOVAL_REASON_LABELS, removalReasonLabel } from '../../format/removal-reasons';
import { REMOVAL_REASONS, removalReasonCode, type RemovalReasonCode } from '../../../contract/rules';
import { FlightPathMap } from '../../components/map/FlightPathMap';
import { PATH_MAP_HEIGHT } from '../../components/map/map-style';
import { isRemoved } from './history-rules';
import { DialogFooter } from '../../components/DialogFooter';

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 4px 16px;
  margin: 0 0 16px;
  dt {
    color: ${(p) => p.theme.muted};
  }
  dd {
    margin: 0;
    font-weight: 600;
  }
`;

const StatusText = styled.span<{ $removed: boolean }>`
  color: ${(p) => (p.$removed ? p.theme.danger : p.theme.success)};
`;

const RemovedPanel = styled.section`
  margin-top: 16px;
  padding: 14px 16px;
  border-radius: 8px;
  border: 1px solid ${(p) => p.theme.danger};
  background: ${(p) => p.theme.marked};
  h3 {
    margin: 0 0 8px;
    color: ${(p) => p.theme.danger};
    font-size: 1.05rem;
  }
`;

const MapError = styled.div`
  height: ${PATH_MAP_HEIGHT}px;
  display: flex;
  align-items: center;
  justify-content: center;
`;

/** Reasons a pilot can pick for a removed flight (every code except None). */
const REASON_CODES = Object.keys(REMOVAL_REASON_LABELS)
  .map(Number)
  .filter((code): code is RemovalReasonCode => code !== REMOVAL_REASONS.None);

/**
 * docs/product.md §2 Flight Detail modal (from History): date, Active or Removed, the path on a 400 px map,
 * and for a removed flight its reason with Update Reason and Restore Flight.
 */
export function FlightDetailModal({ flightId, onClose }: { flightId: number; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const flight = useFlightQuery({ id: flightId, includeDeleted: true });
  const path = usePathQuery(flightId);
  const [setReason, reasonState] = useSetRemovalReasonMutation();
  const [restore, restoreState] = useRestoreFlightMutation();
  const [reason, setReasonChoice] = useState<number | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);

  const data = flight.data;
  const removed = data ? isRemoved(data) : false;
  const currentReason = removalReasonCode(data?.removalReason);
  useEffect(() => setReasonChoice(currentReason), [currentReason]);

  const saving = reasonState.isLoading || restoreState.isLoading;
  const onUpdateReason = async () => {
    if (reason === null || reason === currentReason) return;
    setActionError(null);
    try {
      await setReason({ id: flightId, removalReason: reason }).unwrap();
    } catch (error) {
      setActionError(errorMessage(error, t`Failed to update removal reason`));
    }
  };
  const onRestore = async () => {
    setActionError(null);
    try {
      await restore(flightId).unwrap();
    } catch (error) {
      setActionError(errorMessage(error, t`Failed to restore flight`));
    }
  };

  return (
    <Modal title={t`Flight Details`} onClose={onClose} wide>
      {flight.isLoading ? (
        <Spinner />
      ) : flight.isError || !data ? (
        <Alert $tone="error" role="alert">
          {errorMessage(flight.error, t`Failed to fetch flight details`)}
        </Alert>
      ) : (
        <>
          <Facts>
            <dt>
              <Trans>Date</Trans>
            </dt>
            <dd>{localDateTime(data.startTime, i18n.locale, data.timeZone)}</dd>
            <dt>
              <Trans>Status</Trans>
            </dt>
            <dd>
              <StatusText $removed={removed} data-testid="flight-status">
                {removed ? t`Removed` : t`Active`}
              </StatusText>
            </dd>
          </Facts>
          {path.isError ? (
            <MapError>
              <Alert $tone="error" role="alert">
                {errorMessage(path.error, t`Failed to fetch flight path`)}
              </Alert>
            </MapError>
          ) : (
            <FlightPathMap points={path.data?.path} label={t`Flight path map`} />
          )}
          {removed && (
            <RemovedPanel aria-labelledby="flight-removed-title">
              <h3 id="flight-removed-title">
                <Trans>Flight Removed</Trans>
              </h3>
              <p style={{ margin: '0 0 12px' }}>
                <Trans>Reason:</Trans> <strong data-testid="current-reason">{removalReasonLabel(data.removalReason, (d) => i18n._(d))}</strong>
              </p>
              <Row>
                <Label style={{ flexDirection: 'row', alignItems: 'center', gap: 8 }}>
                  <Trans>Removal reason</Trans>
                  <Select value={reason ?? ''} onChange={(event) => setReasonChoice(Number(event.target.value))} disabled={saving}>
                    {currentReason !== null && !(REASON_CODES as readonly number[]).includes(currentReason) && <option value={currentReason}>{removalReasonLabel(currentReason, (d) => i18n._(d))}</option>}
                    {REASON_CODES.map((code) => (
                      <option key={code} value={code}>
                        {i18n._(REMOVAL_REASON_LABELS[code])}
                      </option>
                    ))}
                  </Select>
                </Label>
                <Button type="button" $variant="secondary" disabled={saving || reason === null || reason === currentReason} onClick={onUpdateReason}>
                  {reasonState.isLoading ? t`Saving...` : t`Update Reason`}
                </Button>
                <Button type="button" disabled={saving} onClick={onRestore}>
                  {restoreState.isLoading ? t`Restoring...` : t`Restore Flight`}
                </Button>
              </Row>
            </RemovedPanel>
          )}
          {actionError && (
            <Alert $tone="error" role="alert" style={{ marginTop: 12 }}>
              {actionError}
            </Alert>
          )}
        </>
      )}
      <DialogFooter onCancel={onClose} cancelText={<Trans>Close</Trans>} />
    </Modal>
  );
}

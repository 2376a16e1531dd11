import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import type { UploadTask } from '../../../contract/uploads';
import { removalReasonLabel } from '../../format/removal-reasons';
import { Muted } from './history-blocks';

const FlightButton = styled.button<{ $removed: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  padding: 3px 10px;
  border-radius: 6px;
  cursor: pointer;
  font-size: 13px;
  white-space: nowrap;
  border: 1px solid ${(p) => (p.$removed ? p.theme.danger : p.theme.border)};
  background: ${(p) => (p.$removed ? p.theme.marked : p.theme.surfaceAlt)};
  color: ${(p) => p.theme.text};
  b {
    color: ${(p) => (p.$removed ? p.theme.danger : p.theme.success)};
  }
  &:hover {
    border-color: ${(p) => p.theme.primary};
  }
`;

/** A flight of an uploaded file: ✓ active or ✗ removed with its reason; opens the flight's details. */
export function FlightLink({ flight, onOpen }: { flight: UploadTask['igcFiles'][number]['flightDetails'][number]; onOpen: (id: number) => void }) {
  const { t, i18n } = useLingui();
  const id = flight.id;
  return (
    <li>
      <FlightButton
        type="button"
        $removed={flight.isRemoved}
        onClick={() => onOpen(id)}
        title={t`View details`}
        aria-label={flight.isRemoved ? t`Flight ${id}, removed: view details` : t`Flight ${id}, active: view details`}
      >
        <b aria-hidden="true">{flight.isRemoved ? '✗' : '✓'}</b>
        <Trans>Flight {id}</Trans>
        {flight.isRemoved && <Muted>({removalReasonLabel(flight.removalReason, (d) => i18n._(d))})</Muted>}
      </FlightButton>
    </li>
  );
}

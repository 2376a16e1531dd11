import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import styled from 'styled-components';
import type { Visibility } from '../../../contract/community';
import type { FlightSummary } from '../../../contract/flights';
import { usePatchFlightMutation } from '../../api/flights';
import { DialogFooter } from '../../components/DialogFooter';
import { Modal } from '../../components/Modal';
import { Select } from '../../components/ui';
import { FailureAlert } from '../../components/FailureAlert';
import { useActionFailure } from '../../components/useActionFailure';
import { ControlField } from './control-field';

const NewLink = styled.label`
  display: flex;
  gap: 8px;
  align-items: flex-start;
  input { margin-top: 3px; }
`;

/**
 * Who sees the flight (docs/community.md): private, anyone with the link, or public (listed at its
 * place, on the pilot page and in followers' feeds, open to comments and likes). Going private from a
 * link or public flight asks first: its link stops working until the flight is public again (the same
 * address comes back), or for good when the pilot asks for a new link (docs/sharing.md).
 */
export function VisibilityControl({ flight }: { flight: Pick<FlightSummary, 'id' | 'visibility'> }) {
  const { t } = useLingui();
  const id = useId();
  const [patch, patching] = usePatchFlightMutation();
  const { failure, run } = useActionFailure();
  const [confirming, setConfirming] = useState(false);
  const [newLink, setNewLink] = useState(false);
  const labels: Record<Visibility, string> = {
    private: t`Private: only me`,
    link: t`Link: anyone with the link`,
    public: t`Public: listed, comments and likes`,
  };

  // The link is made or kept with the visibility; the share dialog and the pilot page follow (the mutation's tags).
  const change = (visibility: Visibility, withNewLink = false) =>
    run(() => patch({ id: flight.id, body: withNewLink ? { visibility, newLink: true } : { visibility } }).unwrap(), t`Failed to change who can see this flight`);

  const onChange = (visibility: Visibility) => {
    if (visibility === 'private' && flight.visibility !== 'private') {
      setNewLink(false);
      setConfirming(true);
      return;
    }
    void change(visibility);
  };

  const close = () => setConfirming(false);
  const onConfirm = () => {
    setConfirming(false);
    void change('private', newLink);
  };

  return (
    <>
      <ControlField>
        <span>{t`Who can see this flight`}</span>
        <Select value={flight.visibility} disabled={patching.isLoading} onChange={(e) => onChange(e.target.value as Visibility)}>
          {(Object.keys(labels) as Visibility[]).map((v) => (
            <option key={v} value={v}>
              {labels[v]}
            </option>
          ))}
        </Select>
      </ControlField>
      <FailureAlert failure={failure} />
      {confirming && (
        <Modal title={t`Make this flight private?`} onClose={close} describedBy={`${id}-what`}>
          <p id={`${id}-what`}>
            <Trans>Only you will see it. The link stops working until you make the flight public again; then the same link works again.</Trans>
          </p>
          <NewLink>
            <input type="checkbox" checked={newLink} onChange={(e) => setNewLink(e.target.checked)} />
            <span>
              <Trans>Make a new link when I share it again (the old link never works again)</Trans>
            </span>
          </NewLink>
          <DialogFooter onCancel={close} cancelAutoFocus confirm={{ label: <Trans>Make private</Trans>, variant: 'danger', onClick: onConfirm }} />
        </Modal>
      )}
    </>
  );
}

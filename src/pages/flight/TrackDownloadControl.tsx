import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { useSetTrackDownloadMutation, useTrackDownloadQuery } from '../../api/sharing';
import { Hint, Select } from '../../components/ui';
import { FailureAlert } from '../../components/FailureAlert';
import { useActionFailure } from '../../components/useActionFailure';

const Field = styled.label`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 6px;
  max-width: 100%;
  select { width: auto; min-width: 0; max-width: 100%; }
`;

type Choice = 'default' | 'allowed' | 'not-allowed';
const choiceOf = (allowed: boolean | null): Choice => (allowed === null ? 'default' : allowed ? 'allowed' : 'not-allowed');
const allowedOf = (choice: Choice) => (choice === 'default' ? null : choice === 'allowed');

/**
 * Whether visitors may download this flight's track as IGC and GPX (docs/sharing.md): the flight's own
 * choice, or the pilot's default from the profile; only a public flight is ever downloadable.
 */
export function TrackDownloadControl({ flightId }: { flightId: number }) {
  const { t } = useLingui();
  const state = useTrackDownloadQuery(flightId);
  const [save, saving] = useSetTrackDownloadMutation();
  const { failure, run } = useActionFailure();
  const data = state.data;
  if (!data) return null;

  const onChange = (choice: Choice) => run(() => save({ id: flightId, allowed: allowedOf(choice) }).unwrap(), t`Failed to change the track download`);
  const allowedNow = data.allowed ?? data.pilotDefault;

  return (
    <div>
      <Field>
        <span>{t`Others may download the track (IGC, GPX)`}</span>
        <Select value={choiceOf(data.allowed)} disabled={saving.isLoading} onChange={(e) => void onChange(e.target.value as Choice)}>
          <option value="default">{data.pilotDefault ? t`As in my profile: yes` : t`As in my profile: no`}</option>
          <option value="allowed">{t`Yes`}</option>
          <option value="not-allowed">{t`No`}</option>
        </Select>
      </Field>
      {allowedNow && !data.downloadable && (
        <Hint>
          <Trans>Only a public flight&apos;s track can be downloaded.</Trans>
        </Hint>
      )}
      <FailureAlert failure={failure} />
    </div>
  );
}

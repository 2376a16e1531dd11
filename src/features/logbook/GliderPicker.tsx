import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { FlightSummary } from '../../../contract/flights';
import { errorMessage } from '../../api/base';
import { usePatchFlightMutation } from '../../api/flights';
import { useGlidersQuery } from '../../api/gliders';
import { Alert, Select } from '../../components/ui';

/** The wing a flight was flown on; a choice made here is kept through re-analysis. */
export function GliderPicker({ flight }: { flight: FlightSummary }) {
  const { t } = useLingui();
  const id = useId();
  const gliders = useGlidersQuery();
  const [patch, result] = usePatchFlightMutation();
  const options = gliders.data ?? [];
  const linkedMissing = flight.gliderId !== null && !options.some((g) => g.id === flight.gliderId);

  return (
    <div>
      <label htmlFor={id} style={{ display: 'block', fontWeight: 600, marginBottom: 4 }}>
        <Trans>Glider</Trans>
      </label>
      <Select
        id={id}
        value={flight.gliderId ?? ''}
        disabled={result.isLoading || gliders.isLoading}
        onChange={(event) => patch({ id: flight.id, body: { gliderId: event.target.value === '' ? null : Number(event.target.value) } })}
        style={{ maxWidth: '100%' }}
      >
        <option value="">{flight.gliderType ? t`No wing linked (IGC: ${flight.gliderType})` : t`No wing linked`}</option>
        {linkedMissing && <option value={flight.gliderId!}>{flight.gliderName ?? t`Glider`}</option>}
        {options.map((g) => (
          <option key={g.id} value={g.id}>
            {g.name}
          </option>
        ))}
      </Select>
      {result.isError && (
        <Alert $tone="error" role="alert" style={{ marginTop: 6 }}>
          {errorMessage(result.error)}
        </Alert>
      )}
    </div>
  );
}

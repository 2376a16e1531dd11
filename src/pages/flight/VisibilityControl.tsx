import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import styled from 'styled-components';
import type { Visibility } from '../../../contract/community';
import type { FlightSummary } from '../../../contract/flights';
import { errorMessage } from '../../api/base';
import { usePatchFlightMutation } from '../../api/flights';
import { Alert, Select } from '../../components/ui';

const Field = styled.label`
  display: inline-flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 6px;
  max-width: 100%;
  select { width: auto; min-width: 0; max-width: 100%; }
`;

/**
 * Who sees the flight (docs/community.md): private, anyone with the link, or public (listed at its
 * place, on the pilot page and in followers' feeds, open to comments and likes).
 */
export function VisibilityControl({ flight }: { flight: Pick<FlightSummary, 'id' | 'visibility'> }) {
  const { t } = useLingui();
  const [patch, patching] = usePatchFlightMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const labels: Record<Visibility, string> = {
    private: t`Private: only me`,
    link: t`Link: anyone with the link`,
    public: t`Public: listed, comments and likes`,
  };

  const onChange = async (visibility: Visibility) => {
    setFailure(null);
    try {
      // The link is made or dropped with the visibility; the share dialog and the pilot page follow (the mutation's tags).
      await patch({ id: flight.id, body: { visibility } }).unwrap();
    } catch (error) {
      setFailure(errorMessage(error, t`Failed to change who can see this flight`));
    }
  };

  return (
    <>
      <Field>
        <span>{t`Who can see this flight`}</span>
        <Select value={flight.visibility} disabled={patching.isLoading} onChange={(e) => void onChange(e.target.value as Visibility)}>
          {(Object.keys(labels) as Visibility[]).map((v) => (
            <option key={v} value={v}>
              {labels[v]}
            </option>
          ))}
        </Select>
      </Field>
      {failure && (
        <Alert $tone="error" role="alert">
          {failure}
        </Alert>
      )}
    </>
  );
}

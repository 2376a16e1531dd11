import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import styled from 'styled-components';
import { AIRCRAFT_CATEGORIES, type AircraftCategory } from '../../../contract/aircraft';
import { errorMessage } from '../../api/base';
import { useFlightCategoryQuery, useSetFlightCategoryMutation } from '../../api/flights';
import { Alert, Select } from '../../components/ui';
import { CATEGORY_NAMES } from '../../features/aircraft/categoryNames';

const Field = styled.label`
  display: inline-flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 6px;
  max-width: 100%;
  select { width: auto; min-width: 0; max-width: 100%; }
`;

/**
 * What the flight was flown on (docs/aircraft-category.md): "as detected" follows the wing and the
 * IGC header; a choice here wins over both and moves the flight to that category's rankings,
 * places and thermal maps.
 */
export function CategoryControl({ flightId }: { flightId: number }) {
  const { t, i18n } = useLingui();
  const { data } = useFlightCategoryQuery(flightId);
  const [setCategory, saving] = useSetFlightCategoryMutation();
  const [failure, setFailure] = useState<string | null>(null);
  if (!data) return null;
  const detected = data.source === 'flight' ? null : data.category;

  const onChange = async (value: string) => {
    setFailure(null);
    try {
      await setCategory({ id: flightId, category: value === '' ? null : (value as AircraftCategory) }).unwrap();
    } catch (error) {
      setFailure(errorMessage(error, t`Failed to change the aircraft`));
    }
  };

  return (
    <>
      <Field>
        <span>{t`Aircraft`}</span>
        <Select value={data.source === 'flight' ? data.category : ''} disabled={saving.isLoading} onChange={(e) => void onChange(e.target.value)}>
          <option value="">{detected ? t`As detected: ${i18n._(CATEGORY_NAMES[detected])}` : t`As detected`}</option>
          {AIRCRAFT_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {i18n._(CATEGORY_NAMES[c])}
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

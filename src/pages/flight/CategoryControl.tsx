import { useLingui } from '@lingui/react/macro';
import { AIRCRAFT_CATEGORIES, type AircraftCategory } from '../../../contract/aircraft';
import { useFlightCategoryQuery, useSetFlightCategoryMutation } from '../../api/flights';
import { Select } from '../../components/ui';
import { CATEGORY_NAMES } from '../../features/aircraft/categoryNames';
import { FailureAlert } from '../../components/FailureAlert';
import { useActionFailure } from '../../components/useActionFailure';
import { ControlField } from './control-field';

/**
 * What the flight was flown on (docs/aircraft-category.md): "as detected" follows the wing and the
 * IGC header; a choice here wins over both and moves the flight to that category's rankings,
 * places and thermal maps.
 */
export function CategoryControl({ flightId }: { flightId: number }) {
  const { t, i18n } = useLingui();
  const { data } = useFlightCategoryQuery(flightId);
  const [setCategory, saving] = useSetFlightCategoryMutation();
  const { failure, run } = useActionFailure();
  if (!data) return null;
  const detected = data.source === 'flight' ? null : data.category;

  const onChange = (value: string) => run(() => setCategory({ id: flightId, category: value === '' ? null : (value as AircraftCategory) }).unwrap(), t`Failed to change the aircraft`);

  return (
    <>
      <ControlField>
        <span>{t`Aircraft`}</span>
        <Select value={data.source === 'flight' ? data.category : ''} disabled={saving.isLoading} onChange={(e) => void onChange(e.target.value)}>
          <option value="">{detected ? t`As detected: ${i18n._(CATEGORY_NAMES[detected])}` : t`As detected`}</option>
          {AIRCRAFT_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {i18n._(CATEGORY_NAMES[c])}
            </option>
          ))}
        </Select>
      </ControlField>
      <FailureAlert failure={failure} />
    </>
  );
}

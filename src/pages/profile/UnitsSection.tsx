import { Trans, useLingui } from '@lingui/react/macro';
import { ALTITUDE_UNITS, CLIMB_UNITS, DISTANCE_UNITS, SPEED_UNITS } from '../../../contract/units';
import { errorMessage } from '../../api/base';
import { useSetUnitsMutation } from '../../api/auth';
import { useAppSelector } from '../../app/hooks';
import type { ToastMessage } from '../../components/Toast';
import { Button, Card, FieldPairs, Form, Hint, Label, Select } from '../../components/ui';
import { useUnits } from '../../components/units';
import { selectUser } from '../../features/auth/authSlice';
import { ALTITUDE_SYMBOL, CLIMB_SYMBOL, DISTANCE_SYMBOL, SPEED_SYMBOL, type UnitPreference } from '../../format/units';

/**
 * The units every number is shown in (docs/units.md). Each change is saved at once; until the pilot
 * chooses, the app follows the region of the browser's language, which "Use my region's units" returns to.
 */
export function UnitsSection({ onToast }: { onToast: (toast: ToastMessage) => void }) {
  const { t } = useLingui();
  const units = useUnits();
  const chosen = useAppSelector(selectUser)?.units ?? null;
  const [save, { isLoading }] = useSetUnitsMutation();

  const choose = async (next: UnitPreference | null) => {
    try {
      await save(next).unwrap();
      onToast({ tone: 'success', text: t`Units saved.` });
    } catch (failure) {
      onToast({ tone: 'error', text: errorMessage(failure, t`Failed to save the units`) });
    }
  };
  const field = <K extends keyof UnitPreference>(key: K, label: string, options: readonly UnitPreference[K][], symbol: Record<UnitPreference[K], string>) => (
    <Label>
      {label}
      <Select value={units[key]} disabled={isLoading} onChange={(e) => void choose({ ...units, [key]: e.target.value as UnitPreference[K] })}>
        {options.map((option) => (
          <option key={option} value={option}>
            {symbol[option]}
          </option>
        ))}
      </Select>
    </Label>
  );

  return (
    <Card aria-labelledby="units-heading">
      <h2 id="units-heading">
        <Trans>Units</Trans>
      </h2>
      <Form as="div">
        <FieldPairs>
          {field('altitude', t`Altitude`, ALTITUDE_UNITS, ALTITUDE_SYMBOL)}
          {field('distance', t`Distance`, DISTANCE_UNITS, DISTANCE_SYMBOL)}
          {field('speed', t`Speed`, SPEED_UNITS, SPEED_SYMBOL)}
          {field('climb', t`Climb and sink`, CLIMB_UNITS, CLIMB_SYMBOL)}
        </FieldPairs>
        <Hint>
          {chosen ? <Trans>Every height, distance, speed and climb in the app is shown in these units. Downloads stay in metres and kilometres, with the unit in each column name.</Trans> : <Trans>Chosen from your language and region until you pick your own. Downloads stay in metres and kilometres, with the unit in each column name.</Trans>}
        </Hint>
        {chosen && (
          <div>
            <Button type="button" $variant="secondary" disabled={isLoading} onClick={() => void choose(null)}>
              <Trans>Use my region’s units</Trans>
            </Button>
          </div>
        )}
      </Form>
    </Card>
  );
}

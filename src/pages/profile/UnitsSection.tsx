import { Trans, useLingui } from '@lingui/react/macro';
import { ALTITUDE_UNITS, CLIMB_UNITS, DISTANCE_UNITS, SPEED_UNITS } from '../../../contract/units';
import { useSetUnitsMutation } from '../../api/auth';
import { useAppSelector } from '../../app/hooks';
import type { ToastMessage } from '../../components/Toast';
import { Button, FieldPairs, Hint } from '../../components/ui';
import { useUnits } from '../../components/units';
import { selectUser } from '../../features/auth/authSlice';
import { ALTITUDE_SYMBOL, CLIMB_SYMBOL, DISTANCE_SYMBOL, SPEED_SYMBOL, type UnitPreference } from '../../format/units';
import { SettingSection, SettingSelect, useSaveWithToast } from './SettingSection';

/**
 * The units every number is shown in (docs/units.md). Each change is saved at once; until the pilot
 * chooses, the app follows the region of the browser's language, which "Use my region's units" returns to.
 */
export function UnitsSection({ onToast }: { onToast: (toast: ToastMessage) => void }) {
  const { t } = useLingui();
  const units = useUnits();
  const chosen = useAppSelector(selectUser)?.units ?? null;
  const [save, { isLoading }] = useSetUnitsMutation();
  const saveWithToast = useSaveWithToast(onToast);

  const choose = (next: UnitPreference | null) => saveWithToast(() => save(next).unwrap(), t`Units saved.`, t`Failed to save the units`);
  const field = <K extends keyof UnitPreference>(key: K, label: string, options: readonly UnitPreference[K][], symbol: Record<UnitPreference[K], string>) => (
    <SettingSelect label={label} value={units[key]} options={options} optionLabel={(option) => symbol[option]} disabled={isLoading} onChoose={(option) => void choose({ ...units, [key]: option })} />
  );

  return (
    <SettingSection headingId="units-heading" title={<Trans>Units</Trans>}>
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
    </SettingSection>
  );
}

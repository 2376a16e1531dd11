import { useLingui } from '@lingui/react/macro';
import type { GearKind } from '../../../contract/gear';

/** The kinds' names in the pilot's language. */
export function useGearKindName() {
  const { t } = useLingui();
  const names: Record<GearKind | 'wing', string> = { harness: t`Harness`, reserve: t`Reserve`, instrument: t`Instrument`, helmet: t`Helmet`, other: t`Other`, wing: t`Wing` };
  return (kind: GearKind | 'wing') => names[kind];
}

import { useLingui } from '@lingui/react';
import { useMemo, type ReactNode } from 'react';
import { useAppSelector } from '../../app/hooks';
import { UnitsContext } from '../../components/units';
import { pilotDefaultUnits, setActiveUnits } from '../../format/units';
import { selectUser } from '../auth/authSlice';

const browserLanguages = (): readonly string[] => (typeof navigator === 'undefined' ? [] : navigator.languages ?? [navigator.language]);

/**
 * The units every number is shown in (docs/units.md): the signed-in pilot's choice, else those of
 * the country most of their flights took off in, else the region of the browser's language. Set before the children render, so the plain formatters
 * (`km`, `metres`) follow too, and provided to the components that read `useUnits()`.
 */
export function UnitsRoot({ children }: { children: ReactNode }) {
  const user = useAppSelector(selectUser);
  const chosen = user?.units ?? null;
  const takeoffTimeZone = user?.takeoffTimeZone ?? null;
  const { i18n } = useLingui();
  const units = useMemo(() => chosen ?? pilotDefaultUnits(takeoffTimeZone, i18n.locale, browserLanguages()), [chosen, takeoffTimeZone, i18n.locale]);
  setActiveUnits(units);
  return <UnitsContext.Provider value={units}>{children}</UnitsContext.Provider>;
}

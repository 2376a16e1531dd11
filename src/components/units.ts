import { createContext, useContext } from 'react';
import { METRIC, type UnitPreference } from '../format/units';

/**
 * The pilot's units (docs/units.md), provided by the app's units root. A component that shows a
 * number reads them here, so it draws again when the pilot changes them; the formatters in
 * `format/units.ts` take them as their last argument.
 */
export const UnitsContext = createContext<UnitPreference>(METRIC);

export const useUnits = (): UnitPreference => useContext(UnitsContext);

import { z } from 'zod';

/**
 * The units a pilot reads numbers in (docs/units.md). The server stores and answers SI (metres, km,
 * km/h, m/s); only the app converts. Codes, not symbols, so they are safe in URLs and databases.
 */
export const ALTITUDE_UNITS = ['m', 'ft'] as const;
export const DISTANCE_UNITS = ['km', 'mi'] as const;
export const SPEED_UNITS = ['kmh', 'mph', 'kt'] as const;
export const CLIMB_UNITS = ['ms', 'fpm'] as const;

export type AltitudeUnit = (typeof ALTITUDE_UNITS)[number];
export type DistanceUnit = (typeof DISTANCE_UNITS)[number];
export type SpeedUnit = (typeof SPEED_UNITS)[number];
export type ClimbUnit = (typeof CLIMB_UNITS)[number];

export const unitPreference = z.object({
  altitude: z.enum(ALTITUDE_UNITS, { error: 'Altitude unit must be m or ft.' }),
  distance: z.enum(DISTANCE_UNITS, { error: 'Distance unit must be km or mi.' }),
  speed: z.enum(SPEED_UNITS, { error: 'Speed unit must be kmh, mph or kt.' }),
  climb: z.enum(CLIMB_UNITS, { error: 'Climb unit must be ms or fpm.' }),
});
export type UnitPreference = z.infer<typeof unitPreference>;

/** PUT /api/auth/units: the pilot's choice, or null to follow the language's region again. */
export const unitsBody = z.object({ units: unitPreference.nullable() });
export type UnitsBody = z.input<typeof unitsBody>;
export const unitsResponse = z.object({ units: unitPreference.nullable() });
export type UnitsResponse = z.infer<typeof unitsResponse>;

export const METRIC: UnitPreference = { altitude: 'm', distance: 'km', speed: 'kmh', climb: 'ms' };

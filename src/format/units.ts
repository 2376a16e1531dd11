// docs/units.md: the server answers SI (m, km, km/h, m/s); every number the app shows goes through
// these, in the pilot's units. Exports stay SI with the unit in their column names.
import { METRIC, type AltitudeUnit, type ClimbUnit, type DistanceUnit, type SpeedUnit, type UnitPreference } from '../../contract/units';
import { decimal } from './format-number';

export { METRIC, type UnitPreference };

const FEET_PER_METRE = 3.28084;
const MILES_PER_KM = 0.621371;
const KNOTS_PER_KMH = 0.539957;
const FEET_PER_MINUTE_PER_MS = 196.8504;

/** The units of the pilot using the app; set by the app's units root before anything renders (like the active language). */
let active: UnitPreference = METRIC;
export const setActiveUnits = (units: UnitPreference) => {
  active = units;
};
export const activeUnits = (): UnitPreference => active;

/** Regions that fly in feet (and ft/min); the US also in miles and mph, the UK keeps km for cross-country distance. */
const REGION_UNITS: Record<string, UnitPreference> = {
  US: { altitude: 'ft', distance: 'mi', speed: 'mph', climb: 'fpm' },
  LR: { altitude: 'ft', distance: 'mi', speed: 'mph', climb: 'fpm' },
  MM: { altitude: 'ft', distance: 'mi', speed: 'mph', climb: 'fpm' },
  GB: { altitude: 'ft', distance: 'km', speed: 'mph', climb: 'fpm' },
};

/** Time zones of the regions above (the US's, the UK's, Liberia's, Myanmar's); every other zone flies metric. */
const US_ZONE = /^(America\/(New_York|Detroit|Chicago|Denver|Boise|Phoenix|Los_Angeles|Anchorage|Juneau|Sitka|Metlakatla|Yakutat|Nome|Adak|Menominee|Indiana\/.+|Kentucky\/.+|North_Dakota\/.+)|Pacific\/Honolulu|US\/.+)$/;
const ZONE_REGIONS: [RegExp, string][] = [
  [US_ZONE, 'US'],
  [/^(Europe\/London|GB)$/, 'GB'],
  [/^Africa\/Monrovia$/, 'LR'],
  [/^Asia\/(Yangon|Rangoon)$/, 'MM'],
];

/** The units of the country a time zone lies in (feet in the US and the UK, metric elsewhere). */
export function unitsOfTimeZone(timeZone: string): UnitPreference {
  const region = ZONE_REGIONS.find(([zone]) => zone.test(timeZone))?.[1];
  return (region && REGION_UNITS[region]) || METRIC;
}

/**
 * The default before a pilot chooses (docs/units.md): the country most of the pilot's flights took off
 * in, when there are flights; else the region of the browser's first tag in the app's language.
 */
export function pilotDefaultUnits(takeoffTimeZone: string | null | undefined, language: string, browserLanguages: readonly string[]): UnitPreference {
  return takeoffTimeZone ? unitsOfTimeZone(takeoffTimeZone) : defaultUnits(language, browserLanguages);
}

/**
 * The default without flights: the region of the browser's first tag in the app's language
 * (en-US → feet, miles, mph, ft/min; en-GB → feet, km, mph, ft/min), metric otherwise.
 */
export function defaultUnits(language: string, browserLanguages: readonly string[]): UnitPreference {
  for (const tag of browserLanguages) {
    const [lang, region] = tag.split(/[-_]/);
    if (lang?.toLowerCase() !== language || !region) continue;
    return REGION_UNITS[region.toUpperCase()] ?? METRIC;
  }
  return METRIC;
}

const missing = (value: number | null | undefined): value is null | undefined => value === null || value === undefined || Number.isNaN(value);

export const ALTITUDE_SYMBOL: Record<AltitudeUnit, string> = { m: 'm', ft: 'ft' };
export const DISTANCE_SYMBOL: Record<DistanceUnit, string> = { km: 'km', mi: 'mi' };
export const SPEED_SYMBOL: Record<SpeedUnit, string> = { kmh: 'km/h', mph: 'mph', kt: 'kt' };
export const CLIMB_SYMBOL: Record<ClimbUnit, string> = { ms: 'm/s', fpm: 'ft/min' };

/** Metres in the pilot's altitude unit (a number, for charts and axes). */
export const toAltitude = (metres: number, units: UnitPreference = active) => (units.altitude === 'ft' ? metres * FEET_PER_METRE : metres);
export const toDistance = (km: number, units: UnitPreference = active) => (units.distance === 'mi' ? km * MILES_PER_KM : km);
export const toSpeed = (kmh: number, units: UnitPreference = active) => (units.speed === 'mph' ? kmh * MILES_PER_KM : units.speed === 'kt' ? kmh * KNOTS_PER_KMH : kmh);
export const toClimb = (ms: number, units: UnitPreference = active) => (units.climb === 'fpm' ? ms * FEET_PER_MINUTE_PER_MS : ms);

/** An altitude or height, rounded: '2613 m', '8573 ft'; '-' when missing. */
export function altitude(metres: number | null | undefined, units: UnitPreference = active): string {
  return missing(metres) ? '-' : `${Math.round(toAltitude(metres, units))} ${ALTITUDE_SYMBOL[units.altitude]}`;
}

/** A distance with fixed decimals: '19.1 km', '11.9 mi'; '-' when missing. */
export function distance(km: number | null | undefined, decimals: number, units: UnitPreference = active): string {
  return missing(km) ? '-' : `${decimal(toDistance(km, units), decimals)} ${DISTANCE_SYMBOL[units.distance]}`;
}

/** A short distance given in metres (a cylinder's radius, a site's reach): '400 m', or '1312 ft' where distances are in miles. */
export function shortDistance(metres: number, units: UnitPreference = active): string {
  return units.distance === 'mi' ? `${Math.round(metres * FEET_PER_METRE)} ft` : `${Math.round(metres)} m`;
}

/** A speed with fixed decimals: '23.4 km/h', '14.5 mph', '12.6 kt'; '-' when missing. */
export function speed(kmh: number | null | undefined, decimals: number, units: UnitPreference = active): string {
  return missing(kmh) ? '-' : `${decimal(toSpeed(kmh, units), decimals)} ${SPEED_SYMBOL[units.speed]}`;
}

/** A climb or sink rate: '2.3 m/s' (1 decimal), '453 ft/min' (whole feet); '-' when missing. */
export function climb(ms: number | null | undefined, units: UnitPreference = active, decimals = 1): string {
  if (missing(ms)) return '-';
  return units.climb === 'fpm' ? `${decimal(toClimb(ms, units), 0)} ft/min` : `${decimal(ms, decimals)} m/s`;
}

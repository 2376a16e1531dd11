// The league rules and flight types in the pilot's language. The contract names them in English for the
// CSV export and link previews; everything the app shows goes through these.
import { i18n as activeI18n, type I18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ScoringRules } from '../../contract/scoring';
import { shortDistance } from './units';

/** The turnpoint cylinders' radius of the FAI-Cylinders rules (docs/scoring.md). */
const FAI_CYLINDER_RADIUS_M = 400;

// Proper names (XContest, FFVL CFD, UK XC League) stay as the leagues write them.
const LEAGUE_NAMES: Record<Exclude<ScoringRules, 'FAI-Cylinders'>, MessageDescriptor | string> = {
  XContest: 'XContest',
  FFVL: 'FFVL CFD',
  FAI: msg`FAI triangles (free distance, FAI triangle)`,
  'FAI-OAR': msg`FAI out and return`,
  'FAI-OAR2': msg`FAI out and return (2 turnpoints)`,
  XCLeague: 'UK XC League',
};

const FLIGHT_TYPES: Record<string, MessageDescriptor> = {
  od: msg`Free distance`,
  oar: msg`Out and return`,
  tri: msg`Flat triangle`,
  fai: msg`FAI triangle`,
};

export function leagueName(rules: ScoringRules, i18n: I18n = activeI18n): string {
  if (rules === 'FAI-Cylinders') {
    // The radius in the pilot's units (docs/units.md).
    const radius = shortDistance(FAI_CYLINDER_RADIUS_M);
    return i18n._(msg`FAI with ${radius} cylinders`);
  }
  const name = LEAGUE_NAMES[rules];
  return typeof name === 'string' ? name : i18n._(name);
}

/** A flight type as pilots say it ('Free distance', not 'OD'); '-' when the flight has none. */
export function flightTypeName(code: string | null | undefined, i18n: I18n = activeI18n): string {
  if (!code || code === 'none') return '-';
  const known = FLIGHT_TYPES[code];
  return known ? i18n._(known) : code.toUpperCase();
}

import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { IncidentCause, IncidentPhase, Injuries } from '../../../contract/incidents';

const PHASES: Record<IncidentPhase, MessageDescriptor> = {
  preflight: msg`Preflight`,
  takeoff: msg`Takeoff`,
  'ridge-soaring': msg`Ridge soaring`,
  thermalling: msg`Thermalling`,
  glide: msg`Glide`,
  approach: msg`Landing approach`,
  landing: msg`Landing`,
  'ground-handling': msg`Ground handling`,
};
const CAUSES: Record<IncidentCause, MessageDescriptor> = {
  turbulence: msg`Turbulence`,
  collapse: msg`Collapse`,
  'stall-or-spin': msg`Stall or spin`,
  'launch-error': msg`Launch error`,
  'landing-error': msg`Landing error`,
  collision: msg`Collision`,
  equipment: msg`Equipment`,
  'weather-change': msg`Change of weather`,
  decision: msg`Decision`,
  other: msg`Other`,
};
const INJURY_WORDS: Record<Injuries, MessageDescriptor> = { none: msg`None`, minor: msg`Minor`, serious: msg`Serious` };

export const phaseName = (i18n: I18n, v: string) => (v in PHASES ? i18n._(PHASES[v as IncidentPhase]) : v);
export const causeName = (i18n: I18n, v: string) => (v in CAUSES ? i18n._(CAUSES[v as IncidentCause]) : v);
export const injuriesName = (i18n: I18n, v: string) => (v in INJURY_WORDS ? i18n._(INJURY_WORDS[v as Injuries]) : v);

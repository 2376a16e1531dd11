// The glider dialog's fields as typed, and the contract's rules applied to them.
import type { AircraftCategory } from '../../../contract/aircraft';
import { gliderBody, type Glider, type GliderBody, type GliderClass } from '../../../contract/gliders';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { localizeServerMessage } from '../../i18n/server-messages';

export interface GliderForm {
  manufacturer: string;
  model: string;
  size: string;
  /** '' until the pilot picks one: a new wing's class is asked, never assumed. */
  gliderClass: GliderClass | '';
  /** '' when the flights' own recordings decide (docs/aircraft-category.md). */
  aircraftCategory: AircraftCategory | '';
  inUseFrom: string;
  inUseUntil: string;
  lastCheck: string;
  checkIntervalMonths: string;
  checkIntervalHours: string;
  notes: string;
  isDefault: boolean;
}

export type GliderField = keyof GliderForm;

export const emptyGliderForm = (): GliderForm => ({
  manufacturer: '',
  model: '',
  size: '',
  gliderClass: '',
  aircraftCategory: '',
  inUseFrom: '',
  inUseUntil: '',
  lastCheck: '',
  checkIntervalMonths: '',
  checkIntervalHours: '',
  notes: '',
  isDefault: false,
});

export const gliderFormOf = (g: Glider): GliderForm => ({
  manufacturer: g.manufacturer,
  model: g.model,
  size: g.size ?? '',
  gliderClass: g.gliderClass,
  aircraftCategory: g.aircraftCategory ?? '',
  inUseFrom: g.inUseFrom ?? '',
  inUseUntil: g.inUseUntil ?? '',
  lastCheck: g.lastCheck ?? '',
  checkIntervalMonths: g.checkIntervalMonths === null ? '' : String(g.checkIntervalMonths),
  checkIntervalHours: g.checkIntervalHours === null ? '' : String(g.checkIntervalHours),
  notes: g.notes ?? '',
  isDefault: g.isDefault,
});

const whole = (text: string) => (text.trim() === '' ? null : Number(text.trim()));
const day = (text: string) => (text === '' ? null : text);

/** The body a glider's fields make (what PUT and POST take). */
export const gliderBodyOf = (f: GliderForm): GliderBody => ({
  manufacturer: f.manufacturer,
  model: f.model,
  size: f.size || null,
  gliderClass: f.gliderClass as GliderClass, // '' is refused below, with its own words
  aircraftCategory: f.aircraftCategory || null,
  inUseFrom: day(f.inUseFrom),
  inUseUntil: day(f.inUseUntil),
  lastCheck: day(f.lastCheck),
  checkIntervalMonths: whole(f.checkIntervalMonths),
  checkIntervalHours: whole(f.checkIntervalHours),
  notes: f.notes || null,
  isDefault: f.isDefault,
});

/** The contract's message for each field that breaks a rule (the first one per field). */
export function gliderFormErrors(f: GliderForm): Partial<Record<GliderField, string>> {
  const parsed = gliderBody.safeParse(gliderBodyOf(f));
  if (parsed.success) return {};
  const errors: Partial<Record<GliderField, string>> = {};
  if (f.gliderClass === '') errors.gliderClass = i18n._(msg`Choose the wing's class.`);
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as GliderField | undefined;
    if (field && !errors[field]) errors[field] = localizeServerMessage(issue.message);
  }
  return errors;
}

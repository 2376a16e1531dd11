import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { EntryChange } from '../../../contract/training';

/** The seeded exercises (migration 026) in the pilot's language; exercises a school adds keep their own name. */
const SEEDED: Record<string, MessageDescriptor> = {
  'ground-handling': msg`Ground handling`,
  'forward-launch': msg`Forward launch`,
  'reverse-launch': msg`Reverse launch`,
  'big-ears': msg`Big ears`,
  'top-landing': msg`Top landing`,
  'spot-landing': msg`Spot landing`,
  'spiral-dive': msg`Spiral dive`,
  'b-line-stall': msg`B-line stall`,
  'asymmetric-collapse': msg`Asymmetric collapse`,
  'full-stall': msg`Full stall`,
  'reserve-throw': msg`Reserve throw`,
  siv: msg`SIV course`,
};

export const exerciseName = (i18n: I18n, e: { key: string | null; name: string }) => {
  const seeded = e.key ? SEEDED[e.key] : undefined;
  return seeded ? i18n._(seeded) : e.name;
};

const CHANGES: Record<EntryChange, MessageDescriptor> = {
  'flight-missing': msg`a signed flight was deleted`,
  'flight-times': msg`a signed flight’s times were changed`,
  'flight-track': msg`a signed flight’s track was replaced`,
  exercises: msg`the exercises were changed`,
  signature: msg`the signed record was altered`,
  chain: msg`the chain of signatures was altered`,
};
export const changeText = (i18n: I18n, change: EntryChange) => i18n._(CHANGES[change]);

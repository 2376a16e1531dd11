import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { AircraftCategory } from '../../../contract/aircraft';

/** How each aircraft category is named on screen (docs/aircraft-category.md). */
export const CATEGORY_NAMES: Record<AircraftCategory, MessageDescriptor> = {
  paraglider: msg`Paraglider`,
  hang_glider: msg`Hang glider`,
  sailplane: msg`Sailplane`,
  other: msg`Other aircraft`,
};

import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { AirspaceLimit } from '../../../contract/airspace';

/**
 * One colour per kind of airspace, the same on the map, the legend and the profile; each has at
 * least 3:1 contrast on the light and the dark map background (WCAG 1.4.11 for graphics).
 */
const COLOURS: Record<string, string> = {
  CTR: '#c2185b',
  A: '#7b1fa2', B: '#7b1fa2',
  C: '#1565c0', D: '#1565c0',
  E: '#2e7d32', F: '#2e7d32', G: '#2e7d32',
  R: '#d32f2f', P: '#d32f2f',
  Q: '#e65100', W: '#e65100',
  TMZ: '#6d4c41', RMZ: '#6d4c41',
};
export const OTHER_COLOUR = '#546e7a';
export const classColour = (airspaceClass: string) => COLOURS[airspaceClass] ?? OTHER_COLOUR;

/** Words for the classes a pilot may not know by letter. */
const CLASS_NAMES: Record<string, MessageDescriptor> = {
  CTR: msg`Control zone`,
  R: msg`Restricted`,
  P: msg`Prohibited`,
  Q: msg`Danger`,
  W: msg`Wave window`,
  TMZ: msg`Transponder zone`,
  RMZ: msg`Radio zone`,
};
export function className(airspaceClass: string, translate: (d: MessageDescriptor) => string): string {
  const name = CLASS_NAMES[airspaceClass];
  return name ? `${airspaceClass} (${translate(name)})` : airspaceClass;
}

/** A floor or ceiling as the file wrote it ("FL95", "2500ft AMSL"); the surface and unlimited in words. */
export function limitText(limit: AirspaceLimit, translate: (d: MessageDescriptor) => string): string {
  if (limit.reference === 'sfc') return translate(msg`Ground`);
  if (limit.reference === 'unl') return translate(msg`Unlimited`);
  return limit.text;
}

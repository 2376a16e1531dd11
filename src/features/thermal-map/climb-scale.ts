/**
 * The thermal map's colours by average climb (m/s), weakest first; each band also has words in the
 * legend and the table, so colour never carries the meaning alone.
 */
export const CLIMB_BANDS = [
  { from: -Infinity, colour: '#4575b4' },
  { from: 0.5, colour: '#91bfdb' },
  { from: 1, colour: '#fee090' },
  { from: 2, colour: '#fc8d59' },
  { from: 3, colour: '#d73027' },
] as const;
/** A cell where launches found nothing and no thermal was found. */
export const NOTHING_COLOUR = '#777777';

export const climbColour = (climb: number | null) => (climb === null ? NOTHING_COLOUR : [...CLIMB_BANDS].reverse().find((b) => climb >= b.from)!.colour);

/** 0.35 for one thermal, up to 0.85 for many: busy cells stand out without hiding the map. */
export const cellOpacity = (count: number) => Math.min(0.85, 0.35 + Math.log10(Math.max(1, count)) * 0.25);

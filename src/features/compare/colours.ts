/**
 * One colour per compared flight, in the order asked (colourIndex): ten hues that stay apart on the
 * map's tiles and on both themes' chart backgrounds. Colour never works alone: the map labels each
 * marker with the pilot's name and the standings table names them.
 */
export const FLIGHT_COLOURS = ['#d62728', '#1f77b4', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b', '#e377c2', '#17becf', '#7f7f00', '#393b79'] as const;

export const flightColour = (index: number) => FLIGHT_COLOURS[index % FLIGHT_COLOURS.length]!;

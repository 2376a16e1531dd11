import type { FlightSummary } from '../../contract/flights';

/** A completed flight summary as the server lists it; override what a test needs. */
export const flight = (over: Partial<FlightSummary> = {}): FlightSummary => ({
  id: 1,
  startTime: '2025-07-14T08:05:00.000Z',
  timeZone: 'Europe/Zurich',
  status: 'Completed',
  flightTime: 5_430,
  distance: 42.356,
  maxAltitude: 2750,
  elevationGain: 1200,
  xcPoints: 50,
  leftCircles: 3,
  rightCircles: 4,
  flightCode: 'od',
  takeoffLocation: 'Interlaken',
  landingLocation: null,
  gliderType: null,
  removalReason: null,
  removalDate: null,
  ...over,
});

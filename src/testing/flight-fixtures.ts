import type { FlightDetail, FlightSummary } from '../../contract/flights';
import { publicFlight, type PublicFlight } from '../../contract/sharing';

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
  notes: null,
  gliderId: null,
  gliderName: null,
  siteId: null,
  siteName: null,
  landingSiteId: null,
  landingSiteName: null,
  source: 'igc',
  visibility: 'private',
  airspaceInfringements: null,
  ...over,
});

/** The flight page's answer for flight(): the summary with the analysis figures. */
export const flightDetail = (over: Partial<FlightDetail> = {}): FlightDetail => ({
  ...flight(),
  xcDistance: 42.36,
  groundDistance: 55.04,
  xcSpeed: 28.06,
  maxHeight: 2750.6,
  startHeight: 1602.4,
  maxLift: 4.56,
  maxSink: -3.44,
  scoringRules: 'XContest',
  windowCorrected: false,
  xcProven: true,
  ...over,
});

/** flightDetail() as a share link shows it: the contract drops the ids and private fields; no notes, photos or phases. */
export const publicFlightFixture = (over: Partial<PublicFlight> = {}): PublicFlight =>
  publicFlight.parse({ ...flightDetail(), pilot: { name: 'Anna Alpin', pageUrl: null }, notes: null, photos: [], phases: null, place: null, likeCount: 0, commentCount: 0, trackDownload: null, ...over });

import { REMOVAL_REASONS } from '../../../contract/rules';
import { LAUNCH_WINDOW_S, type FlightMetrics } from './metrics';

// A module binding: jest's sandbox looks each global up slowly (docs/testing.md, "Globals in jest's sandbox").
const Math = globalThis.Math;

/** docs/product.md §3 removal reason codes set by validation, as contract/rules.ts names them. */
export const REASON = {
  none: REMOVAL_REASONS.None,
  duplicate: REMOVAL_REASONS.Duplicate,
  shortFlight: REMOVAL_REASONS.ShortFlight,
  noFlight: REMOVAL_REASONS.NoFlight,
  gondola: REMOVAL_REASONS.GondolaRide,
  car: REMOVAL_REASONS.CarDrive,
  insufficientHeight: REMOVAL_REASONS.InsufficientHeightDifference,
  similar: REMOVAL_REASONS.Similar,
} as const;

/** Thresholds, chosen from real tracks; the reasoning is in docs/validation.md. */
export const THRESHOLDS = {
  shortFlightS: 60,
  minHeightDifferenceM: 15,
  gondolaMinClimbM: 150,
  gondolaMinStraightness: 0.7,
  carMinTypicalSpeedKmh: 60,
  /**
   * Launched: a climb of at least towMinClimbMs (20 s vario) that took the aircraft towMinHeightM above
   * its takeoff and its landing. An aerotow, a winch or a tow behind a boat climbs like that; a road
   * or a cable car does not come back down, so such a flight is never a Car Drive or a Gondola Ride.
   */
  towMinClimbMs: 2,
  towMinHeightM: 200,
  /**
   * Also launched: it gained towMinGainM within towWindowS (1.4 m/s for six minutes: an aerotow after
   * its roll, climbing at 1.5-3 m/s; no road climbs that steadily at car speed), and it came down
   * towMinHeightM again (a cable car climbs faster but ends at the top).
   */
  towWindowS: LAUNCH_WINDOW_S,
  towMinGainM: 500,
};

export interface ValidationInput {
  metrics: Pick<FlightMetrics, 'flightTime' | 'maxAltitude' | 'minAltitude' | 'startHeight' | 'endHeight' | 'maxLift' | 'leftCircles' | 'rightCircles' | 'groundDistance' | 'speeds'> & Partial<Pick<FlightMetrics, 'launchClimbM'>>;
  /** Straight-line distance from takeoff to landing, km. */
  displacementKm: number;
}

const percentile = (values: number[], p: number) => {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
};

/** The reason a detected flight needs the pilot's review, or 0. Checked in order of certainty. */
export function validateFlight({ metrics: m, displacementKm }: ValidationInput): number {
  const circles = m.leftCircles + m.rightCircles;
  const launched =
    (m.maxLift >= THRESHOLDS.towMinClimbMs && m.maxAltitude - m.startHeight >= THRESHOLDS.towMinHeightM && m.maxAltitude - m.endHeight >= THRESHOLDS.towMinHeightM) ||
    ((m.launchClimbM ?? 0) >= THRESHOLDS.towMinGainM && m.maxAltitude - m.endHeight >= THRESHOLDS.towMinHeightM);
  if (!launched && percentile(m.speeds, 0.75) > THRESHOLDS.carMinTypicalSpeedKmh && circles < 2) return REASON.car;
  const straightness = m.groundDistance > 0 ? displacementKm / m.groundDistance : 0;
  if (!launched && m.endHeight - m.startHeight > THRESHOLDS.gondolaMinClimbM && circles === 0 && straightness > THRESHOLDS.gondolaMinStraightness) return REASON.gondola;
  if (m.flightTime < THRESHOLDS.shortFlightS) return REASON.shortFlight;
  if (m.maxAltitude - m.minAltitude < THRESHOLDS.minHeightDifferenceM) return REASON.insufficientHeight;
  return REASON.none;
}

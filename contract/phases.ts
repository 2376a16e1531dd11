import { z } from 'zod';

/** One circling climb. Times ISO UTC; heights metres (baro, else GPS); climbs m/s; wind km/h, direction it blows FROM in degrees. */
export const thermal = z.object({
  startTime: z.string(),
  endTime: z.string(),
  /** Indexes into the full-resolution path (GET /api/FlightDetail/:id/path), for highlighting. */
  startIndex: z.number(),
  endIndex: z.number(),
  entryAltitude: z.number(),
  exitAltitude: z.number(),
  gain: z.number(),
  averageClimb: z.number(),
  maxClimb: z.number(),
  direction: z.enum(['left', 'right', 'mixed']),
  turns: z.number(),
  latitude: z.number(),
  longitude: z.number(),
  windSpeed: z.number().nullable(),
  windDirection: z.number().nullable(),
});
export type Thermal = z.infer<typeof thermal>;

/** A straight stretch between thermals. distance km, averageSpeed km/h. */
export const glide = z.object({
  startTime: z.string(),
  endTime: z.string(),
  startIndex: z.number(),
  endIndex: z.number(),
  distance: z.number(),
  averageSpeed: z.number(),
  altitudeLoss: z.number(),
  /** Distance over height lost; null when the glide lost no height. */
  glideRatio: z.number().nullable(),
});
export type Glide = z.infer<typeof glide>;

export const phaseSummary = z.object({
  /** Share of the flight's time spent circling, 0 to 1. */
  circlingShare: z.number(),
  thermalCount: z.number(),
  averageThermalClimb: z.number().nullable(),
  bestThermalClimb: z.number().nullable(),
  glideRatio: z.number().nullable(),
});
export type PhaseSummary = z.infer<typeof phaseSummary>;

/** GET /api/FlightDetail/:id/phases (404 for a flight without a track). */
export const flightPhases = z.object({ thermals: z.array(thermal), glides: z.array(glide), summary: phaseSummary });
export type FlightPhases = z.infer<typeof flightPhases>;

import { z } from 'zod';

export const revalidateFlightBody = z.object({
  flightId: z.coerce.number({ error: 'Please enter a valid flight ID.' }).int('Please enter a valid flight ID.').min(1, 'Please enter a valid flight ID.'),
});

/** The answer of the test-mail routes. */
export const debugMessage = z.object({ message: z.string() });

export const reasonChange = z.object({
  flightId: z.number(),
  oldRemovalReason: z.number().nullable(),
  newRemovalReason: z.number().nullable(),
});
export type ReasonChange = z.infer<typeof reasonChange>;

export const revalidateFlightResponse = reasonChange.extend({ message: z.string() });
export type RevalidateFlightResponse = z.infer<typeof revalidateFlightResponse>;

export const revalidateAllResponse = z.object({
  processedCount: z.number(),
  changedCount: z.number(),
  changes: z.array(reasonChange),
  message: z.string(),
});
export type RevalidateAllResponse = z.infer<typeof revalidateAllResponse>;

export const resetCompletedResponse = z.object({
  processedCount: z.number(),
  resetFlights: z.array(z.object({ flightId: z.number(), startTime: z.string().nullable(), oldStatus: z.string(), newStatus: z.string() })),
  message: z.string(),
});
export type ResetCompletedResponse = z.infer<typeof resetCompletedResponse>;

export const debugStatistics = z.object({
  flights: z.object({
    total: z.number(),
    pending: z.number(),
    processing: z.number(),
    completed: z.number(),
    failed: z.number(),
    valid: z.number(),
    removed: z.number(),
    withFeatures: z.number(),
    withCoordinates: z.number(),
  }),
  profiles: z.object({ total: z.number() }),
  processing: z.object({ completionRate: z.number(), featureExtractionRate: z.number(), coordinateExtractionRate: z.number() }),
});
export type DebugStatistics = z.infer<typeof debugStatistics>;

export const resetAllResponse = z.object({
  details: z.object({
    flightsReset: z.number(),
    featuresDeleted: z.number(),
    coordinatesDeleted: z.number(),
    featureGeometriesDeleted: z.number(),
    featurePropertiesDeleted: z.number(),
  }),
  message: z.string(),
});
export type ResetAllResponse = z.infer<typeof resetAllResponse>;

import { z } from 'zod';

export const revalidateFlightBody = z.object({
  flightId: z.coerce.number({ error: 'Please enter a valid flight ID.' }).int('Please enter a valid flight ID.').min(1, 'Please enter a valid flight ID.'),
});

export interface ReasonChange {
  flightId: number;
  oldRemovalReason: number | null;
  newRemovalReason: number | null;
}
export interface RevalidateAllResponse {
  processedCount: number;
  changedCount: number;
  changes: ReasonChange[];
  message: string;
}
export interface ResetCompletedResponse {
  processedCount: number;
  resetFlights: { flightId: number; startTime: string | null; oldStatus: string; newStatus: string }[];
  message: string;
}
export interface DebugStatistics {
  flights: { total: number; pending: number; processing: number; completed: number; failed: number; valid: number; removed: number; withFeatures: number; withCoordinates: number };
  profiles: { total: number };
  processing: { completionRate: number; featureExtractionRate: number; coordinateExtractionRate: number };
}
export interface ResetAllResponse {
  details: { flightsReset: number; featuresDeleted: number; coordinatesDeleted: number; featureGeometriesDeleted: number; featurePropertiesDeleted: number };
  message: string;
}

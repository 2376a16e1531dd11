import { z } from 'zod';
import { flightFeatures } from './uploads';

export const PASSENGER_NAME_MAX = 100;
export const PASSENGER_CONTACT_MAX = 200;
export const PASSENGER_NOTE_MAX = 2000;

const optionalText = (what: string, max: number) =>
  z.string({ error: `${what} must be text.` }).trim().max(max, `${what} must be at most ${max} characters.`).nullish().transform((v) => v || null);

/** PUT /api/FlightDetail/:id/passenger: the flight's passenger (one per flight). */
export const passengerBody = z.object({
  name: z.string({ error: 'Name is required.' }).trim().min(1, 'Name is required.').max(PASSENGER_NAME_MAX, `Name must be at most ${PASSENGER_NAME_MAX} characters.`),
  /** Kept for the pilot only: never in any page the passenger or anyone else opens. */
  contact: optionalText('Contact', PASSENGER_CONTACT_MAX),
  note: optionalText('Note', PASSENGER_NOTE_MAX),
  /** Whether the passenger page names the pilot. */
  showPilotName: z.boolean({ error: 'showPilotName must be true or false.' }).optional().default(false),
});
export type PassengerBody = z.input<typeof passengerBody>;

export const passenger = z.object({
  name: z.string(),
  contact: z.string().nullable(),
  note: z.string().nullable(),
  showPilotName: z.boolean(),
  /** The passenger page's address while its link exists, else null. */
  pageUrl: z.string().nullable(),
});
export type Passenger = z.infer<typeof passenger>;
export const passengerState = z.object({ passenger: passenger.nullable() });
export type PassengerState = z.infer<typeof passengerState>;

export const passengerTokenParams = z.object({ token: z.string().min(1).max(100) });

/** GET /api/public/passengers/:token: the flight as its passenger sees it, nothing more. */
export const passengerPage = z.object({
  passengerName: z.string(),
  /** Only when the pilot chose to show it. */
  pilotName: z.string().nullable(),
  startTime: z.string().nullable(),
  timeZone: z.string().nullable(),
  flightTime: z.number().nullable(),
  /** A flight added by hand has no track: the page says so instead of a map. */
  hasTrack: z.boolean(),
});
export type PassengerPage = z.infer<typeof passengerPage>;
export const passengerFeatures = flightFeatures;

/** GET /api/tandem/statistics: tandem flights over counted flights, per season (local year) and per wing. */
export const tandemStatistics = z.object({
  total: z.number(),
  seasons: z.array(z.object({ year: z.number(), count: z.number() })),
  wings: z.array(z.object({ gliderId: z.number().nullable(), gliderName: z.string().nullable(), count: z.number() })),
});
export type TandemStatistics = z.infer<typeof tandemStatistics>;

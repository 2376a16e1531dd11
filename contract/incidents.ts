import { z } from 'zod';

/** Incident reports started from a flight (docs/career.md, "Incident reports"). */
export const INCIDENT_PHASES = ['preflight', 'takeoff', 'ridge-soaring', 'thermalling', 'glide', 'approach', 'landing', 'ground-handling'] as const;
export const INCIDENT_CAUSES = ['turbulence', 'collapse', 'stall-or-spin', 'launch-error', 'landing-error', 'collision', 'equipment', 'weather-change', 'decision', 'other'] as const;
export const INJURIES = ['none', 'minor', 'serious'] as const;
export type IncidentPhase = (typeof INCIDENT_PHASES)[number];
export type IncidentCause = (typeof INCIDENT_CAUSES)[number];
export type Injuries = (typeof INJURIES)[number];
export const INCIDENT_TEXT_MAX = 4000;
export const GEAR_NAME_MAX = 200;

/** What the flight tells of the conditions: the thermal nearest the moment (wind), the flight's extremes. km/h, degrees FROM, m/s, metres. */
export const incidentConditions = z.object({
  windSpeed: z.number().nullable(),
  windDirection: z.number().nullable(),
  climbNearby: z.number().nullable(),
  maxLift: z.number().nullable(),
  maxSink: z.number().nullable(),
  /** The phase the analysis found at the moment (thermalling or glide), null without a track. */
  analysedPhase: z.enum(['thermalling', 'glide']).nullable(),
});
export type IncidentConditions = z.infer<typeof incidentConditions>;

/** What a report is prefilled with from the flight (and its moment), and what it keeps. */
export const incidentFacts = z.object({
  flightId: z.number().nullable(),
  occurredAt: z.string().nullable(),
  placeName: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  wingName: z.string().nullable(),
  wingClass: z.string().nullable(),
  harness: z.string().nullable(),
  reserve: z.string().nullable(),
  altitude: z.number().nullable(),
  conditions: incidentConditions,
  /** The phase suggested from the analysis; the pilot chooses. */
  phase: z.enum(INCIDENT_PHASES).nullable(),
});
export type IncidentFacts = z.infer<typeof incidentFacts>;

/** GET /api/incidents/prefill?flightId&moment: the facts of one of the pilot's flights at a moment (default its takeoff). */
export const prefillQuery = z.object({
  flightId: z.coerce.number({ error: 'flightId must be a number.' }).int().positive('flightId must be a positive number.'),
  moment: z.iso.datetime({ error: 'moment must be an ISO time.', offset: true }).optional(),
});

const text = (message: string) => z.string({ error: message }).trim().min(1, message).max(INCIDENT_TEXT_MAX, `At most ${INCIDENT_TEXT_MAX} characters.`);
const gear = z.string().trim().max(GEAR_NAME_MAX, `At most ${GEAR_NAME_MAX} characters.`).nullable().optional();

/** POST /api/incidents: the pilot's account; time, place, wing and conditions come from the flight on the server. */
export const incidentBody = z.object({
  flightId: z.number({ error: 'Choose the flight.' }).int().positive(),
  moment: z.iso.datetime({ error: 'moment must be an ISO time.', offset: true }).optional(),
  phase: z.enum(INCIDENT_PHASES, { error: 'Choose the phase of flight.' }),
  whatHappened: text('Say what happened.'),
  injuries: z.enum(INJURIES, { error: 'Say whether anyone was hurt.' }),
  reserveThrown: z.boolean({ error: 'Say whether the reserve was thrown.' }),
  cause: z.enum(INCIDENT_CAUSES, { error: 'Choose the cause as you see it.' }),
  causeNote: z.string().trim().max(INCIDENT_TEXT_MAX, `At most ${INCIDENT_TEXT_MAX} characters.`).optional(),
  harness: gear,
  reserve: gear,
});
export type IncidentBody = z.infer<typeof incidentBody>;

export const incidentReport = incidentFacts.extend({
  id: z.number(),
  createdAt: z.string(),
  phase: z.enum(INCIDENT_PHASES),
  whatHappened: z.string(),
  injuries: z.enum(INJURIES),
  reserveThrown: z.boolean(),
  cause: z.enum(INCIDENT_CAUSES),
  causeNote: z.string().nullable(),
  /** When the pilot shared it (without name) with the safety officers; null: private. */
  sharedAt: z.string().nullable(),
});
export type IncidentReport = z.infer<typeof incidentReport>;
export const incidentReports = z.object({ reports: z.array(incidentReport) });
export type IncidentReports = z.infer<typeof incidentReports>;

/** PUT /api/incidents/:id/shared. */
export const shareIncidentBody = z.object({ shared: z.boolean({ error: 'shared must be true or false.' }) });

/**
 * A shared report as safety officers see it: no name, email, ids, wing model or gear names; the month
 * instead of the time; the place rounded to 0.1° (about 11 km) and without its name.
 */
export const anonymousIncident = z.object({
  month: z.string().nullable(),
  region: z.object({ latitude: z.number(), longitude: z.number() }).nullable(),
  wingClass: z.string().nullable(),
  phase: z.enum(INCIDENT_PHASES),
  altitude: z.number().nullable(),
  conditions: incidentConditions,
  whatHappened: z.string(),
  injuries: z.enum(INJURIES),
  reserveThrown: z.boolean(),
  cause: z.enum(INCIDENT_CAUSES),
  causeNote: z.string().nullable(),
});
export type AnonymousIncident = z.infer<typeof anonymousIncident>;
const count = z.object({ value: z.string(), count: z.number() });
/** GET /api/safety/incidents (safety officers). */
export const safetyOverview = z.object({
  reports: z.array(anonymousIncident),
  totals: z.object({ byCause: z.array(count), byWingClass: z.array(count), byPhase: z.array(count) }),
});
export type SafetyOverview = z.infer<typeof safetyOverview>;

import { INCIDENT_CAUSES, INCIDENT_PHASES, INJURIES, type AnonymousIncident, type IncidentBody, type IncidentConditions, type IncidentFacts, type IncidentPhase, type IncidentReport, type SafetyOverview } from '../../../contract/incidents';
import type { FlightPhases } from '../../../contract/phases';
import { nowIso, type Db, type DbDeps } from '../db';
import { findPhases, findTrack, ownFlight, type FlightRow } from '../flights';
import { gliderName, ownGlider } from '../gliders';
import { badRequest, notFound } from '../http';
import { renderPdf } from '../pdf';
import { requireRole } from '../roles';
import { decodeTrack, unpack } from '../track';
import { gearForIncident } from './gear';
import * as repo from './repository';

const MINUTE = 60_000;
const oneOf = <T extends string>(values: readonly T[], value: string, fallback: T): T => ((values as readonly string[]).includes(value) ? (value as T) : fallback);

/** Where and how high the track was at the moment (nearest fix), null without a track. */
async function positionAt(db: Db, flightId: number, momentMs: number) {
  const stored = await findTrack(db, flightId);
  if (!stored) return null;
  const track = await decodeTrack(stored.path);
  const times = track.timesMs;
  if (!times.length) return null;
  let best = 0;
  for (let i = 1; i < times.length; i++) if (Math.abs(times[i]! - momentMs) < Math.abs(times[best]! - momentMs)) best = i;
  const baro = track.baroAltitudesM?.[best];
  const gps = track.gpsAltitudesM?.[best];
  const altitude = baro !== undefined && !Number.isNaN(baro) ? baro : gps !== undefined && !Number.isNaN(gps) ? gps : null;
  return { latitude: track.latitudesDeg[best]!, longitude: track.longitudesDeg[best]!, altitude: altitude === null ? null : Math.round(altitude) };
}

/** The analysis's thermals and glides: wind from the thermal at (or nearest) the moment, and which of the two it was. */
async function conditionsAt(db: Db, flight: FlightRow, momentMs: number): Promise<IncidentConditions> {
  const stored = await findPhases(db, flight.id);
  const phases = stored ? await unpack<FlightPhases>(stored) : null;
  const within = (p: { startTime: string; endTime: string }) => Date.parse(p.startTime) <= momentMs && momentMs <= Date.parse(p.endTime);
  const distance = (p: { startTime: string; endTime: string }) => Math.min(Math.abs(Date.parse(p.startTime) - momentMs), Math.abs(Date.parse(p.endTime) - momentMs));
  const thermals = phases?.thermals ?? [];
  const current = thermals.find(within);
  const nearest = current ?? [...thermals].sort((a, b) => distance(a) - distance(b))[0];
  return {
    windSpeed: nearest?.windSpeed ?? null,
    windDirection: nearest?.windDirection ?? null,
    climbNearby: nearest?.averageClimb ?? null,
    maxLift: flight.maxLift,
    maxSink: flight.maxSink,
    analysedPhase: current ? 'thermalling' : phases?.glides.some(within) ? 'glide' : null,
  };
}

/** A first guess of the phase: the first and last minutes are takeoff and landing, then what the analysis found. */
function suggestedPhase(flight: FlightRow, momentMs: number, analysed: IncidentConditions['analysedPhase']): IncidentPhase | null {
  const start = flight.startTime ? Date.parse(flight.startTime) : NaN;
  const end = flight.endTime ? Date.parse(flight.endTime) : NaN;
  if (momentMs - start <= MINUTE) return 'takeoff';
  if (end - momentMs <= MINUTE) return 'landing';
  if (end - momentMs <= 5 * MINUTE) return 'approach';
  return analysed;
}

function toReport(row: repo.IncidentRow): IncidentReport {
  return {
    id: row.id,
    flightId: row.flightId,
    createdAt: row.createdAt,
    occurredAt: row.occurredAt,
    placeName: row.placeName,
    latitude: row.latitude,
    longitude: row.longitude,
    wingName: row.wingName,
    wingClass: row.wingClass,
    harness: row.harness,
    reserve: row.reserve,
    altitude: row.altitude,
    conditions: JSON.parse(row.conditions) as IncidentConditions,
    phase: oneOf(INCIDENT_PHASES, row.phase, 'glide'),
    whatHappened: row.whatHappened,
    injuries: oneOf(INJURIES, row.injuries, 'none'),
    reserveThrown: row.reserveThrown === 1,
    cause: oneOf(INCIDENT_CAUSES, row.cause, 'other'),
    causeNote: row.causeNote,
    sharedAt: row.sharedAt,
  };
}

/** The place to 0.1° (about 11 km): near enough for a safety officer's map, too coarse to name a launch. */
const roundPlace = (v: number) => Math.round(v * 10) / 10;

function anonymous(row: Awaited<ReturnType<typeof repo.listShared>>[number]): AnonymousIncident {
  return {
    month: row.occurredAt?.slice(0, 7) ?? null,
    region: row.latitude !== null && row.longitude !== null ? { latitude: roundPlace(row.latitude), longitude: roundPlace(row.longitude) } : null,
    wingClass: row.wingClass,
    phase: oneOf(INCIDENT_PHASES, row.phase, 'glide'),
    altitude: row.altitude === null ? null : Math.round(row.altitude / 100) * 100,
    conditions: JSON.parse(row.conditions) as IncidentConditions,
    whatHappened: row.whatHappened,
    injuries: oneOf(INJURIES, row.injuries, 'none'),
    reserveThrown: row.reserveThrown === 1,
    cause: oneOf(INCIDENT_CAUSES, row.cause, 'other'),
    causeNote: row.causeNote,
  };
}

function totals(values: (string | null)[]) {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v ?? 'unknown', (counts.get(v ?? 'unknown') ?? 0) + 1);
  return [...counts].map(([value, count]) => ({ value, count })).sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
}

// Incident reports (docs/career.md, "Incident reports").
async function facts(db: Db, userId: number, flightId: number, moment: string | undefined): Promise<IncidentFacts> {
  const flight = await ownFlight(db, userId, flightId);
  const start = flight.startTime ? Date.parse(flight.startTime) : NaN;
  const end = flight.endTime ? Date.parse(flight.endTime) : NaN;
  const momentMs = moment ? Date.parse(moment) : start;
  if (moment && !(momentMs >= start && momentMs <= end)) throw badRequest('The moment must be between the flight’s takeoff and landing.');
  const wing = flight.gliderId ? await ownGlider(db, userId, flight.gliderId).catch(() => null) : null;
  const gear = await gearForIncident(db, userId, flight);
  const position = Number.isNaN(momentMs) ? null : await positionAt(db, flight.id, momentMs);
  const conditions: IncidentConditions = Number.isNaN(momentMs)
    ? { windSpeed: null, windDirection: null, climbNearby: null, maxLift: flight.maxLift, maxSink: flight.maxSink, analysedPhase: null }
    : await conditionsAt(db, flight, momentMs);
  return {
    flightId: flight.id,
    occurredAt: Number.isNaN(momentMs) ? null : new Date(momentMs).toISOString(),
    placeName: flight.siteName ?? flight.takeoffLocation,
    latitude: position?.latitude ?? flight.takeoffLat,
    longitude: position?.longitude ?? flight.takeoffLon,
    wingName: wing ? gliderName(wing) : flight.gliderType,
    wingClass: wing?.gliderClass ?? null,
    harness: gear.harness,
    reserve: gear.reserve,
    altitude: position?.altitude ?? null,
    conditions,
    phase: Number.isNaN(momentMs) ? null : suggestedPhase(flight, momentMs, conditions.analysedPhase),
  };
}

/** What the flight tells about a moment of it, to prefill a report (the pilot may change each). */
export const incidentFacts = ({ database: { db } }: DbDeps, userId: number, flightId: number, moment: string | undefined) => facts(db, userId, flightId, moment);

const own = async (db: Db, userId: number, id: number) => {
  const row = await repo.findOwn(db, userId, id);
  if (!row) throw notFound('Incident report not found.');
  return row;
};

export const listIncidents = async ({ database: { db } }: DbDeps, userId: number) => ({ reports: (await repo.listOwn(db, userId)).map(toReport) });
export const incident = async ({ database: { db } }: DbDeps, userId: number, id: number) => toReport(await own(db, userId, id));

export async function createIncident({ database: { db } }: DbDeps, userId: number, body: IncidentBody): Promise<IncidentReport> {
  const f = await facts(db, userId, body.flightId, body.moment);
  const { id } = await repo.insert(db, {
    userId,
    flightId: f.flightId,
    createdAt: nowIso(),
    occurredAt: f.occurredAt,
    placeName: f.placeName,
    latitude: f.latitude,
    longitude: f.longitude,
    wingName: f.wingName,
    wingClass: f.wingClass,
    harness: body.harness === undefined ? f.harness : body.harness || null,
    reserve: body.reserve === undefined ? f.reserve : body.reserve || null,
    phase: body.phase,
    altitude: f.altitude,
    conditions: JSON.stringify(f.conditions),
    whatHappened: body.whatHappened,
    injuries: body.injuries,
    reserveThrown: body.reserveThrown ? 1 : 0,
    cause: body.cause,
    causeNote: body.causeNote || null,
    sharedAt: null,
  });
  return toReport(await own(db, userId, id));
}

export async function removeIncident({ database: { db } }: DbDeps, userId: number, id: number) {
  await own(db, userId, id);
  await repo.remove(db, userId, id);
}

export async function shareIncident({ database: { db } }: DbDeps, userId: number, id: number, shared: boolean) {
  const row = await own(db, userId, id);
  if (shared !== (row.sharedAt !== null)) await repo.setShared(db, userId, id, shared ? nowIso() : null);
  return toReport(await own(db, userId, id));
}

export async function incidentPdf({ database: { db } }: DbDeps, userId: number, id: number) {
  const r = toReport(await own(db, userId, id));
  const bytes = await renderPdf('Incident report', (doc, text) => {
    const line = (label: string, value: string | number | null) => doc.text(text(`${label}: ${value ?? '-'}`));
    line('Time', r.occurredAt);
    line('Place', r.placeName);
    line('Position', r.latitude !== null && r.longitude !== null ? `${r.latitude.toFixed(5)}, ${r.longitude.toFixed(5)}` : null);
    line('Wing', [r.wingName, r.wingClass].filter(Boolean).join(', ') || null);
    line('Harness', r.harness);
    line('Reserve', r.reserve);
    line('Phase', r.phase);
    line('Altitude (m)', r.altitude);
    line('Wind (km/h, from degrees)', r.conditions.windSpeed !== null ? `${Math.round(r.conditions.windSpeed)} from ${Math.round(r.conditions.windDirection ?? 0)}` : null);
    line('Injuries', r.injuries);
    line('Reserve thrown', r.reserveThrown ? 'yes' : 'no');
    line('Cause as the pilot sees it', r.cause);
    doc.moveDown().font('Helvetica-Bold').text('What happened').font('Helvetica').text(text(r.whatHappened));
    if (r.causeNote) doc.moveDown().font('Helvetica-Bold').text('About the cause').font('Helvetica').text(text(r.causeNote));
  });
  return { filename: `incident-${(r.occurredAt ?? r.createdAt).slice(0, 10)}.pdf`, bytes };
}

export async function incidentJson({ database: { db } }: DbDeps, userId: number, id: number) {
  const r = toReport(await own(db, userId, id));
  return { filename: `incident-${(r.occurredAt ?? r.createdAt).slice(0, 10)}.json`, text: JSON.stringify(r, null, 2) };
}

/** What safety officers see: shared reports without identity, and totals. */
export async function safetyOverview({ database: { db } }: DbDeps, userId: number): Promise<SafetyOverview> {
  await requireRole(db, userId, 'safety-officer', 'This is for safety officers only.');
  const reports = (await repo.listShared(db)).map(anonymous);
  return {
    reports,
    totals: { byCause: totals(reports.map((r) => r.cause)), byWingClass: totals(reports.map((r) => r.wingClass)), byPhase: totals(reports.map((r) => r.phase)) },
  };
}

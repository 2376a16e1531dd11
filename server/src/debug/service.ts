import type { DebugStatistics, ReasonChange, ResetAllResponse, ResetCompletedResponse, RevalidateAllResponse, RevalidateFlightResponse } from '../../../contract/debug';
import { REMOVAL_REASONS } from '../../../contract/rules';
import { issueToken } from '../auth';
import type { Config } from '../config';
import type { Db, User } from '../db';
import type { FlightsChanged } from '../flights';
import { notFound } from '../http';
import type { AnalysisPool } from '../ingest';
import type { JobQueue } from '../jobs';
import type { Mailer } from '../mail';
import { composeMail, type MailKind } from '../mail';
import { ANALYSE_FILE } from '../ingest';
import { crossFileReason } from '../ingest';
import { findFile } from '../ingest';
import { analyseForPilot } from '../ingest';
import * as repo from './repository';

/** Reasons validation may set or clear; a pilot's own choices (User Requested, Other...) are left alone. */
const AUTOMATIC = new Set<number>([
  REMOVAL_REASONS.Duplicate,
  REMOVAL_REASONS.ShortFlight,
  REMOVAL_REASONS.NoFlight,
  REMOVAL_REASONS.GondolaRide,
  REMOVAL_REASONS.CarDrive,
  REMOVAL_REASONS.InsufficientHeightDifference,
  REMOVAL_REASONS.Similar,
]);

const pct = (part: number, whole: number) => (whole ? Math.round((part / whole) * 10000) / 100 : 0);

export interface DebugDeps {
  config: Pick<Config, 'publicUrl' | 'scoringRules'>;
  database: { db: Db };
  mailer: Mailer;
  pool: AnalysisPool;
  queue: JobQueue;
  flightsChanged: FlightsChanged;
}

/** Re-runs validation on the stored original files of the given flights and applies changed reasons. */
export async function revalidate(deps: Pick<DebugDeps, 'config' | 'database' | 'pool' | 'flightsChanged'>, flightIds: number[] | 'all'): Promise<{ processedCount: number; changes: ReasonChange[] }> {
  const { db } = deps.database;
  const flights = await repo.completedFlights(db, flightIds);
  const changes: ReasonChange[] = [];
  const changedPilots = new Set<number>();
  const byFile = new Map<number, typeof flights>();
  for (const f of flights) byFile.set(f.igcFileId, [...(byFile.get(f.igcFileId) ?? []), f]);
  for (const [igcFileId, group] of byFile) {
    const file = await findFile(db, igcFileId);
    if (!file?.content) continue;
    // As the pilot sees the file: their league and takeoff/landing windows, so corrections hold.
    const { result } = await analyseForPilot(
      { db, pool: deps.pool, defaultScoringRules: deps.config.scoringRules },
      { id: igcFileId, userId: file.userId, content: file.content, originalFilename: file.originalFilename },
    );
    if (!result.ok) continue;
    for (const f of group) {
      const analysis = result.value.find((a) => a.segmentIndex === f.segmentIndex);
      if (!analysis) continue;
      const current = f.removalReason ?? REMOVAL_REASONS.None;
      if (current !== REMOVAL_REASONS.None && !AUTOMATIC.has(current)) continue;
      const next = analysis.removalReason || (await crossFileReason(db, f.userId, igcFileId, analysis));
      if (next === current) continue;
      await repo.setRemovalReason(db, f.id, next || null);
      changedPilots.add(f.userId);
      changes.push({ flightId: f.id, oldRemovalReason: f.removalReason, newRemovalReason: next || null });
    }
  }
  for (const userId of changedPilots) await deps.flightsChanged(userId);
  return { processedCount: flights.length, changes };
}

/** Sends the files of these flights back through analysis. */
export async function requeue(deps: Pick<DebugDeps, 'database' | 'queue' | 'flightsChanged'>, flightIds: number[]): Promise<void> {
  if (!flightIds.length) return;
  const { db } = deps.database;
  const fileIds = await repo.fileIdsOf(db, flightIds);
  const pilots = await repo.pilotIdsOf(db, flightIds);
  await repo.setFlightsPending(db, flightIds);
  await repo.setFilesPending(db, fileIds);
  for (const userId of pilots) await deps.flightsChanged(userId);
  for (const id of fileIds) await deps.queue.enqueue(ANALYSE_FILE, { igcFileId: id });
}

/** Admin tools (docs/product.md §7 Debug), as the debug routes call them. */
export function debugService(deps: DebugDeps) {
  const { db } = deps.database;
  const { config, mailer } = deps;
  const links: Record<'welcome' | 'reset' | 'emailChange', (admin: User) => Promise<string>> = {
    welcome: async () => `${config.publicUrl}/dashboard`,
    reset: async (admin) => `${config.publicUrl}/reset-password?code=${await issueToken(db, admin.id, 'reset', admin.email)}`,
    emailChange: async (admin) => `${config.publicUrl}/api/auth/verify-email?code=${await issueToken(db, admin.id, 'verify', admin.email)}`,
  };

  return {
    /** Sends the admin a mail of this kind, with a working link. */
    async sendTestMail(kind: Exclude<MailKind, 'verify'>, admin: User) {
      const link = await links[kind](admin);
      await mailer.send(composeMail(kind, { to: admin.email, name: admin.displayName || admin.username, language: admin.preferredLanguage, link }));
      return { message: `Test email sent to ${admin.email}.` };
    },

    async revalidateFlight(flightId: number): Promise<RevalidateFlightResponse> {
      const flight = await repo.findFlightReason(db, flightId);
      if (!flight) throw notFound(`Flight ${flightId} not found.`);
      const change = (await revalidate(deps, [flightId])).changes[0];
      return {
        flightId,
        oldRemovalReason: flight.removalReason,
        newRemovalReason: change ? change.newRemovalReason : flight.removalReason,
        message: change ? 'Flight revalidated: its removal reason changed.' : 'Flight revalidated: no change.',
      };
    },

    async revalidateAll(): Promise<RevalidateAllResponse> {
      const { processedCount, changes } = await revalidate(deps, 'all');
      return { processedCount, changedCount: changes.length, changes, message: `${processedCount} flights revalidated, ${changes.length} changed.` };
    },

    async resetCompletedWithoutFeatures(): Promise<ResetCompletedResponse> {
      const flights = await repo.completedWithoutTrack(db);
      await requeue(deps, flights.map((f) => f.id));
      return {
        processedCount: flights.length,
        resetFlights: flights.map((f) => ({ flightId: f.id, startTime: f.startTime, oldStatus: f.status, newStatus: 'Pending' })),
        message: `${flights.length} flights queued for analysis again.`,
      };
    },

    async resetAll(): Promise<ResetAllResponse> {
      const deleted = await repo.deleteAllTracks(db);
      const flightIds = await repo.allFlightIds(db);
      await requeue(deps, flightIds);
      return {
        // Track, features and their geometry live in one row per flight here.
        details: { flightsReset: flightIds.length, featuresDeleted: deleted, coordinatesDeleted: deleted, featureGeometriesDeleted: deleted, featurePropertiesDeleted: 0 },
        message: `${flightIds.length} flights queued for analysis again.`,
      };
    },

    async statistics(): Promise<DebugStatistics> {
      const byStatus = await repo.countFlightsByStatus(db);
      const count = (s: string) => byStatus.get(s) ?? 0;
      const total = [...byStatus.values()].reduce((n, c) => n + c, 0);
      const removed = await repo.countRemoved(db);
      const withFeatures = await repo.countTracks(db);
      const withCoordinates = await repo.countWithCoordinates(db);
      const profiles = await repo.countUsers(db);
      const completed = count('Completed');
      return {
        flights: { total, pending: count('Pending'), processing: count('Processing'), completed, failed: count('Failed'), valid: total - removed, removed, withFeatures, withCoordinates },
        profiles: { total: profiles },
        processing: { completionRate: pct(completed, total), featureExtractionRate: pct(withFeatures, completed), coordinateExtractionRate: pct(withCoordinates, completed) },
      };
    },
  };
}

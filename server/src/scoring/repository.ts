import { sql } from 'kysely';
import type { Db } from '../db';

export async function setPilotRules(db: Db, userId: number, scoringRules: string): Promise<void> {
  await db.updateTable('users').set({ scoringRules }).where('id', '=', userId).execute();
}

/** The pilot's flights analysed from a stored file: the ones a league change re-scores. */
function rescorable(db: Db, userId: number) {
  return db
    .selectFrom('flights')
    .innerJoin('igcFiles', 'igcFiles.id', 'flights.igcFileId')
    .where('flights.userId', '=', userId)
    .where('flights.status', '=', 'Completed')
    .where('igcFiles.content', 'is not', null);
}

/** The league a flight was scored under: its own, else (older flights) the instance's. */
const ruleOf = (defaultRules: string) => sql<string>`coalesce(flights.scoring_rules, ${defaultRules})`;

/** How many of those flights there are, and how many are scored under `rules` already. */
export async function rescoreCounts(db: Db, userId: number, rules: string, defaultRules: string): Promise<{ total: number; done: number }> {
  const row = await rescorable(db, userId)
    .select((eb) => [eb.fn.countAll().as('total'), eb.fn.sum(sql<number>`case when ${ruleOf(defaultRules)} = ${rules} then 1 else 0 end`).as('done')])
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), done: Number(row.done ?? 0) };
}

/** Files with a flight not yet scored under `rules`. */
export async function filesToRescore(db: Db, userId: number, rules: string, defaultRules: string, limit: number): Promise<number[]> {
  const rows = await rescorable(db, userId)
    .select('flights.igcFileId')
    .distinct()
    .where(sql<boolean>`${ruleOf(defaultRules)} <> ${rules}`)
    .orderBy('flights.igcFileId')
    .limit(limit)
    .execute();
  return rows.map((r) => r.igcFileId!);
}

/** Marks flights scored under `rules` when their file could not be analysed again (they keep their old figures). */
export async function stampRules(db: Db, igcFileId: number, rules: string): Promise<void> {
  await db.updateTable('flights').set({ scoringRules: rules }).where('igcFileId', '=', igcFileId).execute();
}

/** Files of the pilot with a completed flight whose stored track has no phases (analysed before thermals and glides were stored). */
export async function filesWithoutPhases(db: Db, userId: number, limit: number): Promise<number[]> {
  const rows = await rescorable(db, userId)
    .innerJoin('flightTracks', 'flightTracks.flightId', 'flights.id')
    .select('flights.igcFileId')
    .distinct()
    .where('flightTracks.phases', 'is', null)
    .orderBy('flights.igcFileId')
    .limit(limit)
    .execute();
  return rows.map((r) => r.igcFileId!);
}

/** Pilots with such files. */
export async function pilotsWithoutPhases(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom('flights')
    .innerJoin('flightTracks', 'flightTracks.flightId', 'flights.id')
    .innerJoin('igcFiles', 'igcFiles.id', 'flights.igcFileId')
    .select('flights.userId')
    .distinct()
    .where('flights.status', '=', 'Completed')
    .where('flightTracks.phases', 'is', null)
    .where('igcFiles.content', 'is not', null)
    .execute();
  return rows.map((r) => r.userId);
}

/** A flight of the pilot whose score is open (the optimizer stopped on its budget) and not yet given the background proof. */
export interface OpenScore {
  id: number;
  igcFileId: number;
  fingerprint: string | null;
  scoringRules: string | null;
}

const openScores = (db: Db) =>
  db
    .selectFrom('flights')
    .innerJoin('igcFiles', 'igcFiles.id', 'flights.igcFileId')
    .where('flights.status', '=', 'Completed')
    .where('flights.xcOptimal', '=', 0)
    .where('flights.xcProofRun', '=', 0)
    .where('igcFiles.content', 'is not', null);

export async function flightToProve(db: Db, userId: number): Promise<OpenScore | undefined> {
  const row = await openScores(db)
    .select(['flights.id', 'flights.igcFileId', 'flights.fingerprint', 'flights.scoringRules'])
    .where('flights.userId', '=', userId)
    .orderBy('flights.id')
    .executeTakeFirst();
  return row ? { ...row, igcFileId: row.igcFileId! } : undefined;
}

export async function pilotsWithOpenScores(db: Db): Promise<number[]> {
  const rows = await openScores(db).select('flights.userId').distinct().execute();
  return rows.map((r) => r.userId);
}

/** The same analysis (same fingerprint and league) is marked as given its proof. */
export async function markProofRun(db: Db, open: OpenScore): Promise<void> {
  await db
    .updateTable('flights')
    .set({ xcProofRun: 1 })
    .where('id', '=', open.id)
    .where((eb) => (open.fingerprint === null ? eb('fingerprint', 'is', null) : eb('fingerprint', '=', open.fingerprint)))
    .where((eb) => (open.scoringRules === null ? eb('scoringRules', 'is', null) : eb('scoringRules', '=', open.scoringRules)))
    .execute();
}

/** What the background proof found for one flight of a file: its score figures and the scoring geometry. */
export interface ProvenScore {
  segmentIndex: number;
  fingerprint: string;
  distance: number;
  xcDistance: number;
  xcPoints: number;
  flightCode: string;
  xcSpeed: number;
  xcOptimal: boolean;
  xcBound: number | null;
  track: { features: Uint8Array };
}

/**
 * Stores a proof's score on the flight it was found for, if that flight is still the analysis the
 * proof started from (same file, segment, league and fingerprint, open, not yet proven) and the
 * score is not lower; true when it stored it.
 */
export async function storeProvenScore(db: Db, at: { userId: number; igcFileId: number; scoringRules: string }, a: ProvenScore): Promise<boolean> {
  const row = await db
    .selectFrom('flights')
    .select(['id', 'xcPoints'])
    .where('userId', '=', at.userId)
    .where('igcFileId', '=', at.igcFileId)
    .where('segmentIndex', '=', a.segmentIndex)
    .where('fingerprint', '=', a.fingerprint)
    .where('scoringRules', '=', at.scoringRules)
    .where('status', '=', 'Completed')
    .where('xcOptimal', '=', 0)
    .where('xcProofRun', '=', 0)
    .executeTakeFirst();
  if (!row || a.xcPoints < (row.xcPoints ?? 0)) return false;
  await db
    .updateTable('flights')
    .set({ distance: a.distance, xcDistance: a.xcDistance, xcPoints: a.xcPoints, flightCode: a.flightCode, xcSpeed: a.xcSpeed, xcOptimal: a.xcOptimal ? 1 : 0, xcBound: a.xcBound, xcProofRun: 1 })
    .where('id', '=', row.id)
    .execute();
  await db.updateTable('flightTracks').set({ features: Buffer.from(a.track.features) }).where('flightId', '=', row.id).execute();
  return true;
}

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

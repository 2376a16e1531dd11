import { stringify } from 'csv-stringify/sync';
import { LEDGER_CSV_COLUMNS, LEDGER_OUTCOMES, type LedgerCounts, type LedgerOutcome } from '../../../contract/uploads';
import { REMOVAL_REASONS } from '../../../contract/rules';
import { toNumber, type Db } from '../db';
import { escapeCell } from '../exports';
import { notFound } from '../http';
import { MERGED_REASON_STARTS } from '../ingest';
import * as repo from './repository';

/** Flags the analysis sets on a recording that never flew: the file holds "not a flight". */
export const NOT_A_FLIGHT_REASONS: readonly number[] = [REMOVAL_REASONS.NoFlight, REMOVAL_REASONS.GondolaRide, REMOVAL_REASONS.CarDrive];
const NOT_A_FLIGHT_NAMES = new Map<number, string>([
  [REMOVAL_REASONS.NoFlight, 'the recording never leaves the ground'],
  [REMOVAL_REASONS.GondolaRide, 'a gondola or lift ride'],
  [REMOVAL_REASONS.CarDrive, 'a drive by car'],
]);

/** An analysed file whose flights were already in the logbook (the ledger's "merged"). */
const isMergedReason = (reason: string | null) => !!reason && MERGED_REASON_STARTS.some((start) => reason.startsWith(start));

/** An ignored entry that is not a track (named), against one that could not be read (skipped, with why). */
export const isNotTrackReason = (reason: string | null) => !!reason && (reason.startsWith('Not a track file') || reason.startsWith('Ignored:'));

const zeroCounts = (): LedgerCounts => Object.fromEntries(LEDGER_OUTCOMES.map((o) => [o, 0])) as LedgerCounts;

/** Per task, how many files ended as each outcome, from grouped queries (the task list's numbers). */
export async function ledgerCountsByTask(db: Db, taskIds: number[]): Promise<Map<number, LedgerCounts>> {
  const byTask = new Map(taskIds.map((id) => [id, zeroCounts()]));
  if (!taskIds.length) return byTask;
  for (const row of await repo.ledgerStatusCountsOfTasks(db, taskIds)) {
    const counts = byTask.get(row.uploadTaskId)!;
    const n = toNumber(row.n);
    const outcome: LedgerOutcome =
      row.status === 'Pending' || row.status === 'Processing'
        ? 'waiting'
        : row.status === 'Failed'
          ? 'unreadable'
          : row.status === 'Duplicate'
            ? 'duplicate'
            : row.status === 'Merged'
              ? 'merged'
              : row.status === 'Ignored'
                ? toNumber(row.skipped) ? 'unreadable' : 'notTrack'
                : toNumber(row.merged) ? 'merged' : 'stored';
    counts[outcome] += n;
  }
  for (const row of await repo.notFlightCountsOfTasks(db, taskIds, NOT_A_FLIGHT_REASONS)) {
    const counts = byTask.get(row.uploadTaskId)!;
    const n = toNumber(row.n);
    counts.stored -= n;
    counts.notFlight += n;
  }
  return byTask;
}

export interface LedgerLine {
  file: string;
  size: number;
  outcome: LedgerOutcome;
  flights: number[];
  detail: string;
}

/** Every file of one of the pilot's tasks with its outcome, the flights it became and why; another pilot's task is not found. */
export async function taskLedger(db: Db, userId: number, taskId: number): Promise<LedgerLine[]> {
  if (!(await repo.taskOfPilot(db, userId, taskId))) throw notFound('Upload task not found.');
  const files = await repo.filesOfTasks(db, [taskId]);
  const flights = files.length ? await repo.flightsOfTasks(db, [taskId]) : [];
  const byFile = new Map<number, { id: number; removalReason: number | null }[]>();
  for (const f of flights) byFile.set(f.igcFileId!, [...(byFile.get(f.igcFileId!) ?? []), f]);
  const duplicates = files.filter((f) => f.status === 'Duplicate').map((f) => f.id);
  const originals = new Map((duplicates.length ? await repo.originalFlightsOfDuplicates(db, userId, duplicates) : []).map((r) => [r.duplicateId, r]));
  return files.map((f): LedgerLine => {
    const base = { file: f.originalFilename, size: f.fileSize };
    const own = byFile.get(f.id) ?? [];
    switch (f.status) {
      case 'Pending':
      case 'Processing':
        return { ...base, outcome: 'waiting', flights: own.map((x) => x.id), detail: 'Being read.' };
      case 'Failed':
        return { ...base, outcome: 'unreadable', flights: [], detail: f.reason ?? 'The file could not be read.' };
      case 'Ignored':
        return { ...base, outcome: isNotTrackReason(f.reason) ? 'notTrack' : 'unreadable', flights: [], detail: f.reason ?? '' };
      case 'Imported':
        // A logbook (CSV, Logfly's database): its rows became flights without a track (docs/import.md).
        return { ...base, outcome: 'stored', flights: [], detail: f.reason ?? '' };
      case 'Merged':
        return { ...base, outcome: 'merged', flights: own.map((x) => x.id), detail: f.reason ?? '' };
      case 'Duplicate': {
        // The same flight as one already stored, found by the merge rule (a logbook's copy of a track, docs/import.md).
        if (f.sameFlightId !== null) return { ...base, outcome: 'duplicate', flights: [f.sameFlightId], detail: f.reason ?? `The same flight as flight ${f.sameFlightId}.` };
        const original = originals.get(f.id);
        return { ...base, outcome: 'duplicate', flights: original?.flightId ? [original.flightId] : [], detail: original?.flightId ? `The same file as flight ${original.flightId}.` : (f.reason ?? 'This file is already in your logbook.') };
      }
      default: {
        // Its flights are flights already in the logbook: a row it joined, or one whose Logfly copy it replaced (docs/import.md).
        if (isMergedReason(f.reason)) return { ...base, outcome: 'merged', flights: own.map((x) => x.id), detail: f.reason! };
        const flown = own.filter((x) => !NOT_A_FLIGHT_REASONS.includes(x.removalReason ?? 0));
        if (own.length && !flown.length) return { ...base, outcome: 'notFlight', flights: own.map((x) => x.id), detail: `Not a flight: ${NOT_A_FLIGHT_NAMES.get(own[0]!.removalReason!) ?? 'no flight found'}.` };
        if (!own.length) return { ...base, outcome: 'notFlight', flights: [], detail: 'Not a flight: no flight found in the recording.' };
        return { ...base, outcome: 'stored', flights: flown.map((x) => x.id), detail: flown.length === 1 ? `Flight ${flown[0]!.id}.` : `Flights ${flown.map((x) => x.id).join(', ')}.` };
      }
    }
  });
}

/** The ledger as CSV text (cells that a spreadsheet would run are escaped as in the logbook export). */
export function ledgerCsv(lines: LedgerLine[]): string {
  return stringify(
    lines.map((l) => [escapeCell(l.file), String(l.size), l.outcome, l.flights.join(' '), escapeCell(l.detail)]),
    { header: true, columns: [...LEDGER_CSV_COLUMNS], record_delimiter: '\r\n' },
  );
}

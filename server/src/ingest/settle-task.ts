import type { Db } from '../db';
import { countSettledFlights, filesOfTask, setTaskOutcome } from './repository';

/** Recounts a task from its files: Completed once none is waiting, Failed when every IGC failed. */
export async function settleTask(db: Db, taskId: number): Promise<void> {
  const files = await filesOfTask(db, taskId);
  const settledFlights = await countSettledFlights(db, taskId);
  const waiting = files.some((f) => f.status === 'Pending' || f.status === 'Processing');
  const igc = files.filter((f) => f.status !== 'Ignored' && f.status !== 'Duplicate');
  const allFailed = igc.length > 0 && igc.every((f) => f.status === 'Failed');
  const noneUsable = igc.length === 0 && !files.some((f) => f.status === 'Duplicate');
  const status = waiting ? 'Processing' : allFailed || noneUsable ? 'Failed' : 'Completed';
  const errorMessage = status !== 'Failed' ? null : allFailed ? 'None of the files could be read.' : 'The upload contained no IGC files.';
  await setTaskOutcome(db, taskId, { status, errorMessage, processedFlightCount: settledFlights });
}

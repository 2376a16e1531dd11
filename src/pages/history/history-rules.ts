import type { UploadTask } from '../../../contract/uploads';

/** Upload history polls every 5 s while any task is Processing (SPEC §4, §9). */
export const HISTORY_POLL_MS = 5000;

/** SPEC §4 Removal: a non-zero reason plus a removal date is a removed flight. */
export function isRemoved(flight: { removalReason: number | string | null; removalDate: string | null }): boolean {
  const reason = flight.removalReason;
  return !!flight.removalDate && reason !== null && reason !== 0 && reason !== '0' && reason !== 'None' && reason !== '';
}

export const isProcessing = (task: Pick<UploadTask, 'status'>) => task.status === 'Processing';

export type StatusTone = 'processing' | 'completed' | 'failed' | 'other';
export function statusTone(status: string): StatusTone {
  return status === 'Processing' ? 'processing' : status === 'Completed' ? 'completed' : status === 'Failed' ? 'failed' : 'other';
}

/** The ids of tasks still processing, to notice when one finishes. */
export const processingIds = (tasks: readonly UploadTask[] | undefined) => (tasks ?? []).filter(isProcessing).map((t) => t.id);

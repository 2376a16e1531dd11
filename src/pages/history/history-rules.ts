import { isRemoved as isRemovedFlight, removalReasonCode } from '../../../contract/rules';
import { isProcessing, processingIds, TASK_POLL_MS } from '../../features/upload/upload-rules';

/** Upload history polls every 5 s while any task is Processing (docs/product.md §4, §9). */
export const HISTORY_POLL_MS = TASK_POLL_MS;
export { isProcessing, processingIds };

/** docs/product.md §4 Removal (contract's rule) for a reason sent as a code or as one of its text names. */
export const isRemoved = (flight: { removalReason: number | string | null; removalDate: string | null }) =>
  isRemovedFlight({ removalReason: removalReasonCode(flight.removalReason), removalDate: flight.removalDate });

/**
 * A task with at most this many files shows its file table open (docs/product.md §2 Upload History
 * draws the table on every task); an archive with more keeps it behind Show files, a page at a time.
 */
export const OPEN_FILES_MAX = 20;


export type StatusTone = 'processing' | 'completed' | 'partial' | 'failed' | 'other';
export function statusTone(status: string): StatusTone {
  return status === 'Processing' ? 'processing' : status === 'Completed' ? 'completed' : status === 'Failed' ? 'failed' : 'other';
}

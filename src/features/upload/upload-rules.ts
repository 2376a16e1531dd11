// docs/product.md §5 Upload and §9: accepted extensions and when the progress bar shows.

import { isAcceptedUpload, UPLOAD_EXTENSIONS } from '../../../contract/rules';
import { progressPercent } from '../../format/format';

/** The file input's accept attribute. */
export const ACCEPT_ATTRIBUTE = UPLOAD_EXTENSIONS.join(',');
/** A progress bar is shown only when a file is larger than this. */
export const PROGRESS_BAR_MIN_BYTES = 10 * 1024 * 1024;

export const isAcceptedFile = isAcceptedUpload;

/** The files to send and how many were left out. */
export function acceptedFiles<T extends { name: string }>(files: readonly T[]): { accepted: T[]; rejected: number } {
  const accepted = files.filter((f) => isAcceptedFile(f.name));
  return { accepted, rejected: files.length - accepted.length };
}

export const showsProgress = (files: readonly { size: number }[]) => files.some((f) => f.size > PROGRESS_BAR_MIN_BYTES);

// docs/product.md §4 upload tasks: how the dashboard and the history follow a background upload.

/** Upload tasks are asked again this often while one is Processing (docs/product.md §4, §9). */
export const TASK_POLL_MS = 5000;
/** History asks this often while nothing runs, so an upload from another tab or device appears (docs/app.md). */
export const HISTORY_IDLE_POLL_MS = 10_000;

export const isProcessing = (task: { status: string }) => task.status === 'Processing';

/** The ids of tasks still processing, to notice when one finishes. */
export const processingIds = (tasks: readonly { id: number; status: string }[] | undefined) => (tasks ?? []).filter(isProcessing).map((t) => t.id);

/**
 * Flights the server still analyses after an upload answered: the files it estimated less the
 * duplicates it skipped at once (an upload of only duplicates leaves nothing to wait for).
 */
export const flightsStillToProcess = (result: { isLargeUpload: boolean; estimatedFlightCount: number; duplicateCount: number }) =>
  result.isLargeUpload ? Math.max(0, result.estimatedFlightCount - result.duplicateCount) : 0;

type TaskCounts = { status: string; processedFlightCount: number; estimatedFlightCount: number; duplicateFlightCount: number; fileCount: number; filesDone: number; failedFileCount: number };

/** How far along the tasks still processing are, summed: files done of all, flights analysed, expected, duplicates, failed files. */
export function tasksProgress(tasks: readonly TaskCounts[]) {
  const running = tasks.filter(isProcessing);
  return {
    tasks: running.length,
    filesDone: running.reduce((sum, t) => sum + t.filesDone, 0),
    files: running.reduce((sum, t) => sum + t.fileCount, 0),
    failed: running.reduce((sum, t) => sum + t.failedFileCount, 0),
    processed: running.reduce((sum, t) => sum + t.processedFlightCount, 0),
    estimated: running.reduce((sum, t) => sum + t.estimatedFlightCount, 0),
    duplicates: running.reduce((sum, t) => sum + t.duplicateFlightCount, 0),
  };
}

/**
 * How far an upload is, in percent: by its files once the server has counted them (exact), else by the
 * flights found against those the upload expected (an estimate). One rule for the dashboard and History.
 */
export function uploadPercent(p: { filesDone: number; files: number; processed: number; estimated: number }): number {
  return p.files > 0 ? progressPercent(p.filesDone, p.files) : progressPercent(p.processed, p.estimated);
}

// docs/product.md §5 Upload and §9: accepted extensions and when the progress bar shows.

import { isAcceptedUpload, UPLOAD_EXTENSIONS } from '../../../contract/rules';

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

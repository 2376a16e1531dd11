import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { localizeServerMessage } from '../i18n/server-messages';

/** docs/product.md §8: the translated common error, for a failed call that says nothing itself. */
export const commonError = msg`An error occurred. Please try again.`;

/** The text to show for a failed call (docs/product.md §8): the response's message, else its data, else the fallback (the common error unless given). */
export function errorMessage(error: unknown, fallback: string = i18n._(commonError)): string {
  if (error && typeof error === 'object' && 'data' in error) {
    const data = (error as { data: unknown }).data;
    if (data && typeof data === 'object' && 'message' in data && typeof (data as { message: unknown }).message === 'string') return readableMessage((data as { message: string }).message);
    if (typeof data === 'string' && data.trim() && !data.trimStart().startsWith('<')) return data;
  }
  return fallback;
}

/**
 * A refused field comes as "email: Please enter a valid email address." (several joined by ", "): the field
 * path is for API clients; the pilot reads each sentence alone, in their language.
 */
function readableMessage(message: string): string {
  const parts = message.split(/, (?=[A-Za-z0-9_.]+: )/);
  return parts.map((part) => localizeServerMessage(part.replace(/^[A-Za-z0-9_.]+: /, ''))).join(' ');
}

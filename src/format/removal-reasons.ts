import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { REMOVAL_REASONS, type RemovalReasonName } from '../../contract/rules';

/** SPEC §3 removal reason labels by code; translate with i18n._(label). */
export const REMOVAL_REASON_LABELS: Record<number, MessageDescriptor> = {
  0: msg`None`,
  1: msg`Duplicate Flight`,
  2: msg`User Requested`,
  3: msg`Invalid File`,
  4: msg`Processing Error`,
  5: msg`Short Flight`,
  6: msg`No Flight`,
  7: msg`Gondola Ride`,
  8: msg`Car Drive`,
  9: msg`Insufficient Height Difference`,
  10: msg`Similar Flight`,
  99: msg`Other Reason`,
};

/** The code of a reason sent as a number or as one of the server's text names; null when unknown. */
export function removalReasonCode(reason: number | string | null | undefined): number | null {
  if (reason === null || reason === undefined || reason === '') return null;
  if (typeof reason === 'number') return reason;
  if (/^\d+$/.test(reason)) return Number(reason);
  return reason in REMOVAL_REASONS ? REMOVAL_REASONS[reason as RemovalReasonName] : null;
}

/** The label of a reason, or 'Unknown (n)' for an unknown number. */
export function removalReasonLabel(reason: number | string | null | undefined, translate: (d: MessageDescriptor) => string): string {
  const code = removalReasonCode(reason);
  if (code === null) return typeof reason === 'string' ? reason : translate(REMOVAL_REASON_LABELS[0]!);
  const label = REMOVAL_REASON_LABELS[code];
  return label ? translate(label) : translate(msg`Unknown (${code})`);
}

import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { isRemovalReasonCode, REMOVAL_REASONS, removalReasonCode, type RemovalReasonCode } from '../../contract/rules';

/** docs/product.md §3 removal reason labels by code; translate with i18n._(label). */
export const REMOVAL_REASON_LABELS: Record<RemovalReasonCode, MessageDescriptor> = {
  [REMOVAL_REASONS.None]: msg`None`,
  [REMOVAL_REASONS.Duplicate]: msg`Duplicate Flight`,
  [REMOVAL_REASONS.UserRequested]: msg`User Requested`,
  [REMOVAL_REASONS.InvalidFile]: msg`Invalid File`,
  [REMOVAL_REASONS.ProcessingError]: msg`Processing Error`,
  [REMOVAL_REASONS.ShortFlight]: msg`Short Flight`,
  [REMOVAL_REASONS.NoFlight]: msg`No Flight`,
  [REMOVAL_REASONS.GondolaRide]: msg`Gondola Ride`,
  [REMOVAL_REASONS.CarDrive]: msg`Car Drive`,
  [REMOVAL_REASONS.InsufficientHeightDifference]: msg`Insufficient Height Difference`,
  [REMOVAL_REASONS.Similar]: msg`Similar Flight`,
  [REMOVAL_REASONS.Other]: msg`Other Reason`,
};

/** The label of a reason, or 'Unknown (n)' for an unknown number. */
export function removalReasonLabel(reason: number | string | null | undefined, translate: (d: MessageDescriptor) => string): string {
  const code = removalReasonCode(reason);
  if (code === null) return typeof reason === 'string' ? reason : translate(REMOVAL_REASON_LABELS[REMOVAL_REASONS.None]);
  return isRemovalReasonCode(code) ? translate(REMOVAL_REASON_LABELS[code]) : translate(msg`Unknown (${code})`);
}

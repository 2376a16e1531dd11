import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import type { DueState } from '../../../contract/gear';
import { hoursMinutes, localDateTime } from '../../format/format';

/** A calendar day (YYYY-MM-DD) in the pilot's language. */
export const dayText = (day: string, locale: string) => localDateTime(`${day}T12:00:00Z`, locale, 'UTC', false);

export const DueBadge = styled.span<{ $state: DueState }>`
  display: inline-block;
  padding: 2px 8px;
  border-radius: 999px;
  font-size: 13px;
  font-weight: 700;
  background: ${(p) => (p.$state === 'overdue' || p.$state === 'soon' ? p.theme.warning : p.theme.surfaceAlt)};
  color: ${(p) => (p.$state === 'overdue' || p.$state === 'soon' ? p.theme.warningText : p.theme.text)};
  border: 1px solid ${(p) => (p.$state === 'overdue' || p.$state === 'soon' ? p.theme.warningText : p.theme.border)};
`;

/** The state in words (never colour alone). */
export function DueStateText({ state }: { state: DueState }) {
  if (state === 'overdue') return <Trans>Overdue</Trans>;
  if (state === 'soon') return <Trans>Due soon</Trans>;
  if (state === 'ok') return <Trans>Up to date</Trans>;
  return <Trans>Not known yet</Trans>;
}

/** When the check is due: by its day, by its flight hours, or both. */
export function DueWhen({ dueOn, secondsLeft }: { dueOn: string | null; secondsLeft: number | null }) {
  const { i18n } = useLingui();
  const day = dueOn ? dayText(dueOn, i18n.locale) : null;
  const hours = secondsLeft !== null ? hoursMinutes(Math.abs(secondsLeft)) : null;
  const over = secondsLeft !== null && secondsLeft <= 0;
  return (
    <>
      {day && <Trans>due on {day}</Trans>}
      {day && hours && ' · '}
      {hours && (over ? <Trans>{hours} h over its flight hours</Trans> : <Trans>{hours} h of flying left</Trans>)}
    </>
  );
}

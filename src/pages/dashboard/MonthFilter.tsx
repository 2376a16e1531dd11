import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useRef } from 'react';
import styled from 'styled-components';
import type { MonthSummary } from '../../../contract/flights';
import { Button, Select } from '../../components/ui';
import { defaultMonth, monthsOf, yearsOf, type Period } from './period';

const Bar = styled.div`
  display: flex;
  flex-direction: column;
  gap: 10px;
`;

const Line = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
`;

/** The month buttons: on a phone one row that scrolls sideways by itself, not three rows above the list. */
const MonthLine = styled(Line)`
  @media (max-width: 520px) {
    flex-wrap: nowrap;
    overflow-x: auto;
    overscroll-behavior-x: contain;
    padding-bottom: 4px;
    scrollbar-width: thin;
  }
`;

const MonthButton = styled.button<{ $active: boolean }>`
  flex: none;
  display: inline-flex;
  align-items: center;
  gap: 6px;
  padding: 5px 10px;
  border-radius: 16px;
  cursor: pointer;
  font-weight: 600;
  font-size: 13px;
  border: 1px solid ${(p) => (p.$active ? p.theme.primary : p.theme.border)};
  background: ${(p) => (p.$active ? p.theme.primary : p.theme.surface)};
  color: ${(p) => (p.$active ? p.theme.primaryText : p.theme.text)};
`;

const Badge = styled.span<{ $active: boolean }>`
  min-width: 20px;
  padding: 0 6px;
  border-radius: 10px;
  font-size: 11px;
  line-height: 18px;
  text-align: center;
  background: ${(p) => (p.$active ? 'rgba(255, 255, 255, 0.25)' : p.theme.surfaceAlt)};
`;

const MarkedToggle = styled.button<{ $on: boolean }>`
  padding: 6px 12px;
  border-radius: 6px;
  cursor: pointer;
  font-weight: 600;
  border: 1px solid ${(p) => p.theme.danger};
  background: ${(p) => (p.$on ? p.theme.danger : 'transparent')};
  color: ${(p) => (p.$on ? '#fff' : p.theme.danger)};
`;

/** How many months the year has; on a phone left out (the month row says it), so the year line stays one line. */
const Count = styled.span`
  color: ${(p) => p.theme.muted};
  font-size: 13px;
  margin-left: auto;
  @media (max-width: 520px) {
    display: none;
  }
`;

export interface MonthFilterProps {
  months: readonly MonthSummary[];
  period: Period;
  onChange: (period: Period) => void;
  markedOnly: boolean;
  markedCount: number;
  onMarkedOnlyChange: (on: boolean) => void;
  onDeleteAllMarked: () => void;
  deletingAllMarked?: boolean;
  currentYear?: number;
}

/** docs/product.md §2 Month/year filter: year dropdown, month buttons with counts, marked-for-review mode. */
export function MonthFilter({ months, period, onChange, markedOnly, markedCount, onMarkedOnlyChange, onDeleteAllMarked, deletingAllMarked = false, currentYear = new Date().getFullYear() }: MonthFilterProps) {
  const { t, i18n } = useLingui();
  const years = yearsOf(months);
  const shown = monthsOf(months, period.year);
  // One formatter for all the buttons (All Years draws one per month of ten years).
  const allYears = period.year === null;
  const monthFormat = useMemo(() => new Intl.DateTimeFormat(i18n.locale, { month: 'short', ...(allYears ? { year: 'numeric' } : {}), timeZone: 'UTC' }), [i18n.locale, allYears]);
  const monthName = (m: MonthSummary) => monthFormat.format(Date.UTC(m.year, m.month - 1, 15));
  const monthCount = shown.length;
  const wholeSelected = period.month === null;
  // A row that scrolls sideways (phone) shows the chosen month, without moving the page.
  const monthLine = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const line = monthLine.current;
    const active = line?.querySelector<HTMLElement>('[aria-pressed="true"]');
    if (!line || !active || line.scrollWidth <= line.clientWidth) return;
    line.scrollLeft = active.offsetLeft - line.offsetLeft - (line.clientWidth - active.offsetWidth) / 2;
  }, [period.year, period.month, shown.length]);

  return (
    <Bar>
      <Line>
        <Select
            aria-label={t`Year`}
            value={period.year === null ? 'all' : String(period.year)}
            disabled={markedOnly}
            onChange={(event) => {
              const value = event.target.value;
              if (value === 'all') onChange({ year: null, month: null });
              else onChange({ year: Number(value), month: defaultMonth(months, Number(value), currentYear) });
            }}
          >
            <option value="all">{t`All Years`}</option>
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </Select>
        {!markedOnly && (
          <Button type="button" $variant={wholeSelected ? 'primary' : 'secondary'} aria-pressed={wholeSelected} onClick={() => onChange({ year: period.year, month: null })}>
            {period.year === null ? <Trans>Show All</Trans> : <Trans>Show All Months</Trans>}
          </Button>
        )}
        {(markedCount > 0 || markedOnly) && (
          <MarkedToggle type="button" $on={markedOnly} aria-pressed={markedOnly} onClick={() => onMarkedOnlyChange(!markedOnly)}>
            <Trans>Marked for Review</Trans> ({markedCount})
          </MarkedToggle>
        )}
        {markedOnly && markedCount > 0 && (
          <Button type="button" $variant="danger" disabled={deletingAllMarked} onClick={onDeleteAllMarked}>
            <Trans>Delete All Marked</Trans>
          </Button>
        )}
        {!markedOnly && (
          <Count>
            <Plural value={monthCount} one="# month" other="# months" />
          </Count>
        )}
      </Line>
      {!markedOnly && shown.length > 0 && (
        <MonthLine ref={monthLine} role="group" aria-label={t`Months`}>
          {shown.map((m) => {
            const active = !wholeSelected && (period.year === null ? false : m.month === period.month);
            return (
              <MonthButton
                key={`${m.year}-${m.month}`}
                type="button"
                $active={active}
                aria-pressed={active}
                onClick={() => onChange({ year: m.year, month: m.month })}
              >
                {monthName(m)}
                <Badge $active={active}>
                  {m.count}
                </Badge>
              </MonthButton>
            );
          })}
        </MonthLine>
      )}
    </Bar>
  );
}

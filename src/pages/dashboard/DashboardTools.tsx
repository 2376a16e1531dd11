import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { memo } from 'react';
import styled from 'styled-components';
import type { MonthSummary } from '../../../contract/flights';
import { Alert, Button, Card } from '../../components/ui';
import { VerifiedNotice } from '../../features/auth/VerifiedNotice';
import { UnitsQuestion } from '../../features/units/UnitsQuestion';
import { Upload } from '../../features/upload/Upload';
import { UploadProgress } from '../../features/upload/UploadProgress';
import { hoursMinutes, km } from '../../format/format';
import { AddWithoutTrackLabel, FirstRunIntro, FirstRunSteps, UploadArea } from './FirstRun';
import { MonthFilter } from './MonthFilter';
import type { Period } from './period';
import { SearchBox } from './SearchBox';

// The dashboard's tools above the list. Memoised with props that a new selection does not change:
// an arrow key redraws the list's two rows and the selected flight's panel, not these
// (docs/app.md "Arrow keys at 10,000 flights").

export const Panel = styled(Card)`
  padding: 16px;
  min-width: 0;
  @media (max-width: 520px) {
    padding: 12px;
  }
`;

const SearchSlot = styled.div`
  margin-bottom: 14px;
  @media (max-width: 520px) {
    margin-bottom: 8px;
  }
`;

const Totals = styled.p`
  margin: 12px 0 0;
  @media (max-width: 520px) {
    margin-top: 8px;
  }
  display: flex;
  flex-wrap: wrap;
  gap: 4px 18px;
  font-size: 14px;
  font-weight: 600;
`;

/** The verification notice, a background upload's progress, and the upload area (a welcome panel on an empty logbook). */
export const UploadBar = memo(function UploadBar({ firstRun, hasFlights, onAddWithoutTrack }: { firstRun: boolean; hasFlights: boolean; onAddWithoutTrack: () => void }) {
  return (
    <>
      <VerifiedNotice />
      <UnitsQuestion />
      <UploadProgress />
      <UploadArea $firstRun={firstRun} aria-labelledby={firstRun ? 'first-run-heading' : undefined}>
        {firstRun && <FirstRunIntro />}
        <Upload compact={hasFlights} />
        {firstRun && <FirstRunSteps />}
        {/* No aria-label: the name is the words shown, so a speech-input user reaches it by saying them (WCAG 2.5.3). */}
        <Button type="button" $variant="secondary" onClick={onAddWithoutTrack}>
          <AddWithoutTrackLabel short={!firstRun} />
        </Button>
      </UploadArea>
    </>
  );
});

export interface PeriodToolsProps {
  search: { text: string; search: string; type: (text: string) => void; clear: () => void };
  /** How many flights the search found, null while it runs or when not searching. */
  resultCount: number | null;
  months: readonly MonthSummary[];
  period: Period;
  invalid: boolean;
  currentYear: number;
  onChoose: (period: Period) => void;
  markedOnly: boolean;
  markedCount: number;
  onMarkedOnlyChange: (on: boolean) => void;
  onDeleteAllMarked: () => void;
  deletingAllMarked: boolean;
  /** The listed flights' totals, absent until the list is loaded. */
  totals: { flights: number; flightTime: number; distance: number } | null;
}

/** Search, the month filter and the totals of what the list shows. */
export const PeriodTools = memo(function PeriodTools(p: PeriodToolsProps) {
  const { t } = useLingui();
  const airTime = p.totals ? hoursMinutes(p.totals.flightTime) : '';
  return (
    <Panel>
      <SearchSlot>
        <SearchBox text={p.search.text} search={p.search.search} count={p.resultCount} onType={p.search.type} onClear={p.search.clear} />
      </SearchSlot>
      <MonthFilter
        months={p.months}
        period={p.period}
        onChange={p.onChoose}
        markedOnly={p.markedOnly}
        markedCount={p.markedCount}
        onMarkedOnlyChange={p.onMarkedOnlyChange}
        onDeleteAllMarked={p.onDeleteAllMarked}
        deletingAllMarked={p.deletingAllMarked}
        currentYear={p.currentYear}
      />
      {p.invalid && (
        <Alert $tone="error" role="alert" style={{ marginTop: 10 }}>
          <Trans>Invalid month or year values</Trans>
        </Alert>
      )}
      {p.totals && (
        <Totals aria-label={p.search.search ? t`Totals of the flights found` : t`Totals of the period`} data-testid="period-totals">
          <span>
            <Plural value={p.totals.flights} one="# flight" other="# flights" />
          </span>
          <span>
            <Trans>{airTime} h in the air</Trans>
          </span>
          <span>{km(p.totals.distance, 0)}</span>
        </Totals>
      )}
    </Panel>
  );
});

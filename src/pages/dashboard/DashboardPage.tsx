import { DueGearCard } from '../../features/gear/DueGearCard';
import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { FlightSummary, MonthSummary } from '../../../contract/flights';
import styled from 'styled-components';
import { useMarkedCountQuery, useMonthsQuery } from '../../api/flights';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { markedOnlyToggled } from '../../features/flightSelection/flightSelectionSlice';
import { usePrefetchTrack, usePreloadTracks } from '../../features/flightSelection/track-loading';
import { monthIn } from './add-flight';
import { AddFlightDialog } from './AddFlightDialog';
import { Panel, PeriodTools, UploadBar } from './DashboardTools';
import { DeleteConfirmation } from './DeleteConfirmation';
import { periodTotals } from './flight-rules';
import { ReviewPanel } from './ReviewPanel';
import { FlightList } from './FlightList';
import { SelectedFlightPanel, type SelectedFlightActions } from './SelectedFlightPanel';
import { useArrowKeySelection } from './useArrowKeySelection';
import { useFlightActions } from './useFlightActions';
import { useFlightListQuery } from './useFlightListQuery';
import { usePeriodFromUrl } from './usePeriodFromUrl';
import { useSearchFromUrl } from './useSearchFromUrl';
import { useSelectedFlight } from './useSelectedFlight';
import { useSelectFirstFlights } from './useSelectFirstFlights';
import { useSelectWhenListed } from './useSelectWhenListed';
import { useStatusPolling } from './useStatusPolling';

const Layout = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 2fr) minmax(0, 1fr);
  gap: 16px;
  align-items: start;
  @media (max-width: 1000px) {
    grid-template-columns: minmax(0, 1fr);
  }
  @media (max-width: 520px) {
    gap: 12px;
  }
`;

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: 16px;
  min-width: 0;
  @media (max-width: 520px) {
    gap: 12px;
  }
`;

/**
 * On a phone the title is read, not shown (the sections button above says "Sections: Overview"), the
 * upload is one line and the period tools are compact: the first rows are in the first screen.
 */
const Title = styled.h1`
  margin-top: 0;
  @media (max-width: 520px) {
    position: absolute;
    width: 1px;
    height: 1px;
    margin: 0;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
`;

/** On phones the list comes first, above the map and details of the flight picked in it. */
const ListPanel = styled(Panel)`
  @media (max-width: 1000px) {
    order: -1;
  }
`;

/** Below this width the list sits above the selected flight's panel (the Layout's one column). */
const ONE_COLUMN = '(max-width: 1000px)';

/** docs/product.md §2 Dashboard overview: upload, month filter, map with the selected flight, flight list. */
export default function DashboardPage() {
  const { t } = useLingui();
  const dispatch = useAppDispatch();
  const markedOnly = useAppSelector((s) => s.flightSelection.markedOnly);
  const months = useMonthsQuery();
  const markedCount = useMarkedCountQuery();
  const { period, invalid, choose, reset, currentYear } = usePeriodFromUrl(months.data);
  const search = useSearchFromUrl();
  const [adding, setAdding] = useState(false);

  const list = useFlightListQuery({ period, markedOnly, ready: !!months.data, monthsError: months.error, search: search.search });
  const flights = list.flights;
  useStatusPolling(flights);
  // Flights added by hand have no track to load.
  const tracked = useMemo(() => flights?.filter((f) => f.source !== 'manual'), [flights]);
  usePreloadTracks(tracked);
  const prefetch = usePrefetchTrack();
  const prefetchTrack = useCallback((flight: FlightSummary) => void (flight.source !== 'manual' && prefetch(flight)), [prefetch]);

  const { selectedFlightId, selected, select } = useSelectedFlight(flights, list.isFetching);
  const actions = useFlightActions(flights, selected, reset);
  useArrowKeySelection(flights, selectedFlightId, actions.confirm !== null || adding);
  const selectWhenListed = useSelectWhenListed(flights, select);
  useSelectFirstFlights(months.data && months.data.length === 0, flights, selectedFlightId, select);

  // The panel's callbacks never change, so a key press redraws the list, not the map and graph.
  const latestActions = useRef(actions);
  useLayoutEffect(() => {
    latestActions.current = actions;
  });
  const panelActions = useMemo<SelectedFlightActions>(
    () => ({
      changeReason: (reason) => void latestActions.current.changeReason(reason),
      askDelete: (flight) => latestActions.current.askDelete(flight),
      download: () => void latestActions.current.download(),
    }),
    [],
  );

  // On a phone the panel is below the list: a tapped flight brings its map and details into view.
  const panel = useRef<HTMLElement>(null);
  const revealPanel = useRef(false);
  const onRowSelect = useCallback(
    (id: number | null) => {
      revealPanel.current = window.matchMedia?.(ONE_COLUMN).matches ?? false;
      select(id);
    },
    [select],
  );
  useEffect(() => {
    if (!selected || !revealPanel.current) return;
    revealPanel.current = false;
    panel.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }, [selected]);

  /**
   * The new flight is shown selected in its month, once the months know it: adding invalidates them
   * (`Months`), and a month not yet in the list would fall back to the default period.
   */
  const [addedMonth, setAddedMonth] = useState<{ year: number; month: number } | null>(null);
  useEffect(() => {
    if (!addedMonth || !months.data?.some((m) => m.year === addedMonth.year && m.month === addedMonth.month)) return;
    setAddedMonth(null);
    choose(addedMonth);
  }, [addedMonth, months.data, choose]);
  const onAdded = (added: FlightSummary) => {
    setAdding(false);
    if (added.startTime) setAddedMonth(monthIn(added.startTime, added.timeZone));
    selectWhenListed(added.id);
  };

  // The tools above the list get props a new selection leaves alone (DashboardTools).
  const totals = useMemo(() => (flights ? periodTotals(flights) : null), [flights]);
  const firstRun = months.data?.length === 0 && !search.search;
  const addWithoutTrack = useCallback(() => setAdding(true), []);
  const onMarkedOnlyChange = useCallback((on: boolean) => dispatch(markedOnlyToggled(on)), [dispatch]);
  const onDeleteAllMarked = useCallback(() => latestActions.current.askDeleteAll(), []);
  const { text: searchText, search: searchWords, type: searchType, clear: searchClear } = search;
  const searchTools = useMemo(() => ({ text: searchText, search: searchWords, type: searchType, clear: searchClear }), [searchText, searchWords, searchType, searchClear]);
  const noMonths = useMemo<MonthSummary[]>(() => [], []);

  return (
    <div>
      <Title>{t`Overview`}</Title>
      <Stack>
        <UploadBar firstRun={firstRun} hasFlights={!!months.data?.length} onAddWithoutTrack={addWithoutTrack} />
        <ReviewPanel />
        <DueGearCard />
        {!firstRun && (
          <>
            <PeriodTools
              search={searchTools}
              resultCount={searchWords && !list.isFetching ? flights?.length ?? null : null}
              months={months.data ?? noMonths}
              period={period}
              invalid={invalid}
              currentYear={currentYear}
              onChoose={choose}
              markedOnly={markedOnly}
              markedCount={markedCount.data?.count ?? 0}
              onMarkedOnlyChange={onMarkedOnlyChange}
              onDeleteAllMarked={onDeleteAllMarked}
              deletingAllMarked={actions.deletingAllMarked}
              totals={totals}
            />
            <Layout>
              <SelectedFlightPanel ref={panel} selected={selected} actions={panelActions} busy={actions.busy} />
              <ListPanel as="section" aria-label={t`Flight list`}>
                <FlightList flights={flights} selectedId={selectedFlightId} onSelect={onRowSelect} onPress={prefetchTrack} loading={list.loading} error={list.error} searching={!!searchWords} />
              </ListPanel>
            </Layout>
          </>
        )}
      </Stack>
      {adding && <AddFlightDialog onClose={() => setAdding(false)} onAdded={(f) => void onAdded(f)} />}
      {actions.confirm && <DeleteConfirmation confirm={actions.confirm} onCancel={actions.cancel} onConfirm={actions.confirmed} />}
    </div>
  );
}

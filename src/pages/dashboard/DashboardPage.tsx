import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { FlightSummary } from '../../../contract/flights';
import styled from 'styled-components';
import { useMarkedCountQuery, useMonthsQuery } from '../../api/flights';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Alert, Button, Card } from '../../components/ui';
import { Upload } from '../../features/upload/Upload';
import { UploadProgress } from '../../features/upload/UploadProgress';
import { markedOnlyToggled } from '../../features/flightSelection/flightSelectionSlice';
import { usePrefetchTrack, usePreloadTracks } from '../../features/flightSelection/track-loading';
import { hoursMinutes, km } from '../../format/format';
import { monthIn } from './add-flight';
import { AddFlightDialog } from './AddFlightDialog';
import { DeleteConfirmation } from './DeleteConfirmation';
import { FirstRunIntro, FirstRunSteps, UploadArea } from './FirstRun';
import { periodTotals } from './flight-rules';
import { FlightList } from './FlightList';
import { MonthFilter } from './MonthFilter';
import { SearchBox } from './SearchBox';
import { SelectedFlightPanel, type SelectedFlightActions } from './SelectedFlightPanel';
import { useArrowKeySelection } from './useArrowKeySelection';
import { useFlightActions } from './useFlightActions';
import { useFlightListQuery } from './useFlightListQuery';
import { VerifiedNotice } from '../../features/auth/VerifiedNotice';
import { usePeriodFromUrl } from './usePeriodFromUrl';
import { useSearchFromUrl } from './useSearchFromUrl';
import { useSelectedFlight } from './useSelectedFlight';
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
`;

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: 16px;
  min-width: 0;
`;

const Panel = styled(Card)`
  padding: 16px;
  min-width: 0;
`;

/** On phones the list comes first, above the map and details of the flight picked in it. */
const ListPanel = styled(Panel)`
  @media (max-width: 1000px) {
    order: -1;
  }
`;

const Totals = styled.p`
  margin: 12px 0 0;
  display: flex;
  flex-wrap: wrap;
  gap: 4px 18px;
  font-size: 14px;
  font-weight: 600;
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
  const prefetchTrack = (flight: FlightSummary) => flight.source !== 'manual' && prefetch(flight);

  const { selectedFlightId, selected, select } = useSelectedFlight(flights, list.isFetching);
  const actions = useFlightActions(flights, selected, reset);
  useArrowKeySelection(flights, selectedFlightId, actions.confirm !== null || adding);
  const selectWhenListed = useSelectWhenListed(flights, select);

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
  const onRowSelect = (id: number | null) => {
    revealPanel.current = window.matchMedia?.(ONE_COLUMN).matches ?? false;
    select(id);
  };
  useEffect(() => {
    if (!selected || !revealPanel.current) return;
    revealPanel.current = false;
    panel.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }, [selected]);

  /** The new flight is shown selected in its month, once the months know it. */
  const onAdded = async (added: FlightSummary) => {
    setAdding(false);
    await months.refetch();
    if (added.startTime) choose(monthIn(added.startTime, added.timeZone));
    selectWhenListed(added.id);
  };

  const totals = useMemo(() => periodTotals(flights), [flights]);
  const airTime = hoursMinutes(totals.flightTime);
  const firstRun = months.data?.length === 0 && !search.search;
  const addWithoutTrack = () => setAdding(true);

  return (
    <div>
      <h1 style={{ marginTop: 0 }}>{t`Overview`}</h1>
      <Stack>
        <VerifiedNotice />
        <UploadProgress />
        <UploadArea $firstRun={firstRun} aria-labelledby={firstRun ? 'first-run-heading' : undefined}>
          {firstRun && <FirstRunIntro />}
          <Upload compact={!!months.data?.length} />
          {firstRun && <FirstRunSteps />}
          <Button type="button" $variant="secondary" onClick={addWithoutTrack}>
            <Trans>Add flight without a track</Trans>
          </Button>
        </UploadArea>
        {!firstRun && (
          <>
            <Panel>
              <div style={{ marginBottom: 14 }}>
                <SearchBox text={search.text} search={search.search} count={search.search && !list.isFetching ? flights?.length ?? null : null} onType={search.type} onClear={search.clear} />
              </div>
              <MonthFilter
                months={months.data ?? []}
                period={period}
                onChange={choose}
                markedOnly={markedOnly}
                markedCount={markedCount.data?.count ?? 0}
                onMarkedOnlyChange={(on) => dispatch(markedOnlyToggled(on))}
                onDeleteAllMarked={actions.askDeleteAll}
                deletingAllMarked={actions.deletingAllMarked}
                currentYear={currentYear}
              />
              {invalid && (
                <Alert $tone="error" role="alert" style={{ marginTop: 10 }}>
                  <Trans>Invalid month or year values</Trans>
                </Alert>
              )}
              {flights && (
                <Totals aria-label={search.search ? t`Totals of the flights found` : t`Totals of the period`} data-testid="period-totals">
                  <span>
                    <Plural value={totals.flights} one="# flight" other="# flights" />
                  </span>
                  <span>
                    <Trans>{airTime} h in the air</Trans>
                  </span>
                  <span>{km(totals.distance, 0)}</span>
                </Totals>
              )}
            </Panel>
            <Layout>
              <SelectedFlightPanel ref={panel} selected={selected} actions={panelActions} busy={actions.busy} />
              <ListPanel as="section" aria-label={t`Flight list`}>
                <FlightList flights={flights} selectedId={selectedFlightId} onSelect={onRowSelect} onPress={prefetchTrack} loading={list.loading} error={list.error} searching={!!search.search} />
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

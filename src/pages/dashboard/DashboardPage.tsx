import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import type { FlightSummary } from '../../../contract/flights';
import { errorMessage } from '../../api/base';
import {
  useDeleteAllMarkedMutation,
  useDownloadIgcMutation,
  useFlightsByMonthQuery,
  useFlightsByYearQuery,
  useFlightsQuery,
  useMarkedCountQuery,
  useMonthsQuery,
  useSetRemovalDateMutation,
  useSetRemovalReasonMutation,
} from '../../api/flights';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { HeightGraph } from '../../components/height-graph/HeightGraph';
import { MapPanel } from '../../components/map/MapPanel';
import { trackFeature } from '../../components/map/map-style';
import { Modal } from '../../components/Modal';
import { Alert, Button, Card, Row } from '../../components/ui';
import { Upload } from '../../components/upload/Upload';
import { flightSelected, markedOnlyToggled, periodSelected, pointHighlighted } from '../../features/flightSelection/flightSelectionSlice';
import { usePrefetchTrack, usePreloadTracks, useFlightTrack } from '../../features/flightSelection/track-loading';
import { localDateTime } from '../../format/format';
import { FlightDetails } from './FlightDetails';
import { FlightList } from './FlightList';
import { isInProgress, isTypingTarget, POLL_INTERVAL_MS, selectionAfterDelete, steppedSelection } from './flight-rules';
import { MonthFilter } from './MonthFilter';
import { periodParams, resolvePeriod, type Period } from './period';

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

const Heading = styled.h2`
  font-size: 17px;
  margin: 0;
`;

const SubHeading = styled.h3`
  font-size: 15px;
  margin: 16px 0 6px;
`;

type Confirm = { kind: 'delete'; flight: FlightSummary } | { kind: 'deleteAll' } | null;

/** SPEC §2 Dashboard overview: upload, month filter, map with the selected flight, flight list. */
export default function DashboardPage() {
  const { t, i18n } = useLingui();
  const dispatch = useAppDispatch();
  const [params, setParams] = useSearchParams();
  const { markedOnly, selectedFlightId, highlightedPointIndex } = useAppSelector((s) => s.flightSelection);
  const currentYear = new Date().getFullYear();

  const months = useMonthsQuery();
  const markedCount = useMarkedCountQuery();
  const yearParam = params.get('year');
  const monthParam = params.get('month');
  const resolved = useMemo(() => resolvePeriod(months.data ?? [], { year: yearParam, month: monthParam }, currentYear), [months.data, yearParam, monthParam, currentYear]);
  const period: Period = useMemo(() => ({ year: resolved.year, month: resolved.month }), [resolved.year, resolved.month]);
  const [invalidPeriod, setInvalidPeriod] = useState(false);

  // The address always names the period: on first load (and after a fallback) it is replaced, a choice pushes.
  useEffect(() => {
    if (!months.data || (!months.data.length && yearParam === null)) return;
    if (resolved.invalid) setInvalidPeriod(true);
    const wanted = periodParams(period);
    const same = Object.keys(wanted).length === [...params.keys()].length && Object.entries(wanted).every(([k, v]) => params.get(k) === v);
    if (!same) setParams(wanted, { replace: true });
  }, [months.data, resolved.invalid, period, params, setParams, yearParam]);

  useEffect(() => {
    dispatch(periodSelected(period));
  }, [dispatch, period]);

  const choosePeriod = (next: Period) => {
    setInvalidPeriod(false);
    setParams(periodParams(next));
  };

  // One list at a time: marked flights, all flights, a year, or a month; polled while any is processing.
  const [pollMs, setPollMs] = useState(0);
  const ready = !!months.data;
  const listKind = markedOnly ? 'all' : period.year === null ? 'all' : period.month === null ? 'year' : 'month';
  const options = { pollingInterval: pollMs, refetchOnMountOrArgChange: true } as const;
  const all = useFlightsQuery(markedOnly ? { markedOnly: true } : undefined, { ...options, skip: !ready || listKind !== 'all' });
  const byYear = useFlightsByYearQuery({ year: period.year ?? 0 }, { ...options, skip: !ready || listKind !== 'year' });
  const byMonth = useFlightsByMonthQuery({ year: period.year ?? 0, month: period.month ?? 0 }, { ...options, skip: !ready || listKind !== 'month' });
  const list = listKind === 'all' ? all : listKind === 'year' ? byYear : byMonth;
  const flights = list.currentData;
  const listLoading = !ready || list.isFetching || list.isLoading;
  const listError = months.error ? errorMessage(months.error, t`An error occurred. Please try again.`) : list.error ? errorMessage(list.error, t`An error occurred. Please try again.`) : null;

  const inProgress = !!flights?.some(isInProgress);
  const wasInProgress = useRef(false);
  useEffect(() => {
    setPollMs(inProgress ? POLL_INTERVAL_MS : 0);
    // When the last flight finishes, reasons and months may have changed.
    if (wasInProgress.current && !inProgress) {
      void markedCount.refetch();
      void months.refetch();
    }
    wasInProgress.current = inProgress;
  }, [inProgress]); // eslint-disable-line react-hooks/exhaustive-deps

  usePreloadTracks(flights);
  const prefetchTrack = usePrefetchTrack();

  // A selection outside the loaded list is dropped.
  useEffect(() => {
    if (flights && !list.isFetching && selectedFlightId !== null && !flights.some((f) => f.id === selectedFlightId)) dispatch(flightSelected(null));
  }, [flights, list.isFetching, selectedFlightId, dispatch]);

  const selected = flights?.find((f) => f.id === selectedFlightId) ?? null;
  const track = useFlightTrack(selected);
  const trackPoints = trackFeature(track.features)?.geometry.points;
  const highlightedPoint = highlightedPointIndex === null ? null : trackPoints?.[highlightedPointIndex] ?? null;
  useEffect(() => {
    dispatch(pointHighlighted(null));
  }, [track.features, dispatch]);
  const onHover = useCallback((index: number | null) => dispatch(pointHighlighted(index)), [dispatch]);

  const [confirm, setConfirm] = useState<Confirm>(null);

  // Up and down move the selection, wrapping, from anywhere but a field or an open dialog.
  const keyState = useRef({ flights, selectedFlightId, confirm });
  keyState.current = { flights, selectedFlightId, confirm };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
      const { flights: list, selectedFlightId: current, confirm: dialog } = keyState.current;
      if (!list?.length || dialog || event.altKey || event.ctrlKey || event.metaKey || isTypingTarget(event.target)) return;
      event.preventDefault();
      dispatch(flightSelected(steppedSelection(list, current, event.key === 'ArrowDown' ? 1 : -1)));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [dispatch]);

  const [setReason, reasonState] = useSetRemovalReasonMutation();
  const [setRemovalDate, deleteState] = useSetRemovalDateMutation();
  const [deleteAllMarked, deleteAllState] = useDeleteAllMarkedMutation();
  const [downloadIgc] = useDownloadIgcMutation();

  const onReasonChange = async (reason: number) => {
    if (!selected) return;
    try {
      await setReason({ id: selected.id, removalReason: reason }).unwrap();
    } catch (error) {
      console.error('Updating the removal reason failed', error);
    }
  };

  const onConfirm = async () => {
    const action = confirm;
    setConfirm(null);
    if (action?.kind === 'delete') {
      const next = selectionAfterDelete(flights ?? [], action.flight.id);
      try {
        await setRemovalDate({ id: action.flight.id, removalDate: new Date().toISOString() }).unwrap();
        dispatch(flightSelected(next));
      } catch (error) {
        console.error('Deleting the flight failed', error);
      }
    } else if (action?.kind === 'deleteAll') {
      try {
        await deleteAllMarked().unwrap();
        dispatch(markedOnlyToggled(false));
        setParams({});
      } catch (error) {
        console.error('Deleting the marked flights failed', error);
      }
    }
  };

  const onDownload = async () => {
    if (!selected) return;
    try {
      await downloadIgc(selected.id).unwrap();
    } catch (error) {
      console.error('Downloading the IGC file failed', error);
    }
  };

  const mapError = track.failed ? t`Flight processing failed` : track.error ? errorMessage(track.error, t`Failed to load the flight path`) : null;
  const heading = selected ? localDateTime(selected.startTime, i18n.locale, selected.timeZone) : t`Flight`;

  const confirmDate = confirm?.kind === 'delete' ? localDateTime(confirm.flight.startTime, i18n.locale, confirm.flight.timeZone) : '';

  return (
    <div>
      <h1 style={{ marginTop: 0 }}>{t`Overview`}</h1>
      <Stack>
        <Upload />
        <Panel>
          <MonthFilter
            months={months.data ?? []}
            period={period}
            onChange={choosePeriod}
            markedOnly={markedOnly}
            markedCount={markedCount.data?.count ?? 0}
            onMarkedOnlyChange={(on) => dispatch(markedOnlyToggled(on))}
            onDeleteAllMarked={() => setConfirm({ kind: 'deleteAll' })}
            deletingAllMarked={deleteAllState.isLoading}
            currentYear={currentYear}
          />
          {invalidPeriod && (
            <Alert $tone="error" role="alert" style={{ marginTop: 10 }}>
              <Trans>Invalid month or year values</Trans>
            </Alert>
          )}
        </Panel>
        <Layout>
          <Panel as="section" aria-label={t`Selected flight`}>
            <MapPanel
              heading={<Heading>{heading}</Heading>}
              features={track.features}
              flightCode={selected?.flightCode}
              fitKey={selected?.id ?? null}
              highlightedPoint={highlightedPoint}
              empty={!selected}
              loading={track.loading}
              error={mapError}
            />
            {selected && (
              <>
                <SubHeading>
                  <Trans>Height Profile</Trans>
                </SubHeading>
                {track.features ? (
                  <HeightGraph points={trackPoints} timeZone={selected.timeZone} onHover={onHover} />
                ) : (
                  <p style={{ margin: 0 }}>{track.loading ? '…' : <Trans>No height data available</Trans>}</p>
                )}
                <SubHeading>
                  <Trans>Flight details</Trans>
                </SubHeading>
                <FlightDetails
                  flight={selected}
                  onReasonChange={onReasonChange}
                  onDelete={() => setConfirm({ kind: 'delete', flight: selected })}
                  onDownload={onDownload}
                  busy={reasonState.isLoading || deleteState.isLoading}
                />
              </>
            )}
          </Panel>
          <ListPanel as="section" aria-label={t`Flight list`}>
            <FlightList flights={flights} selectedId={selectedFlightId} onSelect={(id) => dispatch(flightSelected(id))} onPress={prefetchTrack} loading={listLoading} error={listError} />
          </ListPanel>
        </Layout>
      </Stack>
      {confirm && (
        <Modal title={confirm.kind === 'delete' ? t`Delete flight` : t`Delete all marked flights`} onClose={() => setConfirm(null)}>
          <p>
            {confirm.kind === 'delete' ? (
              <Trans>Delete the flight of {confirmDate}? It will no longer be listed.</Trans>
            ) : (
              <Trans>Delete all flights marked for review? They will no longer be listed.</Trans>
            )}
          </p>
          <Row style={{ justifyContent: 'flex-end' }}>
            <Button type="button" $variant="secondary" onClick={() => setConfirm(null)}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="button" $variant="danger" onClick={onConfirm}>
              <Trans>Delete</Trans>
            </Button>
          </Row>
        </Modal>
      )}
    </div>
  );
}

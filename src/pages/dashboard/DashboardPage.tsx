import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import type { FlightSummary } from '../../../contract/flights';
import styled from 'styled-components';
import { useMarkedCountQuery, useMonthsQuery } from '../../api/flights';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { HeightGraph } from '../../components/height-graph/HeightGraph';
import { MapPanel } from '../../components/map/MapPanel';
import { LogbookFields } from '../../features/logbook/LogbookFields';
import { NoTrack } from '../../components/logbook/NoTrack';
import { Alert, Button, Card } from '../../components/ui';
import { Upload } from '../../features/upload/Upload';
import { markedOnlyToggled } from '../../features/flightSelection/flightSelectionSlice';
import { usePrefetchTrack, usePreloadTracks } from '../../features/flightSelection/track-loading';
import { localDateTime } from '../../format/format';
import { monthIn } from './add-flight';
import { AddFlightDialog } from './AddFlightDialog';
import { DeleteConfirmation } from './DeleteConfirmation';
import { FlightDetails } from './FlightDetails';
import { FlightList } from './FlightList';
import { MonthFilter } from './MonthFilter';
import { SearchBox } from './SearchBox';
import { useArrowKeySelection } from './useArrowKeySelection';
import { useFlightActions } from './useFlightActions';
import { useFlightListQuery } from './useFlightListQuery';
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

const Heading = styled.h2`
  font-size: 17px;
  margin: 0;
`;

const SubHeading = styled.h3`
  font-size: 15px;
  margin: 16px 0 6px;
`;

/** docs/product.md §2 Dashboard overview: upload, month filter, map with the selected flight, flight list. */
export default function DashboardPage() {
  const { t, i18n } = useLingui();
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

  const { selectedFlightId, selected, select, track, trackPoints, highlightedPoint, onHover, mapError } = useSelectedFlight(flights, list.isFetching);
  const actions = useFlightActions(flights, selected, reset);
  useArrowKeySelection(flights, selectedFlightId, actions.confirm !== null || adding);
  const selectWhenListed = useSelectWhenListed(flights, select);

  /** The new flight is shown selected in its month, once the months know it. */
  const onAdded = async (added: FlightSummary) => {
    setAdding(false);
    await months.refetch();
    if (added.startTime) choose(monthIn(added.startTime, added.timeZone));
    selectWhenListed(added.id);
  };

  const heading = selected ? localDateTime(selected.startTime, i18n.locale, selected.timeZone) : t`Flight`;

  return (
    <div>
      <h1 style={{ marginTop: 0 }}>{t`Overview`}</h1>
      <Stack>
        <Upload />
        <Button type="button" $variant="secondary" style={{ alignSelf: 'flex-start' }} onClick={() => setAdding(true)}>
          <Trans>Add flight without a track</Trans>
        </Button>
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
        </Panel>
        <Layout>
          <Panel as="section" aria-label={t`Selected flight`}>
            {selected?.source === 'manual' ? (
              <>
                <Heading>{heading}</Heading>
                <NoTrack />
              </>
            ) : (
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
            )}
            {selected && (
              <>
                {selected.source !== 'manual' && (
                  <>
                    <SubHeading>
                      <Trans>Height Profile</Trans>
                    </SubHeading>
                    {track.features ? (
                      <HeightGraph points={trackPoints} timeZone={selected.timeZone} onHover={onHover} />
                    ) : (
                      <p style={{ margin: 0 }}>{track.loading ? '…' : <Trans>No height data available</Trans>}</p>
                    )}
                  </>
                )}
                <SubHeading>
                  <Trans>Flight details</Trans>
                </SubHeading>
                <FlightDetails
                  flight={selected}
                  onReasonChange={actions.changeReason}
                  onDelete={() => actions.askDelete(selected)}
                  onDownload={actions.download}
                  busy={actions.busy}
                />
                <SubHeading>
                  <Trans>Logbook</Trans>
                </SubHeading>
                <LogbookFields flight={selected} />
              </>
            )}
          </Panel>
          <ListPanel as="section" aria-label={t`Flight list`}>
            <FlightList flights={flights} selectedId={selectedFlightId} onSelect={select} onPress={prefetchTrack} loading={list.loading} error={list.error} />
          </ListPanel>
        </Layout>
      </Stack>
      {adding && <AddFlightDialog onClose={() => setAdding(false)} onAdded={(f) => void onAdded(f)} />}
      {actions.confirm && <DeleteConfirmation confirm={actions.confirm} onCancel={actions.cancel} onConfirm={actions.confirmed} />}
    </div>
  );
}

import { Trans, useLingui } from '@lingui/react/macro';
import { forwardRef, memo } from 'react';
import styled from 'styled-components';
import type { FlightSummary } from '../../../contract/flights';
import { errorMessage } from '../../api/base';
import { HeightGraph } from '../../components/height-graph/HeightGraph';
import { NoTrack } from '../../components/logbook/NoTrack';
import { MapPanel } from '../../components/map/MapPanel';
import { Card } from '../../components/ui';
import { LogbookFields } from '../../features/logbook/LogbookFields';
import { useHighlightedTrack } from '../../features/flightSelection/useHighlightedTrack';
import { localDateTime } from '../../format/format';
import { FlightDetails } from './FlightDetails';

const Panel = styled(Card)`
  padding: 16px;
  min-width: 0;
  scroll-margin-top: 72px;
`;

const Heading = styled.h2`
  font-size: 17px;
  margin: 0;
`;

const SubHeading = styled.h3`
  font-size: 15px;
  margin: 16px 0 6px;
`;

export interface SelectedFlightActions {
  changeReason: (reason: number) => void;
  askDelete: (flight: FlightSummary) => void;
  download: () => void;
}

interface Props {
  selected: FlightSummary | null;
  /** Callbacks that never change, so a new selection in the list does not redraw this panel at once. */
  actions: SelectedFlightActions;
  busy: boolean;
}

/**
 * docs/product.md §2 Dashboard: the map, height profile, details and logbook fields of the selected flight.
 * Memoised and given the selection deferred (DashboardPage), so an arrow key paints the list's new
 * selection first and the map and graph follow (82 ms per key at 10,000 flights).
 */
export const SelectedFlightPanel = memo(
  forwardRef<HTMLElement, Props>(function SelectedFlightPanel({ selected, actions, busy }, ref) {
    const { t, i18n } = useLingui();
    const { track, points, highlightedPoint, onHover } = useHighlightedTrack(selected?.source === 'manual' ? null : selected);
    const mapError = track.failed ? t`Flight processing failed` : track.error ? errorMessage(track.error, t`Failed to load the flight path`) : null;
    const heading = selected ? localDateTime(selected.startTime, i18n.locale, selected.timeZone) : t`Flight`;

    return (
      <Panel as="section" ref={ref} aria-label={t`Selected flight`}>
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
                  <HeightGraph points={points} timeZone={selected.timeZone} onHover={onHover} />
                ) : (
                  <p style={{ margin: 0 }}>{track.loading ? '…' : <Trans>No height data available</Trans>}</p>
                )}
              </>
            )}
            <SubHeading>
              <Trans>Flight details</Trans>
            </SubHeading>
            <FlightDetails flight={selected} onReasonChange={actions.changeReason} onDelete={() => actions.askDelete(selected)} onDownload={actions.download} busy={busy} />
            <SubHeading>
              <Trans>Logbook</Trans>
            </SubHeading>
            <LogbookFields flight={selected} />
          </>
        )}
      </Panel>
    );
  }),
);

import { Trans } from '@lingui/react/macro';
import styled from 'styled-components';
import type { FlightSummary } from '../../../contract/flights';
import type { TrackPoint } from '../../../contract/uploads';
import { LogbookFields } from '../../features/logbook/LogbookFields';
import { Card } from '../../components/ui';

const Section = styled(Card)`
  margin-bottom: 16px;
  h2 { font-size: 17px; margin: 0 0 10px; }
`;

/** On the flight page (docs/app.md, The pilot's logbook): glider, launch and landing site, notes. A new site is placed at the track's ends. */
export function LogbookSection({ flight, points }: { flight: FlightSummary; points?: readonly TrackPoint[] }) {
  const first = points?.[0];
  const last = points?.[points.length - 1];
  return (
    <Section aria-labelledby="flight-logbook">
      <h2 id="flight-logbook">
        <Trans>Logbook</Trans>
      </h2>
      <LogbookFields flight={flight} takeoff={first ?? null} landing={last ?? null} />
    </Section>
  );
}

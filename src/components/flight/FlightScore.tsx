import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { FlightDetail } from '../../../contract/flights';
import { SCORING_RULE_NAMES } from '../../../contract/scoring';
import { decimal } from '../../format/format';

const FLIGHT_TYPES: Record<string, MessageDescriptor> = {
  od: msg`Free distance`,
  oar: msg`Out and return`,
  tri: msg`Flat triangle`,
  fai: msg`FAI triangle`,
};

/** The score and flight type under the league the flight was scored with. */
export function FlightScore({ flight }: { flight: Pick<FlightDetail, 'xcPoints' | 'flightCode' | 'scoringRules' | 'windowCorrected'> }) {
  const { i18n } = useLingui();
  if (flight.xcPoints === null) return null;
  const type = flight.flightCode && FLIGHT_TYPES[flight.flightCode] ? i18n._(FLIGHT_TYPES[flight.flightCode]!) : flight.flightCode ?? '';
  const points = decimal(flight.xcPoints, 2);
  const league = flight.scoringRules ? SCORING_RULE_NAMES[flight.scoringRules] : '';
  return (
    <p data-testid="flight-score">
      <strong>
        <Trans>
          {points} points, {type}
        </Trans>
      </strong>
      {league && (
        <>
          {' · '}
          <Trans>scored under {league}</Trans>
        </>
      )}
      {flight.windowCorrected && (
        <>
          {' · '}
          <Trans>takeoff and landing set by the pilot</Trans>
        </>
      )}
    </p>
  );
}

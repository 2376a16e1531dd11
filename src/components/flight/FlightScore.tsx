import { Trans, useLingui } from '@lingui/react/macro';
import type { FlightDetail } from '../../../contract/flights';
import { decimal } from '../../format/format';
import { flightTypeName, leagueName } from '../../format/scoring-names';

/** The score and flight type under the league the flight was scored with. */
export function FlightScore({ flight }: { flight: Pick<FlightDetail, 'xcPoints' | 'flightCode' | 'scoringRules' | 'windowCorrected'> }) {
  const { i18n } = useLingui();
  if (flight.xcPoints === null) return null;
  const type = flight.flightCode ? flightTypeName(flight.flightCode, i18n) : '';
  const points = decimal(flight.xcPoints, 2);
  const league = flight.scoringRules ? leagueName(flight.scoringRules, i18n) : '';
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

import { Trans, useLingui } from '@lingui/react/macro';
import type { FlightDetail } from '../../../contract/flights';
import { decimal } from '../../format/format';
import { flightTypeName, leagueName } from '../../format/scoring-names';

/**
 * The score and flight type under the league the flight was scored with, and whether the score is
 * proven optimal or the best found so far (a background job continues the proof: docs/scoring.md).
 */
export function FlightScore({ flight }: { flight: Pick<FlightDetail, 'xcPoints' | 'flightCode' | 'scoringRules' | 'windowCorrected' | 'xcProven'> }) {
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
      {flight.xcProven !== null && (
        <>
          {' · '}
          <span data-testid="score-proof">{flight.xcProven ? <Trans>proven optimal</Trans> : <Trans>best found so far</Trans>}</span>
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

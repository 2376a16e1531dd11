import { Trans, useLingui } from '@lingui/react/macro';
import type { FlightPhases, Glide, Thermal } from '../../../contract/phases';
import styled from 'styled-components';
import { Alert, Spinner, VisuallyHidden } from '../ui';
import { errorMessage } from '../../format/error-message';
import { decimal } from '../../format/format';
import { altitude, climb, distance, speed } from '../../format/units';
import { useUnits } from '../units';
import { glideRank, thermalRank } from './best-phases';
import { PhaseTable, type PhaseColumn } from './PhaseTable';

const Summary = styled.dl`
  display: flex;
  flex-wrap: wrap;
  gap: 8px 24px;
  margin: 0 0 14px;
  div { min-width: 120px; }
  dt { font-size: 13px; color: ${(p) => p.theme.muted}; }
  dd { margin: 2px 0 0; font-size: 18px; font-weight: 700; }
`;

const ratio = (v: number | null) => (v === null ? '–' : `${decimal(v, 1)} : 1`);

/**
 * Beyond this distance per metre of height the ratio says more about a nearly level stretch (ridge lift,
 * weak lift on the way) than about the glide: no free-flight wing glides that far, even with a tail wind
 * (docs/app.md, "Glides").
 */
export const MAX_PLAUSIBLE_GLIDE_RATIO = 40;

/** "—" where a number would mislead, with the reason as a tooltip and for screen readers. */
function NotShown({ reason }: { reason: string }) {
  return (
    <span title={reason}>
      <span aria-hidden="true">—</span>
      <VisuallyHidden>{reason}</VisuallyHidden>
    </span>
  );
}

export interface PhasesSectionProps {
  phases: FlightPhases | undefined;
  loading: boolean;
  error: unknown;
  timeZone: string | null;
  /** The moment highlighted on the map or the profile (ms), to mark the row it falls in. */
  highlightedTime: number | null;
  /** Hovering or focusing a row highlights its start on the map and profile; null when it ends. */
  onHighlight: (ms: number | null) => void;
  /** A row was clicked: the page brings the map into view. */
  onSelect?: (ms: number) => void;
}

/** Thermals and glides of a flight with the summary; rows and the map and profile highlight each other. */
export function PhasesSection({ phases, loading, error, timeZone, highlightedTime, onHighlight, onSelect }: PhasesSectionProps) {
  const { t } = useLingui();
  const units = useUnits();
  if (loading) return <Spinner />;
  if (!phases) return <Alert $tone="info">{errorMessage(error, t`Thermals and glides are not available for this flight yet.`)}</Alert>;

  const { summary } = phases;
  const rate = (v: number | null | undefined) => (v === null || v === undefined ? '–' : climb(v, units));
  const thermalColumns: PhaseColumn<Thermal>[] = [
    { header: t`Entry`, cell: (th) => altitude(th.entryAltitude, units) },
    { header: t`Gain`, cell: (th) => altitude(th.gain, units) },
    { header: t`Average climb`, cell: (th) => rate(th.averageClimb) },
    { header: t`Best climb`, cell: (th) => rate(th.maxClimb) },
    { header: t`Turns`, cell: (th) => `${Math.round(th.turns)} ${th.direction === 'left' ? t`left` : th.direction === 'right' ? t`right` : t`mixed`}` },
    { header: t`Wind`, cell: (th) => (th.windSpeed === null || th.windDirection === null ? '–' : `${speed(th.windSpeed, 0, units)} ${Math.round(th.windDirection)}°`) },
  ];
  const glideColumns: PhaseColumn<Glide>[] = [
    { header: t`Distance`, cell: (g) => distance(g.distance, 1, units) },
    { header: t`Speed`, cell: (g) => speed(g.averageSpeed, 0, units) },
    // A stretch that lost no height is not a glide: it reads "level" and has no ratio.
    { header: t`Height lost`, cell: (g) => (g.altitudeLoss <= 0 ? t`level` : altitude(g.altitudeLoss, units)) },
    {
      header: t`Glide ratio`,
      cell: (g) =>
        g.altitudeLoss <= 0 ? (
          <NotShown reason={t`No height was lost on this stretch, so it has no glide ratio.`} />
        ) : g.glideRatio !== null && g.glideRatio > MAX_PLAUSIBLE_GLIDE_RATIO ? (
          <NotShown reason={t`Too little height was lost on this stretch for a meaningful glide ratio (more than ${MAX_PLAUSIBLE_GLIDE_RATIO} : 1).`} />
        ) : (
          ratio(g.glideRatio)
        ),
    },
  ];
  const highlight = { timeZone, highlightedTime, onHighlight, onSelect };
  const thermalCount = phases.thermals.length;
  const glideCount = phases.glides.length;

  return (
    <div data-testid="phases">
      <Summary>
        <div>
          <dt>
            <Trans>Time circling</Trans>
          </dt>
          <dd>{Math.round(summary.circlingShare * 100)} %</dd>
        </div>
        <div>
          <dt>
            <Trans>Thermals</Trans>
          </dt>
          <dd>{summary.thermalCount}</dd>
        </div>
        <div>
          <dt>
            <Trans>Average climb</Trans>
          </dt>
          <dd>{rate(summary.averageThermalClimb)}</dd>
        </div>
        <div>
          <dt>
            <Trans>Best thermal</Trans>
          </dt>
          <dd>{rate(summary.bestThermalClimb)}</dd>
        </div>
        <div>
          <dt>
            <Trans>Glide ratio</Trans>
          </dt>
          {/* The flight's ratio follows the table's rule: a flight whose glides lost almost no height has none worth reading. */}
          <dd>
            {summary.glideRatio !== null && summary.glideRatio > MAX_PLAUSIBLE_GLIDE_RATIO ? (
              <NotShown reason={t`Too little height was lost on this flight’s glides for a meaningful glide ratio (more than ${MAX_PLAUSIBLE_GLIDE_RATIO} : 1).`} />
            ) : (
              ratio(summary.glideRatio)
            )}
          </dd>
        </div>
      </Summary>

      <PhaseTable caption={<Trans>Thermals</Trans>} testId="thermal" phases={phases.thermals} columns={thermalColumns} rank={thermalRank} showAllLabel={t`Show all ${thermalCount} thermals`} {...highlight} />
      <PhaseTable caption={<Trans>Glides</Trans>} testId="glide" phases={phases.glides} columns={glideColumns} rank={glideRank} showAllLabel={t`Show all ${glideCount} glides`} {...highlight} />
    </div>
  );
}

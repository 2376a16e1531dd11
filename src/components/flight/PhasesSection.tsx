import { Trans, useLingui } from '@lingui/react/macro';
import type { FlightPhases, Glide, Thermal } from '../../../contract/phases';
import styled from 'styled-components';
import { Alert, Spinner } from '../ui';
import { errorMessage } from '../../api/base';
import { zoneClock } from './zone-time';

const TableWrap = styled.div`
  overflow-x: auto;
  margin-bottom: 14px;
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 14px;
  caption { text-align: left; font-weight: 700; margin-bottom: 6px; }
  th, td { padding: 6px 8px; text-align: right; white-space: nowrap; border-bottom: 1px solid ${(p) => p.theme.border}; }
  th:first-child, td:first-child { text-align: left; }
  thead th { color: ${(p) => p.theme.muted}; font-weight: 600; }
  tbody tr { cursor: default; }
  tbody tr:focus-visible { outline: 2px solid ${(p) => p.theme.primary}; outline-offset: -2px; }
  tbody tr[data-active='true'] { background: ${(p) => p.theme.surfaceAlt}; }
`;

const Summary = styled.dl`
  display: flex;
  flex-wrap: wrap;
  gap: 8px 24px;
  margin: 0 0 14px;
  div { min-width: 120px; }
  dt { font-size: 13px; color: ${(p) => p.theme.muted}; }
  dd { margin: 2px 0 0; font-size: 18px; font-weight: 700; }
`;

const one = (v: number | null | undefined, unit: string) => (v === null || v === undefined ? '–' : `${v.toFixed(1)} ${unit}`);
/** Minutes and seconds (m:ss min): thermals and glides last minutes, not hours. */
const duration = (a: string, b: string) => {
  const s = Math.round((Date.parse(b) - Date.parse(a)) / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')} min`;
};
const inside = (ms: number | null, p: { startTime: string; endTime: string }) => ms !== null && ms >= Date.parse(p.startTime) && ms < Date.parse(p.endTime);

export interface PhasesSectionProps {
  phases: FlightPhases | undefined;
  loading: boolean;
  error: unknown;
  timeZone: string | null;
  /** The moment highlighted on the map or the profile (ms), to mark the row it falls in. */
  highlightedTime: number | null;
  /** Hovering or focusing a row highlights its start on the map and profile; null when it ends. */
  onHighlight: (ms: number | null) => void;
}

/** Thermals and glides of a flight with the summary (issue 15); rows and the map and profile highlight each other. */
export function PhasesSection({ phases, loading, error, timeZone, highlightedTime, onHighlight }: PhasesSectionProps) {
  const { t } = useLingui();
  if (loading) return <Spinner />;
  if (!phases) return <Alert $tone="info">{errorMessage(error, t`Thermals and glides are not available for this flight yet.`)}</Alert>;

  const { summary } = phases;
  const rowProps = (p: Thermal | Glide) => ({
    tabIndex: 0,
    'data-active': inside(highlightedTime, p) ? 'true' : undefined,
    onMouseEnter: () => onHighlight(Date.parse(p.startTime)),
    onFocus: () => onHighlight(Date.parse(p.startTime)),
    onMouseLeave: () => onHighlight(null),
    onBlur: () => onHighlight(null),
  });

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
          <dd>{one(summary.averageThermalClimb, 'm/s')}</dd>
        </div>
        <div>
          <dt>
            <Trans>Best thermal</Trans>
          </dt>
          <dd>{one(summary.bestThermalClimb, 'm/s')}</dd>
        </div>
        <div>
          <dt>
            <Trans>Glide ratio</Trans>
          </dt>
          <dd>{summary.glideRatio === null ? '–' : `${summary.glideRatio.toFixed(1)} : 1`}</dd>
        </div>
      </Summary>

      <TableWrap>
        <Table data-testid="thermal-table">
          <caption>
            <Trans>Thermals</Trans>
          </caption>
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">{t`Start`}</th>
              <th scope="col">{t`Duration`}</th>
              <th scope="col">{t`Entry`}</th>
              <th scope="col">{t`Gain`}</th>
              <th scope="col">{t`Average climb`}</th>
              <th scope="col">{t`Best climb`}</th>
              <th scope="col">{t`Turns`}</th>
              <th scope="col">{t`Wind`}</th>
            </tr>
          </thead>
          <tbody>
            {phases.thermals.map((th, i) => (
              <tr key={th.startTime} {...rowProps(th)} data-testid="thermal-row">
                <th scope="row">{i + 1}</th>
                <td>{zoneClock(Date.parse(th.startTime), timeZone)}</td>
                <td>{duration(th.startTime, th.endTime)}</td>
                <td>{Math.round(th.entryAltitude)} m</td>
                <td>{Math.round(th.gain)} m</td>
                <td>{one(th.averageClimb, 'm/s')}</td>
                <td>{one(th.maxClimb, 'm/s')}</td>
                <td>
                  {Math.round(th.turns)} {th.direction === 'left' ? t`left` : th.direction === 'right' ? t`right` : t`mixed`}
                </td>
                <td>{th.windSpeed === null || th.windDirection === null ? '–' : `${Math.round(th.windSpeed)} km/h ${Math.round(th.windDirection)}°`}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </TableWrap>
      <TableWrap>
        <Table data-testid="glide-table">
          <caption>
            <Trans>Glides</Trans>
          </caption>
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">{t`Start`}</th>
              <th scope="col">{t`Duration`}</th>
              <th scope="col">{t`Distance`}</th>
              <th scope="col">{t`Speed`}</th>
              <th scope="col">{t`Height lost`}</th>
              <th scope="col">{t`Glide ratio`}</th>
            </tr>
          </thead>
          <tbody>
            {phases.glides.map((g, i) => (
              <tr key={g.startTime} {...rowProps(g)} data-testid="glide-row">
                <th scope="row">{i + 1}</th>
                <td>{zoneClock(Date.parse(g.startTime), timeZone)}</td>
                <td>{duration(g.startTime, g.endTime)}</td>
                <td>{g.distance.toFixed(1)} km</td>
                <td>{Math.round(g.averageSpeed)} km/h</td>
                <td>{Math.round(g.altitudeLoss)} m</td>
                <td>{g.glideRatio === null ? '–' : `${g.glideRatio.toFixed(1)} : 1`}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </TableWrap>
    </div>
  );
}

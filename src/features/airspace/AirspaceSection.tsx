import type { MessageDescriptor } from '@lingui/core';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import type { AirspaceInfringement } from '../../../contract/airspace';
import type { TrackPoint } from '../../../contract/uploads';
import { errorMessage } from '../../api/base';
import { clockTime } from '../../components/height-graph/height-data';
import { Section } from '../../components/layout';
import { Alert, Button, Input } from '../../components/ui';
import { useUnits } from '../../components/units';
import { altitude, distance, type UnitPreference } from '../../format/units';
import { useSetClearanceMutation, useSetNotActiveMutation } from '../../api/airspace';
import { classColour, className, limitText } from './classes';
import type { FlightAirspaceState } from './useFlightAirspace';

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 14px;
  th, td { text-align: left; padding: 6px 8px; border-bottom: 1px solid ${(p) => p.theme.border}; vertical-align: top; }
  tr[data-cleared='true'] td, tr[data-not-active='true'] td { color: ${(p) => p.theme.muted}; }
  ul { margin: 2px 0 0; padding-left: 18px; }
  @media (max-width: 700px) {
    thead { display: none; }
    tr { display: block; border-bottom: 1px solid ${(p) => p.theme.border}; padding: 6px 0; }
    td { display: block; border: none; padding: 2px 4px; }
  }
`;

const Scroll = styled.div`
  overflow-x: auto;
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 10px;
  align-items: center;
  margin: 8px 0;
`;

const Swatch = styled.span<{ $colour: string }>`
  display: inline-block;
  width: 14px;
  height: 14px;
  border-radius: 3px;
  border: 2px solid ${(p) => p.$colour};
  background: ${(p) => p.$colour}33;
  vertical-align: middle;
  margin-right: 4px;
`;

const Toggle = styled(Button)`
  &[aria-pressed='true'] { background: ${(p) => p.theme.primary}; color: ${(p) => p.theme.primaryText}; }
`;

/** The index of the track point at or just after a time, for the map's and profile's highlight. */
function pointAt(points: readonly TrackPoint[] | undefined, iso: string): number | null {
  if (!points?.length) return null;
  const ms = Date.parse(iso);
  const i = points.findIndex((p) => (p.timestamp ?? 0) >= ms);
  return i >= 0 ? i : null;
}

/** How far inside the border: metres (or hundredths of a mile) when close, else kilometres or miles with one decimal. */
function horizontalText(metres: number, units: UnitPreference): string {
  if (units.distance === 'km') return metres < 1000 ? `${Math.round(metres)} m` : distance(metres / 1000, 1, units);
  return distance(metres / 1000, metres < 1609 ? 2 : 1, units);
}

const Badge = styled.span`
  display: inline-block;
  padding: 1px 6px;
  border-radius: 4px;
  font-size: 12px;
  border: 1px solid ${(p) => p.theme.border};
  margin-top: 2px;
`;

function ClearanceForm({ flightId, infringement, onDone }: { flightId: number; infringement: AirspaceInfringement; onDone: () => void }) {
  const { t } = useLingui();
  const [note, setNote] = useState(infringement.note ?? '');
  const [save, state] = useSetClearanceMutation();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const res = await save({ flightId, index: infringement.index, cleared: true, note });
    if (!('error' in res)) onDone();
  };
  return (
    <form onSubmit={submit} style={{ display: 'flex', flexWrap: 'wrap', gap: 6, marginTop: 4 }}>
      <Input aria-label={t`Clearance note`} placeholder={t`e.g. cleared by ATC, sector not active`} value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} style={{ flex: '1 1 180px' }} />
      <Button type="submit" disabled={state.isLoading}>
        <Trans>Save clearance</Trans>
      </Button>
      <Button type="button" $variant="secondary" onClick={onDone}>
        <Trans>Cancel</Trans>
      </Button>
      {state.isError && (
        <Alert $tone="error" role="alert" style={{ flexBasis: '100%' }}>
          {errorMessage(state.error, t`The clearance could not be saved.`)}
        </Alert>
      )}
    </form>
  );
}

/**
 * The flight page's airspace section (docs/airspace.md): what the check found, with the pilot's
 * clearances; the map legend and its toggle. Hovering or focusing an infringement highlights its
 * entry on the map and the profile, as the thermal table does.
 */
export function AirspaceSection({ flightId, timeZone, airspace, points, onHover }: { flightId: number; timeZone: string | null; airspace: FlightAirspaceState; points: readonly TrackPoint[] | undefined; onHover: (index: number | null) => void }) {
  const { t, i18n } = useLingui();
  const units = useUnits();
  const [editing, setEditing] = useState<number | null>(null);
  const [save, saving] = useSetClearanceMutation();
  const [setNotActive, settingNotActive] = useSetNotActiveMutation();
  const answer = airspace.check.currentData;
  if (!airspace.withTrack) return null;
  const tr = (d: MessageDescriptor) => i18n._(d);
  const open = answer?.notCleared ?? 0;
  const toCheck = answer?.toCheck ?? 0;
  const clock = (iso: string) => clockTime(Date.parse(iso), timeZone);
  return (
    <Section aria-labelledby="airspace-title" data-testid="airspace-section">
      <h2 id="airspace-title">
        <Trans>Airspace</Trans>
      </h2>
      {airspace.check.isError ? (
        // The airspace never blocks the flight page: a failed load is said here, quietly.
        <p>{errorMessage(airspace.check.error, t`The airspace check could not be loaded.`)}</p>
      ) : !answer ? null : !answer.checked ? (
        <p>
          <Trans>This flight has not been checked against airspace yet.</Trans>
        </p>
      ) : answer.infringements.length === 0 ? (
        <p>
          <Trans>No airspace infringement.</Trans>
        </p>
      ) : (
        <>
          <p data-testid="airspace-summary">
            <Plural value={open} _0="Every infringement is cleared." one="# infringement not cleared." other="# infringements not cleared." />
            {toCheck > 0 && (
              <>
                {' '}
                <Plural value={toCheck} one="# airspace to check whether it was active." other="# airspaces to check whether they were active." />
              </>
            )}
          </p>
          <Scroll>
            <Table>
              <thead>
                <tr>
                  <th scope="col"><Trans>Airspace</Trans></th>
                  <th scope="col"><Trans>Floor – ceiling</Trans></th>
                  <th scope="col"><Trans>Inside</Trans></th>
                  <th scope="col"><Trans>Deepest</Trans></th>
                  <th scope="col"><Trans>Clearance</Trans></th>
                </tr>
              </thead>
              <tbody>
                {answer.infringements.map((inf) => {
                  const highlight = () => onHover(pointAt(points, inf.entry));
                  const used = inf.altitudeUsed === 'pressure' ? t`pressure altitude` : inf.altitudeUsed === 'agl' ? t`height above ground` : t`GPS altitude`;
                  const inside = horizontalText(inf.horizontalMetres, units);
                  const vertical = altitude(inf.verticalMetres, units);
                  const unknown = inf.activation === 'unknown';
                  // The file's words; a class that is only sometimes active is said with its name ("Q (Danger)").
                  const reason = inf.activationReason === inf.class ? className(inf.class, tr) : (inf.activationReason ?? '');
                  return (
                    <tr key={inf.index} data-cleared={inf.cleared} data-not-active={inf.notActive} data-activation={inf.activation} data-testid="airspace-infringement" onMouseEnter={highlight} onMouseLeave={() => onHover(null)} onFocus={highlight}>
                      <td>
                        <Swatch $colour={classColour(inf.class)} aria-hidden="true" />
                        <strong>{inf.name}</strong> · {className(inf.class, tr)}
                        {unknown && (
                          <div>
                            <Badge data-testid="airspace-activation">
                              {inf.notActive ? <Trans>Not active that day (your word)</Trans> : <Trans>Check whether it was active ({reason})</Trans>}
                            </Badge>
                          </div>
                        )}
                      </td>
                      <td>
                        {limitText(inf.floor, tr)} – {limitText(inf.ceiling, tr)}
                      </td>
                      <td>
                        {clock(inf.entry)} – {clock(inf.exit)}
                        {inf.passages.length > 1 && (
                          <>
                            <div>
                              <Plural value={inf.passages.length} one="# passage" other="# passages" />
                            </div>
                            <ul aria-label={t`Passages through ${inf.name}`}>
                              {inf.passages.map((p) => (
                                <li key={p.entry}>
                                  {clock(p.entry)} – {clock(p.exit)}
                                </li>
                              ))}
                            </ul>
                          </>
                        )}
                      </td>
                      <td data-testid="airspace-depth">
                        {inf.verticalLimit === 'ceiling' ? (
                          <Trans>
                            {inside} inside, {vertical} below the ceiling ({used})
                          </Trans>
                        ) : inf.verticalLimit === 'floor' ? (
                          <Trans>
                            {inside} inside, {vertical} above the floor ({used})
                          </Trans>
                        ) : (
                          <Trans>{inside} inside</Trans>
                        )}
                      </td>
                      <td>
                        {unknown && !inf.cleared && (
                          <div style={{ marginBottom: 4 }}>
                            {inf.notActive ? (
                              <Button type="button" $variant="secondary" disabled={settingNotActive.isLoading} onClick={() => setNotActive({ flightId, index: inf.index, notActive: false })} aria-label={t`It may have been active: ${inf.name}`}>
                                <Trans>Undo</Trans>
                              </Button>
                            ) : (
                              <Button type="button" $variant="secondary" disabled={settingNotActive.isLoading} onClick={() => setNotActive({ flightId, index: inf.index, notActive: true })} aria-label={t`Not active that day: ${inf.name}`}>
                                <Trans>Not active that day</Trans>
                              </Button>
                            )}
                          </div>
                        )}
                        {inf.notActive ? null : inf.cleared ? (
                          <>
                            <Trans>Cleared</Trans>
                            {inf.note ? `: ${inf.note}` : ''}{' '}
                            <Button type="button" $variant="secondary" disabled={saving.isLoading} onClick={() => save({ flightId, index: inf.index, cleared: false, note: inf.note })}>
                              <Trans>Undo</Trans>
                            </Button>
                          </>
                        ) : editing === inf.index ? (
                          <ClearanceForm flightId={flightId} infringement={inf} onDone={() => setEditing(null)} />
                        ) : (
                          <Button type="button" $variant="secondary" onClick={() => setEditing(inf.index)} aria-label={t`Mark cleared: ${inf.name} at ${clock(inf.entry)}`}>
                            <Trans>Mark cleared</Trans>
                          </Button>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </Table>
          </Scroll>
          {settingNotActive.isError && (
            <Alert $tone="error" role="alert">
              {errorMessage(settingNotActive.error, t`This could not be saved.`)}
            </Alert>
          )}
        </>
      )}
      {answer?.notChecked.map((n) => (
        <Alert key={`${n.name}-${n.class}`} $tone="warning" style={{ marginTop: 8 }}>
          <Trans>
            {n.name} ({n.class}): not checked: no terrain data for its height above ground.
          </Trans>
        </Alert>
      ))}
      {airspace.shapeCount > 0 && (
        <Row>
          <Toggle type="button" $variant="secondary" aria-pressed={airspace.shown} onClick={() => airspace.setShown(!airspace.shown)} data-testid="airspace-toggle">
            <Trans>Airspace on the map</Trans>
          </Toggle>
          <span role="list" aria-label={t`Airspace classes`} style={{ display: 'flex', flexWrap: 'wrap', gap: 10 }}>
            {airspace.classes.map((c) => (
              <span role="listitem" key={c}>
                <Swatch $colour={classColour(c)} aria-hidden="true" />
                {className(c, tr)}
              </span>
            ))}
          </span>
          {airspace.truncated && (
            <span>
              <Trans>Only the first 500 airspaces near the track are drawn.</Trans>
            </span>
          )}
        </Row>
      )}
    </Section>
  );
}

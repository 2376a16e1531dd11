import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { AIRCRAFT_CATEGORIES, DEFAULT_AIRCRAFT_CATEGORY, type AircraftCategory } from '../../../contract/aircraft';
import { THERMAL_BOX_MAX_DEGREES, type ThermalCell, type ThermalScope } from '../../../contract/thermals';
import { errorMessage } from '../../api/base';
import { thermalDownloadUrl, useThermalMapQuery, type ThermalMapArgs } from '../../api/thermals';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { Section } from '../../components/layout';
import { Empty, Table, TableWrap } from '../../components/statistics/statistics-blocks';
import { Alert, Hint, Label, Row, Select } from '../../components/ui';
import { CATEGORY_NAMES } from '../../features/aircraft/categoryNames';
import { DownloadLink } from '../../features/downloads/DownloadLink';
import { CLIMB_BANDS, climbColour, NOTHING_COLOUR } from '../../features/thermal-map/climb-scale';
import { ThermalMap } from '../../features/thermal-map/ThermalMap';
import type { Box } from '../../features/thermal-map/thermal-layer';
import { climb } from '../../format/units';

const Filters = styled.form`
  display: flex;
  flex-wrap: wrap;
  gap: 12px 18px;
  align-items: flex-end;
  margin-bottom: 12px;
  fieldset { border: 0; padding: 0; margin: 0; display: flex; gap: 12px; align-items: center; flex-wrap: wrap; }
  legend { font-weight: 500; padding: 0; margin-bottom: 4px; }
  label { min-width: 0; max-width: 100%; }
  select { max-width: 100%; }
`;

const Legend = styled.ul`
  list-style: none;
  display: flex;
  flex-wrap: wrap;
  gap: 6px 16px;
  padding: 0;
  margin: 10px 0;
  font-size: 14px;
  li { display: inline-flex; align-items: center; gap: 6px; }
`;

const Swatch = styled.span<{ $colour: string }>`
  width: 14px;
  height: 14px;
  border-radius: 3px;
  background: ${(p) => p.$colour};
  border: 1px solid ${(p) => p.theme.border};
`;

const SHOWN_SPOTS = 10;
const HOURS = Array.from({ length: 24 }, (_, h) => h);
const MONTHS = Array.from({ length: 12 }, (_, m) => m + 1);
const hourText = (h: number) => `${String(h).padStart(2, '0')}:00`;

/** The box the server is asked for: the view, cut to the widest box it answers, centred on the view. */
function boxParam(box: Box): string {
  const clamp = (lo: number, hi: number) => {
    const mid = (lo + hi) / 2;
    const half = Math.min(hi - lo, THERMAL_BOX_MAX_DEGREES - 0.01) / 2;
    return [mid - half, mid + half];
  };
  const [west, east] = clamp(box.west, box.east);
  const [south, north] = clamp(box.south, box.north);
  return [west, south, east, north].map((v) => v!.toFixed(4)).join(',');
}

/**
 * Where and how well it climbed (docs/thermal-maps.md): filters, legend, map, downloads and the busiest
 * spots. `publicOnly` (the visitors' page, `/thermals/public`) shows the instance's public flights and
 * offers no choice; otherwise the pilot chooses between their own flights and everyone's public ones.
 */
export function ThermalMapView({ publicOnly = false, intro }: { publicOnly?: boolean; intro?: ReactNode }) {
  const { t, i18n } = useLingui();
  useDocumentTitle(publicOnly ? t`Thermal map of public flights` : t`Thermal map`);
  const ids = { scope: useId(), category: useId(), month: useId(), from: useId(), to: useId() };
  const [chosenScope, setScope] = useState<ThermalScope>('mine');
  const scope: ThermalScope = publicOnly ? 'public' : chosenScope;
  const [category, setCategory] = useState<AircraftCategory>(DEFAULT_AIRCRAFT_CATEGORY);
  const [month, setMonth] = useState('');
  const [fromHour, setFromHour] = useState('');
  const [toHour, setToHour] = useState('');
  const [bbox, setBbox] = useState<string | null>(null);
  const moveTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const onMove = useCallback((box: Box) => {
    clearTimeout(moveTimer.current);
    moveTimer.current = setTimeout(() => setBbox(boxParam(box)), 250);
  }, []);
  useEffect(() => () => clearTimeout(moveTimer.current), []);

  const hours = useMemo(() => {
    if (fromHour === '' && toHour === '') return undefined;
    const from = fromHour === '' ? 0 : Number(fromHour);
    const to = toHour === '' ? 23 : Number(toHour);
    return from <= to ? HOURS.filter((h) => h >= from && h <= to) : HOURS.filter((h) => h >= from || h <= to);
  }, [fromHour, toHour]);
  const args: ThermalMapArgs | null = bbox ? { scope, bbox, months: month ? [Number(month)] : undefined, hours, category } : null;
  const query = useThermalMapQuery(args!, { skip: !args });
  const map = query.data;
  const monthName = (m: number) => new Intl.DateTimeFormat(i18n.locale, { month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, m - 1, 1)));
  const download = (ext: 'cup' | 'kml') => (args ? thermalDownloadUrl(ext, args) : '#');

  const thermals = map?.cells.reduce((s, c) => s + c.count, 0) ?? 0;
  const failed = map?.cells.reduce((s, c) => s + c.failedLaunches, 0) ?? 0;
  const spots = useMemo(() => [...(map?.cells ?? [])].filter((c) => c.count > 0).sort((a, b) => b.count - a.count || b.averageClimb! - a.averageClimb!).slice(0, SHOWN_SPOTS), [map]);

  // The same hours for both ends of the range.
  const hourOptions = (
    <>
      <option value="">{t`Any`}</option>
      {HOURS.map((h) => (
        <option key={h} value={h}>
          {hourText(h)}
        </option>
      ))}
    </>
  );

  return (
    <>
      <h1>
        <Trans>Thermal map</Trans>
      </h1>
      <Hint as="p">
        <Trans>Where it climbed and how well, from every thermal the analysis found. Launches that found no climb nearby count too, so the map is not only the good days.</Trans>
      </Hint>
      {intro}
      <Section aria-labelledby="thermal-filters">
        <h2 id="thermal-filters">
          <Trans>Filters</Trans>
        </h2>
        <Filters onSubmit={(e) => e.preventDefault()}>
          {!publicOnly && (
            <Label htmlFor={ids.scope}>
              <Trans>Flights</Trans>
              <Select id={ids.scope} value={scope} onChange={(e) => setScope(e.target.value as ThermalScope)}>
                <option value="mine">{t`My flights (private ones included, only you see them)`}</option>
                <option value="public">{t`Public flights of all pilots`}</option>
              </Select>
            </Label>
          )}
          <Label htmlFor={ids.category}>
            <Trans>Aircraft</Trans>
            <Select id={ids.category} value={category} onChange={(e) => setCategory(e.target.value as AircraftCategory)}>
              {AIRCRAFT_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {i18n._(CATEGORY_NAMES[c])}
                </option>
              ))}
            </Select>
          </Label>
          <Label htmlFor={ids.month}>
            <Trans>Month</Trans>
            <Select id={ids.month} value={month} onChange={(e) => setMonth(e.target.value)}>
              <option value="">{t`Any month`}</option>
              {MONTHS.map((m) => (
                <option key={m} value={m}>
                  {monthName(m)}
                </option>
              ))}
            </Select>
          </Label>
          <Label htmlFor={ids.from}>
            <Trans>From hour</Trans>
            <Select id={ids.from} value={fromHour} onChange={(e) => setFromHour(e.target.value)}>
              {hourOptions}
            </Select>
          </Label>
          <Label htmlFor={ids.to}>
            <Trans>To hour</Trans>
            <Select id={ids.to} value={toHour} onChange={(e) => setToHour(e.target.value)}>
              {hourOptions}
            </Select>
          </Label>
        </Filters>
        <Legend aria-label={t`Average climb`}>
          {CLIMB_BANDS.map((b, i) => {
            const from = climb(b.from);
            const next = CLIMB_BANDS[i + 1];
            const to = next ? climb(next.from) : '';
            return (
              <li key={b.colour}>
                <Swatch $colour={b.colour} aria-hidden="true" />
                {i === 0 ? <Trans>under {to}</Trans> : next ? <Trans>{from} to {to}</Trans> : <Trans>{from} and more</Trans>}
              </li>
            );
          })}
          <li>
            <Swatch $colour={NOTHING_COLOUR} aria-hidden="true" />
            <Trans>launches that found nothing</Trans>
          </li>
        </Legend>
        <ThermalMap cells={map?.cells ?? []} cellSize={map?.cellSize ?? 0.01} onMove={onMove} label={t`Map of thermals`} />
        <p role="status" data-testid="thermal-summary">
          {query.isError ? null : (
            <Trans>
              Thermals in view: {thermals}. Launches that found nothing: {failed}.
            </Trans>
          )}
        </p>
        {query.isError && (
          <Alert $tone="error" role="alert">
            {errorMessage(query.error, t`Failed to load the thermal map`)}
          </Alert>
        )}
        <Row>
          <DownloadLink href={download('cup')} $variant="secondary">
            <Trans>Download hotspots (.cup)</Trans>
          </DownloadLink>
          <DownloadLink href={download('kml')} $variant="secondary">
            <Trans>Download hotspots (.kml)</Trans>
          </DownloadLink>
        </Row>
      </Section>
      <Section aria-labelledby="thermal-spots">
        <h2 id="thermal-spots">
          <Trans>Busiest spots in view</Trans>
        </h2>
        {spots.length ? <SpotTable spots={spots} /> : <Empty>{t`No thermals in view with these filters.`}</Empty>}
      </Section>
    </>
  );
}

function SpotTable({ spots }: { spots: ThermalCell[] }) {
  const { t } = useLingui();
  return (
    // Focusable, so a keyboard can scroll the table sideways at phone width.
    <TableWrap tabIndex={0} role="region" aria-label={t`Busiest spots in view`}>
      <Table aria-label={t`Busiest spots in view`}>
        <thead>
          <tr>
            <th scope="col" className="text">{t`Position`}</th>
            <th scope="col">{t`Thermals`}</th>
            <th scope="col">{t`Average climb`}</th>
            <th scope="col">{t`Best hour`}</th>
            <th scope="col">{t`Launches that found nothing`}</th>
          </tr>
        </thead>
        <tbody>
          {spots.map((c) => (
            <tr key={`${c.latitude},${c.longitude}`}>
              <td className="text">
                <Swatch $colour={climbColour(c.averageClimb)} aria-hidden="true" style={{ display: 'inline-block', marginRight: 6, verticalAlign: -2 }} />
                {c.latitude.toFixed(3)}, {c.longitude.toFixed(3)}
              </td>
              <td>{c.count}</td>
              <td>{c.averageClimb === null ? '–' : climb(c.averageClimb)}</td>
              <td>{c.bestHour === null ? '–' : hourText(c.bestHour)}</td>
              <td>{c.failedLaunches}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </TableWrap>
  );
}

/** `/thermals` (signed in): the pilot's own flights, private ones included, or everyone's public flights. */
export default function ThermalsPage() {
  return <ThermalMapView />;
}

import { useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { climb } from '../../format/units';
import { useUnits } from '../units';
import { CLIMB_BANDS } from './climb-colours';

const List = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 12px;
  margin: 6px 0 0;
  padding: 0;
  list-style: none;
  font-size: 12px;
  color: ${(p) => p.theme.muted};
  li { display: inline-flex; align-items: center; gap: 4px; }
`;

const Swatch = styled.span<{ $colour: string }>`
  display: inline-block;
  width: 14px;
  height: 8px;
  border-radius: 2px;
  background: ${(p) => p.$colour};
`;

/** What each colour of "Colour by climb" means, in the pilot's climb unit (docs/units.md). */
export function ClimbLegend() {
  const { t } = useLingui();
  const units = useUnits();
  return (
    <List aria-label={t`Climb colours`} data-testid="climb-legend">
      {CLIMB_BANDS.map((band, i) => {
        const below = CLIMB_BANDS[i - 1]?.upTo;
        const label = below === undefined ? `≤ ${climb(band.upTo, units)}` : band.upTo === Infinity ? `> ${climb(below, units)}` : `${climb(below, units)} … ${climb(band.upTo, units)}`;
        return (
          <li key={band.colour}>
            <Swatch $colour={band.colour} aria-hidden="true" />
            {label}
          </li>
        );
      })}
    </List>
  );
}

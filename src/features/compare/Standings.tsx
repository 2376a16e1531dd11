import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { Table, TableWrap } from '../../components/statistics/statistics-blocks';
import { km, metres } from '../../format/format';
import { flightColour } from './colours';
import type { Standing } from './replay';

const Swatch = styled.span<{ $colour: string }>`
  display: inline-block;
  width: 12px;
  height: 12px;
  border-radius: 50%;
  margin-right: 6px;
  vertical-align: -1px;
  background: ${(p) => p.$colour};
  border: 1px solid ${(p) => p.theme.border};
`;

/** A height gap in the pilot's altitude unit with its sign: '+120 m', '−394 ft', '±0 m'. */
const signed = (value: number) => `${value > 0 ? '+' : value < 0 ? '−' : '±'}${metres(Math.abs(value))}`;

/** Where everyone is at the replay's moment, the leader first, with each pilot's gap to the leader. */
export function Standings({ standings }: { standings: readonly Standing[] }) {
  const { t } = useLingui();
  return (
    // Focusable, so a keyboard can scroll the table sideways at phone width.
    <TableWrap tabIndex={0} role="region" aria-label={t`Standings`}>
      <Table aria-label={t`Standings`}>
        <thead>
          <tr>
            <th scope="col" className="text">{t`Pilot`}</th>
            <th scope="col">{t`Height`}</th>
            <th scope="col">{t`From takeoff`}</th>
            <th scope="col">{t`Behind the leader`}</th>
            <th scope="col">{t`Height to the leader`}</th>
          </tr>
        </thead>
        <tbody>
          {standings.map((s) => (
            <tr key={s.flight.ref}>
              <td className="text">
                <Swatch $colour={flightColour(s.flight.colourIndex)} aria-hidden="true" />
                {s.label}
                {s.leader && (
                  <strong>
                    {' '}
                    <Trans>(leader)</Trans>
                  </strong>
                )}
                {s.state === 'waiting' && (
                  <span>
                    {' '}
                    <Trans>(not yet flying)</Trans>
                  </span>
                )}
                {s.state === 'landed' && (
                  <span>
                    {' '}
                    <Trans>(landed)</Trans>
                  </span>
                )}
              </td>
              <td>{metres(s.altitude)}</td>
              <td>{km(s.distance, 1)}</td>
              <td>{s.leader || s.state === 'waiting' ? '–' : km(s.distanceGap, 1)}</td>
              <td>{s.leader || s.state === 'waiting' ? '–' : signed(s.heightGap)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </TableWrap>
  );
}

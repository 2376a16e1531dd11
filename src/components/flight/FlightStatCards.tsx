import { useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import type { FlightDetail } from '../../../contract/flights';
import { Card } from '../ui';
import { manualCards } from './manual-cards';
import { statCards } from './stat-cards';
import { useUnits } from '../units';

/** The grid of stat cards (also the flight page's loading skeleton) and one card. */
export const Cards = styled.div`
  display: grid;
  grid-template-columns: repeat(4, minmax(0, 1fr));
  @media (max-width: 700px) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  gap: 12px;
  margin: 0 0 16px;
`;

export const Stat = styled(Card)`
  padding: 14px 16px;
  dt { font-size: 13px; color: ${(p) => p.theme.muted}; }
  dd { margin: 4px 0 0; font-size: 22px; font-weight: 700; }
`;

type CardFlight = Partial<FlightDetail> & Pick<FlightDetail, 'source' | 'flightTime' | 'distance'>;

/** The flight's stat cards: eight for a track, two for a flight added by hand (also on shared flights). */
export function FlightStatCards({ flight }: { flight: CardFlight }) {
  const { i18n } = useLingui();
  const units = useUnits();
  return (
    <Cards as="dl">
      {(flight.source === 'manual' ? manualCards(flight) : statCards(flight, units)).map((card) => (
        <Stat key={card.key} as="div">
          <dt>{i18n._(card.label)}</dt>
          <dd>{card.value}</dd>
        </Stat>
      ))}
    </Cards>
  );
}

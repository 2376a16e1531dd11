import { useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { clampTier, TIER_COLOURS, tierLabel } from './catalogue';

const Pill = styled.span<{ $colour: string }>`
  display: inline-flex;
  align-items: center;
  gap: 4px;
  padding: 2px 10px;
  border-radius: 999px;
  font-size: 12px;
  font-weight: 700;
  letter-spacing: 0.02em;
  color: #1c2430;
  background: ${(p) => p.$colour};
  border: 1px solid rgba(0, 0, 0, 0.15);
`;

/** Bronze to Diamond, in its colour. */
export function TierBadge({ level }: { level: number }) {
  const { i18n } = useLingui();
  const tier = clampTier(level);
  return (
    <Pill $colour={TIER_COLOURS[tier]!} data-tier={tier}>
      {tierLabel(tier, i18n)}
    </Pill>
  );
}

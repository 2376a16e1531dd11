import { useLingui } from '@lingui/react/macro';
import styled from 'styled-components';

const Badge = styled.span`
  display: inline-block;
  margin-left: 6px;
  padding: 0 6px;
  border-radius: 9px;
  font-size: 12px;
  font-weight: 700;
  line-height: 18px;
  color: ${(p) => p.theme.warningText};
  background: ${(p) => p.theme.warning};
  border: 1px solid ${(p) => p.theme.warningText};
`;

/** The flight list's flag: how many airspace infringements the pilot has not cleared (nothing when none or not checked). */
export function AirspaceFlag({ count }: { count: number | null }) {
  const { t } = useLingui();
  if (!count) return null;
  const label = count === 1 ? t`1 airspace infringement` : t`${count} airspace infringements`;
  return (
    <Badge title={label} aria-label={label} data-testid="airspace-flag">
      {'\u26A0'} {count}
    </Badge>
  );
}

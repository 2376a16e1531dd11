import { Plural } from '@lingui/react/macro';
import styled from 'styled-components';
import { VisuallyHidden } from '../../components/ui';

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
  if (!count) return null;
  return (
    <Badge data-testid="airspace-flag">
      <span aria-hidden="true">
        {'\u26A0'} {count}
      </span>
      <VisuallyHidden>
        <Plural value={count} one="# airspace infringement" other="# airspace infringements" />
      </VisuallyHidden>
    </Badge>
  );
}
